/**
 * `npm run build -w @mtp/browser-plugin`: the loadable extension in `dist/unpacked/` (crxjs
 * builds the manifest's entries) and its zip in `dist/mtp-browser-plugin.zip` (`zipBundle`).
 * The content script is one self-contained file (no loader, no web-accessible resources a page
 * could probe for).
 */
import { crx } from '@crxjs/vite-plugin';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync, type Zippable } from 'fflate';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import manifest from './manifest.config';

function collect(dir: string, into: Zippable, prefix = ''): Zippable {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    // crxjs leaves its own bookkeeping in .vite/; the browser never reads it.
    if (entry.name === '.vite') continue;
    if (entry.isDirectory()) collect(full, into, name);
    else if (entry.isFile()) into[name] = readFileSync(full);
  }
  return into;
}

/**
 * Zips the built extension once every file is written (`closeBundle`, after crxjs has written the
 * manifest): the file the web app offers for download. fflate, synchronous: the folder is small.
 */
function zipBundle(options: { from: string; to: string }): Plugin {
  return {
    name: 'mtp-zip-bundle',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        // A fixed time for every entry: the same build gives the same zip.
        const zipped = zipSync(collect(options.from, {}), { level: 9, mtime: new Date('2026-01-01T00:00:00Z') });
        writeFileSync(options.to, zipped);
      },
    },
  };
}

const here = path.dirname(fileURLToPath(import.meta.url));
const unpacked = path.join(here, 'dist/unpacked');

export default defineConfig({
  root: here,
  build: {
    outDir: unpacked,
    emptyOutDir: true,
    target: 'chrome116',
    sourcemap: false,
  },
  plugins: [
    crx({ manifest, contentScripts: { standaloneFiles: ['src/content/content.ts'] }, liveReload: false }),
    zipBundle({ from: unpacked, to: path.join(here, 'dist/mtp-browser-plugin.zip') }),
  ],
});
