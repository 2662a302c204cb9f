/*
 * The inline embed script (publishing.ts inlineEmbedCode): every [data-quizbeam-quiz] element gets an
 * iframe of that quiz, sized by the 'quizbeam:height' messages the quiz posts. A message counts only when
 * it comes from that very iframe's window, whatever its origin: a quiz moved to another domain is reached
 * through a redirect, so its page posts from the new origin.
 */
// A module, so these names stay out of the global scope of the type checker.
export {};

const HOLDER_SELECTOR = '[data-quizbeam-quiz]';
const READY_ATTRIBUTE = 'data-quizbeam-ready';

const embedded: HTMLIFrameElement[] = [];

function embedAll(): void {
  for (const holder of Array.from(document.querySelectorAll(HOLDER_SELECTOR))) {
    if (holder.hasAttribute(READY_ATTRIBUTE)) continue;
    holder.setAttribute(READY_ATTRIBUTE, '');
    let url: URL;
    try {
      url = new URL(holder.getAttribute('data-quizbeam-quiz') ?? '', location.href);
    } catch {
      continue;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') continue;
    const frame = document.createElement('iframe');
    frame.src = url.href;
    frame.title = 'Quiz';
    frame.width = '100%';
    frame.style.cssText = 'width:100%;height:600px;border:0;display:block';
    holder.appendChild(frame);
    embedded.push(frame);
  }
}

addEventListener('message', (event: MessageEvent) => {
  const data = event.data as { type?: unknown; height?: unknown } | null;
  if (data?.type !== 'quizbeam:height') return;
  const height = data.height;
  if (typeof height !== 'number' || !Number.isFinite(height) || height <= 0) return;
  for (const frame of embedded) {
    if (event.source === frame.contentWindow) {
      frame.style.height = `${Math.ceil(height)}px`;
    }
  }
});

embedAll();
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', embedAll);
