/**
 * A small Dockerfile reader for the image tests: no Docker engine runs here, so the images are
 * checked by reading them. Line continuations are joined, comments dropped, and each
 * instruction keeps the build stage it belongs to.
 */
import fs from 'node:fs';
import path from 'node:path';

export type Instruction = { op: string; args: string; stage: number };
export type Dockerfile = { file: string; instructions: Instruction[]; stages: (string | undefined)[] };

export function readDockerfile(file: string): Dockerfile {
  const joined = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => !/^\s*#/.test(l))
    .join('\n')
    .replace(/\\\n/g, ' ');
  const instructions: Instruction[] = [];
  const stages: (string | undefined)[] = [];
  for (const line of joined.split('\n')) {
    const m = /^\s*([A-Za-z]+)\s+(.*)$/.exec(line);
    if (!m) continue;
    const op = m[1]!.toUpperCase();
    if (op === 'FROM') stages.push(/\sAS\s+(\S+)/i.exec(m[2]!)?.[1]);
    instructions.push({ op, args: m[2]!.trim(), stage: stages.length - 1 });
  }
  return { file, instructions, stages };
}

/** COPY/ADD sources and flags: `COPY --from=build /app /app` -> from "build", sources ["/app"]. */
export function copyParts(args: string): { from?: string; sources: string[]; dest: string } {
  const words = args.split(/\s+/).filter(Boolean);
  const flags = words.filter((w) => w.startsWith('--'));
  const rest = words.filter((w) => !w.startsWith('--'));
  const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
  return { from, sources: rest.slice(0, -1), dest: rest[rest.length - 1]! };
}

/** Whether .dockerignore leaves a path (relative to the context) out: its rules, last match wins. */
export function ignoredBy(rules: string[], rel: string): boolean {
  let ignored = false;
  for (const rule of rules) {
    const negate = rule.startsWith('!');
    const pattern = negate ? rule.slice(1) : rule;
    const re = new RegExp(
      '^' +
        pattern
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*\*\//g, '(?:.*/)?')
          .replace(/\/\*\*$/, '/.*')
          .replace(/(?<!\.)\*/g, '[^/]*') +
        '(?:/.*)?$',
    );
    if (re.test(rel)) ignored = !negate;
  }
  return ignored;
}

export function dockerignoreRules(root: string): string[] {
  return fs
    .readFileSync(path.join(root, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}
