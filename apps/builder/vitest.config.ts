import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The files that need what only jsdom does here. The rest run in happy-dom, which draws the screens in
 * about half jsdom's time. Each group is a project of its own, so that a worker never switches between the
 * two (a switch costs a new environment and module graph).
 */
const NEEDS_JSDOM = [
  // Colours and font families read back as a browser serializes them (rgb(), quoted names).
  'src/ui/colorPicker/ColorPicker.test.tsx',
  'src/ui/fontSelect/FontSelect.test.tsx',
  // The hash of the picker's injected stylesheet, whose text happy-dom keeps differently.
  'src/ui/colorPicker/ColorPickerPopup.test.tsx',
  // A button named from an inline span: happy-dom gives the span no display, so the name gains a space.
  'src/features/editor/language/LanguageTab.test.tsx',
  // An uploaded file's bytes, read to tell its type.
  'src/features/editor/outcomes/OutcomesTab.test.tsx',
  'src/features/editor/images/uploadImage.test.ts',
];

const ALL_TESTS = 'src/**/*.test.{ts,tsx}';

export default defineConfig({
  plugins: [react()],
  test: {
    setupFiles: ['src/test/setup.ts'],
    // Vitest's default is one worker less than the cores (one on CI's two); two finish about a fifth sooner.
    maxWorkers: 2,
    // Files share a worker's module graph and DOM: the setup file cleans up after each test and replaces
    // modules for all files alike (no file mocks a module of its own). A fresh environment per file took
    // three quarters of the suite's time.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'happy-dom',
          environment: 'happy-dom',
          // As in jsdom, a frame gets an empty document of its own and a stylesheet link loads nothing, with no
          // error logged for either.
          environmentOptions: {
            happyDOM: {
              settings: {
                enableIframePageLoading: true,
                navigation: { disableChildFrameNavigation: true },
                handleDisabledFileLoadingAsSuccess: true,
              },
            },
          },
          include: [ALL_TESTS],
          exclude: NEEDS_JSDOM,
        },
      },
      { extends: true, test: { name: 'jsdom', environment: 'jsdom', include: NEEDS_JSDOM } },
    ],
  },
});
