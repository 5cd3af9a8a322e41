import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The gateway serves /api and /healthz; in dev the SPA talks to it through this proxy so the
// browser sees one origin (no CORS, and the same relative URLs as in production).
const GATEWAY = 'http://127.0.0.1:3000';

export default defineConfig({
  // No @vitejs/plugin-react: esbuild compiles TSX with the automatic runtime on its own.
  esbuild: { jsx: 'automatic' },
  plugins: [
    // Brotli and gzip siblings (x.js.br, x.js.gz) made once at build time: the gateway serves them
    // as they are (@fastify/static preCompressed) instead of compressing 1 MB on every request.
    // Files under 1 KB (index.html, the favicon) would gain a few hundred bytes: left plain.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|svg)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  server: {
    proxy: {
      '/api': { target: GATEWAY, changeOrigin: true },
      '/healthz': { target: GATEWAY, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: GATEWAY, changeOrigin: true },
      '/healthz': { target: GATEWAY, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      // Mantine marks its modules "use client"; that directive means nothing in a SPA bundle.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      output: {
        // Libraries change far less often than app code: separate chunks stay cached across deploys.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          // The rich-text editor (Mantine's Tiptap binding, Tiptap, ProseMirror) stays with the one
          // page that uses it (/set-editor) instead of joining the chunk every page loads.
          if (/node_modules\/(@mantine\/tiptap|@tiptap|prosemirror-)/.test(id)) return undefined;
          // The charts (@mantine/charts over recharts and d3) likewise stay with /stats, their one page.
          if (/node_modules\/(@mantine\/charts|recharts|recharts-scale|react-smooth|victory-vendor|d3-[a-z-]+)\//.test(id))
            return undefined;
          if (id.includes('node_modules/@mantine/')) return 'mantine';
          if (id.includes('node_modules/@tanstack/')) return 'tanstack';
          if (id.includes('node_modules/node-forge/')) return 'forge';
          if (/node_modules\/(i18next|react-i18next|i18next-browser-languagedetector)\//.test(id)) return 'i18n';
          return undefined;
        },
      },
    },
  },
});
