import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, loadEnv, type Plugin } from 'vite';

const api = process.env.API_ORIGIN ?? 'http://localhost:3000';

/** The service worker's own file: at the root, so it may answer every page of the console (src/service-worker.ts). */
const SERVICE_WORKER = 'sw.js';
/** What the service worker keeps for a page that opens without a signal: the page, its scripts, styles and fonts. */
const SHELL_FILE = /\.(html|js|css|svg|woff2?)$/;

/**
 * Builds /sw.js after the console, in a build of its own: the worker and Workbox bundled into one classic script
 * (`iife`), because a browser loads a service worker with no imports, and a build shared with the console could move a
 * module both use into a chunk of its own. Before its code goes the shell's file list, each file with a revision made
 * from its contents, as `self.__WB_MANIFEST`: a deployment that changes any file changes /sw.js, so browsers install
 * the new shell.
 */
function serviceWorker(mode: string): Plugin {
  return {
    name: 'console-service-worker',
    apply: 'build',
    async writeBundle(options, bundle) {
      const manifest = Object.keys(bundle)
        .filter((name) => SHELL_FILE.test(name))
        .sort()
        .map((name) => {
          const output = bundle[name];
          const contents = output.type === 'chunk' ? output.code : output.source;
          return { url: `/${name}`, revision: createHash('sha256').update(contents).digest('hex').slice(0, 16) };
        });
      const built = await build({
        configFile: false,
        root: fileURLToPath(new URL('.', import.meta.url)),
        mode,
        logLevel: 'warn',
        publicDir: false,
        build: {
          write: false,
          emptyOutDir: false,
          rolldownOptions: {
            input: fileURLToPath(new URL('src/service-worker.ts', import.meta.url)),
            output: { format: 'iife', entryFileNames: SERVICE_WORKER },
          },
        },
      });
      const files = (Array.isArray(built) ? built : [built]).flatMap((result) => ('output' in result ? result.output : []));
      const [worker, ...others] = files;
      if (worker?.type !== 'chunk' || others.length > 0) {
        throw new Error(`The service worker must build to ${SERVICE_WORKER} alone, not ${files.map((file) => file.fileName).join(', ')}.`);
      }
      const path = join(options.dir ?? 'dist', SERVICE_WORKER);
      writeFileSync(path, `self.__WB_MANIFEST = ${JSON.stringify(manifest)};\n${worker.code}`);
    },
  };
}

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), serviceWorker(mode)],
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
  },
}));
