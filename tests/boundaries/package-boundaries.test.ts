/**
 * Package boundaries (ARCHITECTURE "Layout"): packages use each other only through their entry
 * points (the lint rule `mtp/package-boundaries` refuses anything else), every package declares
 * what it imports, and nothing imports in a circle: neither packages nor files.
 */
import { REPO_ROOT } from '@mtp/gateway';
import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, importsOf, packageNameOf, resolveImport, sourceFiles, workspacePackages } from './import-graph';

const packages = workspacePackages(REPO_ROOT);
const byName = new Map(packages.map((p) => [p.name, p]));
const rootDevDependencies = new Set(Object.keys(JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).devDependencies));
/** Tests, their support (`testing.ts` subpaths) and tool configs may also use dev dependencies. */
const isTestFile = (file: string) => /[/\\](test|tests|test-utils)[/\\]|\.test\.tsx?$|[/\\]testing\.ts$|\.config\.ts$/.test(file);

async function lint(code: string, file: string) {
  const eslint = new ESLint({ cwd: REPO_ROOT });
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'mtp/package-boundaries').map((m) => m.message);
}

describe('the package-boundaries lint rule', () => {
  it("refuses a deep import of another package's src/", async () => {
    const messages = await lint(
      "import { docSourceKey } from '@mtp/tasks/src/documents/doc-keys';\nexport { docSourceKey };\n",
      'gateway/src/probe.ts',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("through its entry point ('@mtp/tasks')");
  });

  it('refuses a relative path into another package', async () => {
    const messages = await lint(
      "export { splitText } from '../../../services/segmenter/src/sentence-splitter';\n",
      'workers/doc/src/probe.ts',
    );
    expect(messages).toEqual([expect.stringContaining('by a relative path')]);
  });

  it('lets entry points, exported subpaths and a package’s own files through', async () => {
    const code = [
      "import { createTestDatabase } from '@mtp/platform/testing';",
      "import { AppError } from '@mtp/proto';",
      "import { finishFile } from './documents/doc-state';",
      'export { createTestDatabase, AppError, finishFile };',
      '',
    ].join('\n');
    expect(await lint(code, 'services/tasks/src/probe.ts')).toEqual([]);
  });
});

describe('every package', () => {
  it('declares every package its files import (tests may also use the root dev tools)', () => {
    const missing: string[] = [];
    for (const pkg of packages) {
      for (const file of sourceFiles(pkg.dir)) {
        for (const edge of importsOf(file)) {
          const name = packageNameOf(edge.specifier);
          if (name === null || name === pkg.name) continue;
          const declared =
            pkg.dependencies.has(name) || (isTestFile(file) && (pkg.devDependencies.has(name) || rootDevDependencies.has(name)));
          if (!declared) missing.push(`${path.relative(REPO_ROOT, file)} imports ${name}, which ${pkg.name} does not declare`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('depends on the others without a cycle', () => {
    const graph = new Map(packages.map((p) => [p.name, [...p.dependencies].filter((d) => byName.has(d))]));
    expect(findCycles(graph)).toEqual([]);
  });

  it('has no cycle of run-time imports between files', () => {
    const graph = new Map<string, string[]>();
    for (const pkg of packages) {
      for (const file of sourceFiles(pkg.dir)) {
        const targets = importsOf(file)
          .filter((edge) => !edge.typeOnly)
          .map((edge) => resolveImport(edge, byName))
          .filter((target): target is string => target !== null);
        graph.set(file, targets);
      }
    }
    const cycles = findCycles(graph).map((cycle) => cycle.map((file) => path.relative(REPO_ROOT, file)).join(' -> '));
    expect(cycles).toEqual([]);
  });
});
