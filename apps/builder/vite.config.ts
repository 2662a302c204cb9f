import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { appModulesLoadedBy, appOnlyModuleMatcher } from './src/admin/consoleSeparation.ts';
import {
  describeDownload,
  initialChunksOf,
  overSignInBudget,
  SIGN_IN_ENTRY_NAME,
} from './src/signIn/signInBudget.ts';
import { signInPageChunkGroups } from './src/signIn/signInChunks.ts';
import { withInitialLoading } from './src/ui/initialLoadingPage.ts';

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

/** Paints the loading spinner from each page's own HTML (see src/ui/initialLoadingPage.ts). */
function initialLoadingInThePage(): Plugin {
  const spinnerCss = () =>
    ['./src/ui/LoadingOverlay.css', './src/ui/Spinner.css']
      .map((file) => readFileSync(pagePath(file), 'utf8'))
      .join('\n');
  return {
    name: 'quizbeam:initial-loading-in-the-page',
    transformIndexHtml: { order: 'post', handler: (html) => withInitialLoading(html, spinnerCss()) },
  };
}

/** Fails the build when the sign-in page's first download (its script and modulepreloads) is over budget. */
function signInPageStaysSmall(): Plugin {
  return {
    name: 'quizbeam:sign-in-page-stays-small',
    apply: 'build',
    // Once the files are final: until then Vite has yet to write each dynamic import's preload list.
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const initial = initialChunksOf(chunks, SIGN_IN_ENTRY_NAME);
      const over = overSignInBudget(initial);
      if (over.length > 0) {
        this.error(
          `The sign-in page's first download is over budget (${over.join('; ')}): ${describeDownload(initial)}`,
        );
      }
      this.info(`The sign-in page's first download: ${describeDownload(initial)}`);
    },
  };
}

export default defineConfig(({ command }) => ({
  // The server serves built assets under /ui/; the dev server serves the app from the root.
  base: command === 'build' ? '/ui/' : '/',
  plugins: [react(), consoleStaysSeparate(), initialLoadingInThePage(), signInPageStaysSmall()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Three pages: the app; the sign-in page (the server sends signIn.html for /login and
    // /forgot-password to visitors who are not signed in), a small first download without the app's
    // router or zod; and the admin console (admin.html at {base}/admin), which shares only generic code
    // with the app, so the app's users never download the console.
    rolldownOptions: {
      input: {
        index: pagePath('./index.html'),
        [SIGN_IN_ENTRY_NAME]: pagePath('./signIn.html'),
        admin: pagePath('./admin.html'),
      },
      output: { codeSplitting: { groups: signInPageChunkGroups(pagePath) } },
    },
  },
  server: {
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: serverUrl, changeOrigin: false }])),
  },
}));
