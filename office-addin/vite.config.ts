import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  // Relative asset URLs: the gateway serves the pane under /office-addin/, not at the root.
  base: './',
  plugins: [
    {
      // The manifest template travels with the pane, so dist/ is everything the gateway serves;
      // the gateway fills in its public origin when it answers /office-addin/manifest.xml.
      name: 'office-addin-manifest',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'manifest.xml', source: readFileSync(path.join(here, 'manifest.xml'), 'utf8') });
      },
    },
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    // Office's webviews all know module preloading; the polyfill would be one more request.
    modulePreload: { polyfill: false },
    // The task pane, and the ribbon's function file the manifest names.
    rollupOptions: { input: { index: path.join(here, 'index.html'), commands: path.join(here, 'commands.html') } },
  },
});
