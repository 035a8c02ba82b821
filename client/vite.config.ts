import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

const api = process.env.API_ORIGIN ?? 'http://localhost:3000';

/** The service worker's own file: at the root, so it may answer every page of the console (src/service-worker.ts). */
const SERVICE_WORKER = 'sw.js';
/** What the service worker keeps for a page that opens without a signal: the page, its scripts, styles and fonts. */
const SHELL_FILE = /\.(html|js|css|svg|woff2?)$/;

/**
 * Writes the app shell's files, and a version made from their contents, before the built service worker's code as
 * `self.__SHELL__`: a deployment that changes any file changes /sw.js, so browsers install the new shell.
 */
function shellManifest(): Plugin {
  return {
    name: 'console-shell-manifest',
    apply: 'build',
    writeBundle(options, bundle) {
      const names = Object.keys(bundle)
        .filter((name) => name !== SERVICE_WORKER && SHELL_FILE.test(name))
        .sort();
      const hash = createHash('sha256');
      for (const name of names) {
        const output = bundle[name];
        hash.update(name).update(output.type === 'chunk' ? output.code : output.source);
      }
      const manifest = { files: names.map((name) => `/${name}`), version: hash.digest('hex').slice(0, 16) };
      const path = join(options.dir ?? 'dist', SERVICE_WORKER);
      writeFileSync(path, `self.__SHELL__ = ${JSON.stringify(manifest)};\n${readFileSync(path, 'utf8')}`);
    },
  };
}

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), shellManifest()],
  // Microsoft sign-in settings, read at build time (shell or .env files) and baked in as one constant;
  // a constant rather than import.meta.env so the component tests (CommonJS) can load the module.
  // The service worker is registered by a production build only: the dev server has no /sw.js.
  define: {
    __MSAL_SETTINGS__: JSON.stringify(loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_MSAL_')),
    __SERVICE_WORKER__: JSON.stringify(command === 'build' && mode === 'production'),
  },
  resolve: {
    alias: { '@contracts': fileURLToPath(new URL('../server/src/contracts', import.meta.url)) },
    // npm hoisting left two copies of @mantine/core (client/ and root); one copy keeps one theme context.
    dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'],
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/socket.io': { target: api, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // the console, and its service worker as a file of its own with a fixed name (browsers find it by its address)
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        sw: fileURLToPath(new URL('src/service-worker.ts', import.meta.url)),
      },
      output: { entryFileNames: (chunk) => (chunk.name === 'sw' ? SERVICE_WORKER : 'assets/[name]-[hash].js') },
    },
  },
}));
