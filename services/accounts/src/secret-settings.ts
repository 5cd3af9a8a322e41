/**
 * Secrets may come from the environment directly (NAME) or from a file the orchestrator mounts
 * (NAME_FILE, the Docker and Kubernetes secrets convention), so they need not sit in the
 * process environment or the database.
 */
import { readFileSync } from 'node:fs';

/** The value of `name`, else the content of the file `${name}_FILE` names; undefined when neither is set. */
export function secretSetting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const direct = env[name] || undefined;
  const file = env[`${name}_FILE`] || undefined;
  if (direct && file) throw new Error(`set ${name} or ${name}_FILE, not both`);
  if (!file) return direct;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`${name}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  // Secret files usually end with a newline that is no part of the secret.
  const value = text.trim();
  if (!value) throw new Error(`${name}_FILE: ${file} is empty`);
  return value;
}
