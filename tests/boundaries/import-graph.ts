/**
 * The import graph of the workspace, read with TypeScript's own pre-processor (what each file
 * imports, without type-checking): workspace packages from the root package.json, the files of
 * each, and every import resolved to a file, a workspace package or an outside package.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

export type WorkspacePackage = {
  name: string;
  dir: string;
  dependencies: Set<string>;
  devDependencies: Set<string>;
  /** The entry file of each exported subpath (`.` -> `src/index.ts`). */
  exports: Map<string, string>;
};

export type ImportEdge = { from: string; specifier: string; typeOnly: boolean };

const SOURCE = /\.(ts|tsx|mts)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.turbo', 'test-models', 'fixtures']);

export function workspacePackages(root: string): WorkspacePackage[] {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  const dirs = workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => path.join(root, pattern.slice(0, -2), d.name))
      : [path.join(root, pattern)],
  );
  return dirs
    .filter((dir) => existsSync(path.join(dir, 'package.json')))
    .map((dir) => {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      const exportsMap = new Map<string, string>();
      if (pkg.exports && typeof pkg.exports === 'object') {
        for (const [sub, target] of Object.entries(pkg.exports)) exportsMap.set(sub, path.join(dir, target as string));
      } else if (pkg.main) exportsMap.set('.', path.join(dir, pkg.main));
      return {
        name: pkg.name as string,
        dir,
        dependencies: new Set(Object.keys(pkg.dependencies ?? {})),
        devDependencies: new Set(Object.keys(pkg.devDependencies ?? {})),
        exports: exportsMap,
      };
    });
}

export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The imports of one file; `typeOnly` for `import type` / `export type` (erased at run time). */
export function importsOf(file: string): ImportEdge[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edges: ImportEdge[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const allTypes =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      edges.push({ from: file, specifier: statement.moduleSpecifier.text, typeOnly: allTypes });
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      edges.push({ from: file, specifier: statement.moduleSpecifier.text, typeOnly: statement.isTypeOnly });
    }
  }
  return edges;
}

/** `@scope/name/x` -> `@scope/name`, `name/x` -> `name`; null for relative paths and Node built-ins. */
export function packageNameOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  return builtinModules.includes(name) ? null : name;
}

/** The file a relative or workspace import lands on, or null for an outside package. */
export function resolveImport(edge: ImportEdge, packages: Map<string, WorkspacePackage>): string | null {
  const name = packageNameOf(edge.specifier);
  let base: string;
  if (name === null) {
    if (!edge.specifier.startsWith('.')) return null;
    base = path.resolve(path.dirname(edge.from), edge.specifier.replace(/\.js$/, ''));
  } else {
    const pkg = packages.get(name);
    if (!pkg) return null;
    const entry = pkg.exports.get(`.${edge.specifier.slice(name.length)}`);
    if (!entry) return null;
    base = entry.replace(/\.tsx?$/, '');
  }
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every cycle of run-time imports (type-only imports are erased, so they cannot cycle), each once. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}
