import { loadMigrations, type Migration } from '@mtp/platform';
import { fileURLToPath } from 'node:url';

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

export function tasksMigrations(): Promise<Migration[]> {
  return loadMigrations('tasks', MIGRATIONS_DIR);
}
