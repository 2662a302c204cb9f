/** Redirect outcomes leave the quiz: the whole tab when the quiz is embedded, if the browser lets it. */
export function navigateTop(url: string): void {
  try {
    (window.top ?? window).location.href = url;
  } catch {
    location.href = url;
  }
}
