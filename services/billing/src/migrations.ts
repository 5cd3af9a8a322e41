import { loadMigrations, type Migration } from '@mtp/platform';
import { fileURLToPath } from 'node:url';

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

/** The billing tables; they reference `users`, so run them after the accounts migrations. */
export function billingMigrations(): Promise<Migration[]> {
  return loadMigrations('billing', MIGRATIONS_DIR);
}
