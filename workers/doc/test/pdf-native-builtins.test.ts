/**
 * Loading pdf.js must not leave the process with its polyfilled built-ins: on Node 20 the legacy
 * build replaces Array.prototype.push and JSON.stringify with slower JavaScript versions (which
 * even report `[native code]`), and native-builtins.ts puts the originals back right after the
 * import. Checked in a fresh Node process, by identity with the built-ins it started with; pdf.js
 * still reads a PDF there.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const LOADER = fileURLToPath(new URL('../src/formats/pdf/pdfjs-load.ts', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../fixtures/pdf/TAMReview.pdf', import.meta.url));

const SCRIPT = `
const natives = { push: Array.prototype.push, stringify: JSON.stringify, parse: JSON.parse, map: Array.prototype.map };
const { loadPdf, RESTORED_BUILTINS } = await import(${JSON.stringify(LOADER)});
const pdf = await loadPdf(new Uint8Array((await import('node:fs')).readFileSync(${JSON.stringify(FIXTURE)})));
const items = (await (await pdf.getPage(1)).getTextContent()).items.length;
await pdf.destroy();
console.log(JSON.stringify({
  same: Object.fromEntries(Object.entries(natives).map(([k, f]) => [k, f === (k === 'stringify' || k === 'parse' ? JSON[k] : Array.prototype[k])])),
  withResolvers: typeof Promise.withResolvers,
  restored: RESTORED_BUILTINS,
  items,
}));
`;

describe('pdf.js and the built-ins', () => {
  it('leaves push and JSON.stringify as the process had them, keeps what pdf.js adds, and still reads a PDF', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT]);
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(result.same).toEqual({ push: true, stringify: true, parse: true, map: true });
    expect(result.restored).toEqual(expect.arrayContaining(['Array.prototype.push', 'JSON.stringify']));
    expect(result.withResolvers).toBe('function');
    expect(result.items).toBeGreaterThan(10);
  }, 30_000);
});
