/*
 * The loading spinner a builder page paints from its own HTML, before any script or stylesheet arrives.
 * `vite.config.ts` puts it into each page whose root holds INITIAL_LOADING_MARKER; React's first render
 * replaces it, with InitialLoading (the same markup) or with the screen itself.
 */

export const INITIAL_LOADING_MARKER = '<!--initial-loading-->';

/** What InitialLoading renders (a test keeps the two the same). */
export const INITIAL_LOADING_HTML =
  '<div class="loading-overlay" role="progressbar" aria-busy="true" aria-label="Loading"><span class="spinner" aria-hidden="true"></span></div>';

const STYLESHEET_LINK = /[ \t]*(<link rel="stylesheet"[^>]*>)\n?/g;

/** The CSS without comments and runs of white space (it travels in every page). */
const compact = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ?([{};]) ?/g, '$1')
    .trim();

/**
 * A built page with its spinner: the markup at the marker, the spinner's CSS in an inline `<style>` (the
 * server adds its hash to the page's Content-Security-Policy), and the page's stylesheets moved from the
 * head to the end of the body, so that the browser paints the spinner without waiting for them. The
 * page's scripts still wait: a module script runs only once the stylesheets before it have loaded.
 * A page without the marker is returned as it is.
 */
export function withInitialLoading(html: string, spinnerCss: string): string {
  if (!html.includes(INITIAL_LOADING_MARKER)) return html;
  const stylesheets = [...html.matchAll(STYLESHEET_LINK)].map(([, link]) => link);
  return html
    .replace(STYLESHEET_LINK, '')
    .replace(INITIAL_LOADING_MARKER, () => INITIAL_LOADING_HTML)
    .replace(
      /([ \t]*)<\/head>/,
      (end, indent: string) => `${indent}  <style>${compact(spinnerCss)}</style>\n${end}`,
    )
    .replace(/([ \t]*)<\/body>/, (end, indent: string) =>
      stylesheets
        .map((link) => `${indent}  ${link}\n`)
        .join('')
        .concat(end),
    );
}
