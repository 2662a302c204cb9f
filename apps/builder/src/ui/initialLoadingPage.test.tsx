import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InitialLoading } from './InitialLoading';
import { INITIAL_LOADING_HTML, INITIAL_LOADING_MARKER, withInitialLoading } from './initialLoadingPage';

const builtPage = `<!doctype html>
<html lang="en">
  <head>
    <title>Quizbeam</title>
    <script type="module" crossorigin src="/ui/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/ui/assets/react-B.js">
    <link rel="stylesheet" crossorigin href="/ui/assets/shared-C.css">
    <link rel="stylesheet" crossorigin href="/ui/assets/index-D.css">
  </head>
  <body>
    <div id="root">${INITIAL_LOADING_MARKER}</div>
  </body>
</html>`;

const spinnerCss = `/* a note */
.spinner {
  width: 48px;
}
`;

describe("a page's own loading spinner", () => {
  it('is the markup React renders first, so that nothing changes on screen when React takes over', () => {
    const { container } = render(<InitialLoading />);
    expect(container.innerHTML).toBe(INITIAL_LOADING_HTML);
  });

  it('goes into the root with its CSS inline, and the stylesheets move after it so they do not hold the first paint', () => {
    const page = withInitialLoading(builtPage, spinnerCss);
    expect(page).toContain(`<div id="root">${INITIAL_LOADING_HTML}</div>`);
    expect(page).toContain('<style>.spinner{width: 48px;}</style>\n  </head>');
    const [head = '', body = ''] = page.split('</head>');
    expect(head).toContain('<script type="module" crossorigin src="/ui/assets/index-A.js"></script>');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/ui/assets/react-B.js">');
    expect(head).not.toContain('rel="stylesheet"');
    expect(body).toMatch(
      /<div id="root">.*<\/div>\n {4}<link rel="stylesheet" crossorigin href="\/ui\/assets\/shared-C\.css">\n {4}<link rel="stylesheet" crossorigin href="\/ui\/assets\/index-D\.css">\n {2}<\/body>/,
    );
  });

  it("is in the app's and the sign-in page's HTML, not in the admin console's", () => {
    const builderDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const page = (name: string) => readFileSync(path.join(builderDir, name), 'utf8');
    expect(page('index.html')).toContain(`<div id="root">${INITIAL_LOADING_MARKER}</div>`);
    expect(page('signIn.html')).toContain(`<div id="root">${INITIAL_LOADING_MARKER}</div>`);
    const admin = page('admin.html');
    expect(withInitialLoading(admin, spinnerCss)).toBe(admin);
  });
});
