import { loadMigrations, type Migration } from '@mtp/platform';
import { fileURLToPath } from 'node:url';

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

export function accountsMigrations(): Promise<Migration[]> {
  return loadMigrations('accounts', MIGRATIONS_DIR);
}
