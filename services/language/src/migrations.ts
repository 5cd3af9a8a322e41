import { loadMigrations, type Migration } from '@mtp/platform';
import { fileURLToPath } from 'node:url';

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

/** The TM and termbase tables; they reference `users` and `sites`, so run them after the accounts migrations. */
export function languageMigrations(): Promise<Migration[]> {
  return loadMigrations('language', MIGRATIONS_DIR);
}
