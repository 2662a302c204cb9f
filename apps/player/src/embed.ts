/*
 * The inline embed script (publishing.ts inlineEmbedCode): every [data-quizbeam-quiz] element gets an
 * iframe of that quiz, sized by the 'quizbeam:height' messages the quiz posts. A message counts only when
 * it comes from that very iframe's window, whatever its origin: a quiz moved to another domain is reached
 * through a redirect, so its page posts from the new origin. The embedding page's own address parameters
 * (an ad click's utm_*, fbclid, a partner's ref) go on to the quiz's address, and the quiz's events
 * ({ source: 'quizbeam', type: 'event', event, data }) reach the embedding page's dataLayer as
 * `quizbeam_<event>` and a `quizbeam` CustomEvent on its window (see docs/measurement.md).
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
    new URLSearchParams(location.search).forEach((value, name) => {
      if (!url.searchParams.has(name)) url.searchParams.set(name, value);
    });
    const frame = document.createElement('iframe');
    frame.src = url.href;
    frame.title = 'Quiz';
    frame.width = '100%';
    frame.style.cssText = 'width:100%;height:600px;border:0;display:block';
    holder.appendChild(frame);
    embedded.push(frame);
  }
}

interface FrameMessage {
  type?: unknown;
  height?: unknown;
  source?: unknown;
  event?: unknown;
  data?: unknown;
}

/** The embedding page's window as its tag manager uses it. */
type TaggedWindow = { dataLayer?: object[] };

addEventListener('message', (event: MessageEvent) => {
  const frame = embedded.find((candidate) => event.source === candidate.contentWindow);
  const message = event.data as FrameMessage | null;
  if (!frame || !message) return;
  const { height, data } = message;
  if (message.type === 'quizbeam:height') {
    if (typeof height === 'number' && Number.isFinite(height) && height > 0)
      frame.style.height = `${Math.ceil(height)}px`;
  } else if (
    message.source === 'quizbeam' &&
    message.type === 'event' &&
    typeof message.event === 'string' &&
    typeof data === 'object'
  ) {
    const detail = { event: message.event, ...data };
    // Created if the page has no tag manager yet, never replaced: GTM keeps a reference to it.
    const tagged = window as TaggedWindow;
    tagged.dataLayer ??= [];
    tagged.dataLayer.push({ ...detail, event: `quizbeam_${message.event}` });
    dispatchEvent(new CustomEvent('quizbeam', { detail }));
  }
});

embedAll();
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', embedAll);
