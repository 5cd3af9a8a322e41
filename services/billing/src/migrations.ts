import { loadMigrations, type Migration } from '@mtp/platform';
import { fileURLToPath } from 'node:url';
import { catalogueSeedMigration } from './catalogue-seed';

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * The billing tables; they reference `users`, so run them after the accounts migrations. The
 * catalogue's rows follow the migration that creates their table (they come from constants).
 */
export async function billingMigrations(): Promise<Migration[]> {
  const files = await loadMigrations('billing', MIGRATIONS_DIR);
  const at = files.findIndex((m) => m.id === 'billing/002_commerce.sql');
  return [...files.slice(0, at + 1), catalogueSeedMigration(), ...files.slice(at + 1)];
}
