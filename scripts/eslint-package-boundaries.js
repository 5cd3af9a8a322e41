/**
 * ESLint rule `mtp/package-boundaries`: a workspace package is used only through its entry
 * points. An import of `@mtp/<name>/<path>` must name a subpath the package's `exports` map
 * lists (`@mtp/platform/testing`), and a relative import must not climb out of its own package
 * into another one (`../../services/tasks/src/...`). Why a rule of our own: ESLint's
 * `no-restricted-imports` matches strings, and neither knows which subpaths a package exports
 * nor where a relative path lands.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every workspace package of the root package.json: its folder, name and exported subpaths. */
function loadPackages() {
  const { workspaces } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const dirs = workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [path.join(ROOT, pattern)];
    const parent = path.join(ROOT, pattern.slice(0, -2));
    return readdirSync(parent, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => path.join(parent, d.name));
  });
  return dirs
    .filter((dir) => existsSync(path.join(dir, 'package.json')))
    .map((dir) => {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      const exported = pkg.exports && typeof pkg.exports === 'object' ? Object.keys(pkg.exports) : ['.'];
      return { dir, name: pkg.name, exported: new Set(exported) };
    });
}

const packages = loadPackages();
const byName = new Map(packages.map((p) => [p.name, p]));

function packageOf(file) {
  return packages.find((p) => file === p.dir || file.startsWith(p.dir + path.sep));
}

export const packageBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Use other workspace packages only through the entry points their exports map lists' },
    messages: {
      notExported:
        "'{{source}}' reaches into {{name}}: import it through its entry point ('{{name}}'{{others}}), or export what you need from there.",
      crossesPackage: "'{{source}}' reaches into the package {{name}} by a relative path: import it as '{{name}}'.",
    },
    schema: [],
  },
  create(context) {
    const own = packageOf(path.resolve(context.filename));
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const scoped = /^(@mtp\/[^/]+)(\/.*)?$/.exec(source);
      if (scoped) {
        const target = byName.get(scoped[1]);
        const subpath = `.${scoped[2] ?? ''}`;
        if (!target || target === own || target.exported.has(subpath)) return;
        const others = [...target.exported].filter((s) => s !== '.').map((s) => ` or '${scoped[1]}${s.slice(1)}'`);
        context.report({ node, messageId: 'notExported', data: { source, name: target.name, others: others.join('') } });
        return;
      }
      if (!source.startsWith('.')) return;
      // Also from files outside every package (benchmarks, scripts): packages only by their names.
      const landed = packageOf(path.resolve(path.dirname(path.resolve(context.filename)), source));
      if (landed && landed !== own) context.report({ node, messageId: 'crossesPackage', data: { source, name: landed.name } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export const packageBoundariesPlugin = { rules: { 'package-boundaries': packageBoundaries } };
