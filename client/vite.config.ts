import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

const api = process.env.API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  // Microsoft sign-in settings, read at build time (shell or .env files) and baked in as one constant;
  // a constant rather than import.meta.env so the component tests (CommonJS) can load the module.
  define: { __MSAL_SETTINGS__: JSON.stringify(loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_MSAL_')) },
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
