/**
 * Where Debian's `nats-server` is: the test suites and `npm run start:cluster` both start one.
 * Debian installs it in /usr/sbin, which a non-root PATH often lacks.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function findNatsServer(): string | undefined {
  if (existsSync('/usr/sbin/nats-server')) return '/usr/sbin/nats-server';
  const which = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() || undefined : undefined;
}
