/**
 * The Node.js the project promises (package.json `engines`, the README's quick start, the start
 * scripts' check) is one every locked package supports: npm warned at every install that
 * cookie@2 (through fastify's light-my-request) needs Node 22 while the README said Node 20.
 * A dependency update that raises the floor fails here until the promise is raised with it.
 */
import { REPO_ROOT } from '@mtp/gateway';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const promised: string = JSON.parse(read('package.json')).engines.node;
const oldest = semver.minVersion(promised)!;

describe('the Node.js version the project promises', () => {
  it('is supported by every package in the lock', () => {
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([, pkg]) => {
        // A few old packages write engines as an array of strings, which npm ignores.
        const range = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
        return range !== undefined && !semver.satisfies(oldest, range);
      })
      .map(([where, pkg]) => `${where || 'package.json'}@${pkg.version} wants node ${(pkg.engines as { node: string }).node}`);
    expect(refusing, `package.json promises node ${promised}`).toEqual([]);
  });

  it('is the one the README and the start scripts name', () => {
    const majorMinor = `${oldest.major}.${oldest.minor}`;
    expect(read('README.md')).toContain(`Node.js ${majorMinor} or newer`);
    const lib = read('scripts/lib.sh');
    expect(lib).toContain(`NODE_MIN_MAJOR=${oldest.major}\n`);
    expect(lib).toContain(`NODE_MIN_MINOR=${oldest.minor}\n`);
  });
});
