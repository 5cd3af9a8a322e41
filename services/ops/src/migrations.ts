import { loadMigrations, type Migration } from '@mtp/platform';
import { fileURLToPath } from 'node:url';

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

/** The operations tables (rate-limit counters); they reference no other service's tables. */
export function opsMigrations(): Promise<Migration[]> {
  return loadMigrations('ops', MIGRATIONS_DIR);
}
