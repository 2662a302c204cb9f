export const HEIGHT_MESSAGE_TYPE = 'quizbeam:height';

/**
 * Inside an iframe (the embed code, the editor's preview), tells the parent the page's height whenever it
 * changes, so the frame fits the quiz without a scroll bar. Returns a function to report right away.
 */
export function reportFrameHeight(page: HTMLElement): () => void {
  if (window.parent === window) return () => {};
  // Framed pages drop the full-viewport minimum height; otherwise the frame could never shrink.
  document.documentElement.classList.add('qb-framed');
  let reported = 0;
  const report = () => {
    const height = Math.ceil(page.getBoundingClientRect().height);
    if (height === reported) return;
    reported = height;
    window.parent.postMessage({ type: HEIGHT_MESSAGE_TYPE, height }, '*');
  };
  if (typeof ResizeObserver === 'function') new ResizeObserver(report).observe(page);
  report();
  return report;
}
