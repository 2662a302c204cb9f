import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { appModulesLoadedBy, appOnlyModuleMatcher } from './src/admin/consoleSeparation.ts';

const serverUrl = 'http://localhost:3000';
const serverPaths = [
  '/api',
  '/accounts',
  '/logout',
  '/admin',
  '/oauth',
  '/ui/fonts',
  '/ui/themes',
  '/uploads',
];

const pagePath = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/** Fails the build when the admin console's chunks carry any of the app's screens or routes. */
function consoleStaysSeparate(): Plugin {
  const isAppOnly = appOnlyModuleMatcher(pagePath('./src'));
  return {
    name: 'quizbeam:console-stays-separate',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const leaked = appModulesLoadedBy(chunks, 'admin', isAppOnly);
      if (leaked.length > 0) {
        this.error(`The admin console's bundle carries the app's code: ${leaked.join(', ')}`);
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  // The server serves built assets under /ui/; the dev server serves the app from the root.
  base: command === 'build' ? '/ui/' : '/',
  plugins: [react(), consoleStaysSeparate()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Two pages: the app, and the admin console (the server serves admin.html at {base}/admin), which
    // shares only generic code with the app, so the app's users never download the console.
    rollupOptions: {
      input: { index: pagePath('./index.html'), admin: pagePath('./admin.html') },
    },
  },
  server: {
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: serverUrl, changeOrigin: false }])),
  },
}));
