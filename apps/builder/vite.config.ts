import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig(({ command }) => ({
  // The server serves built assets under /ui/; the dev server serves the app from the root.
  base: command === 'build' ? '/ui/' : '/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: serverUrl, changeOrigin: false }])),
  },
}));
