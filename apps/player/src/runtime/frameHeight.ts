export const HEIGHT_MESSAGE_TYPE = 'quizbeam:height';

/**
 * Inside an iframe (the embed code), tells the parent the page's height whenever it changes, so the frame
 * fits the quiz without a scroll bar, and that the visitor pressed Escape. Returns a function to report
 * right away.
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
  // Escape inside the quiz closes an embed's popup or slide-in, as it does outside it (the embed script
  // cannot hear keys pressed in another origin's frame); an inline frame ignores it.
  addEventListener('keydown', (event) => {
    if (event.key === 'Escape') window.parent.postMessage({ source: 'quizbeam', type: 'close' }, '*');
  });
  report();
  return report;
}
