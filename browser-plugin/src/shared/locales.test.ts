/**
 * The two interface languages stay in step: the same keys, no empty message, the same `$1`
 * substitutions, and every key the code and the pages use exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
type Messages = Record<string, { message: string }>;
const read = (locale: string) => JSON.parse(readFileSync(path.join(root, 'public/_locales', locale, 'messages.json'), 'utf8')) as Messages;
const en = read('en');
const zh = read('zh_CN');
const substitutions = (s: string) => [...s.matchAll(/\$\d/g)].map((m) => m[0]).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(path.join(dir, e.name))
      : /\.(ts|html)$/.test(e.name) && !e.name.endsWith('.test.ts')
        ? [path.join(dir, e.name)]
        : [],
  );
}

describe('the locales', () => {
  it('have the same keys and substitutions in English and Chinese, none empty', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) {
      expect(en[key]!.message.trim(), key).not.toBe('');
      expect(zh[key]!.message.trim(), key).not.toBe('');
      expect(substitutions(zh[key]!.message), key).toEqual(substitutions(en[key]!.message));
    }
  });

  it('hold every key the code, the pages and the manifest use', () => {
    const used = new Set<string>();
    for (const file of [...sourceFiles(path.join(root, 'src')), path.join(root, 'manifest.config.ts')]) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\('([A-Za-z0-9_]+)'/g)) used.add(m[1]!);
      for (const m of text.matchAll(/data-i18n(?:-placeholder)?="([A-Za-z0-9_]+)"/g)) used.add(m[1]!);
      for (const m of text.matchAll(/__MSG_([A-Za-z0-9_]+)__/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((key) => !(key in en))).toEqual([]);
  });
});
