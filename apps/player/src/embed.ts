/*
 * The embed script (publishing.ts inlineEmbedCode, embedCodes.ts embedCode; docs/embedding.md). Every
 * [data-quizbeam-quiz] element gets that quiz: inline, an iframe there, sized by the 'quizbeam:height'
 * messages the quiz posts; as a popup, slide-in or full page, a window opened by its trigger, its frame made
 * only then (or just before: on the opener's hover, or when the page is idle after a timed trigger is armed).
 * Any element with data-quizbeam-open opens that quiz's popup. A message counts only when it comes from one of
 * our frames' windows, whatever its origin: a quiz moved to another domain is reached through a redirect, so
 * its page posts from the new origin. The embedding page's own address parameters (an ad click's utm_*,
 * fbclid, a partner's ref) go on to the quiz's address, and the quiz's events ({ source: 'quizbeam', type:
 * 'event', event, data }) reach the embedding page's dataLayer as `quizbeam_<event>` and a `quizbeam`
 * CustomEvent on its window (see docs/measurement.md). Its size is budgeted (embedSize.test.ts).
 */
import { ATTRIBUTE_PREFIX, setting } from './embed/embedSettings';
import type { QuizWindow } from './embed/quizWindow';
import type { EmbedWindowCode } from './embedWindow';

const doc = document;
/** This script's own address: the windows' script is beside it. */
const scriptUrl = (doc.currentScript as HTMLScriptElement | null)?.src || location.href;
let windowScript: Promise<EmbedWindowCode> | undefined;

/** Loads the windows' code once, the first time a window is about to be needed (embedWindow.ts). */
function windowCode(): Promise<EmbedWindowCode> {
  windowScript ??= new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = new URL('embed-window.js', scriptUrl).href;
    script.onload = () => {
      const made = (window as { quizbeamEmbedWindow?: EmbedWindowCode }).quizbeamEmbedWindow;
      if (made) resolve(made);
      else reject();
    };
    script.onerror = reject;
    doc.head.appendChild(script);
  });
  return windowScript;
}
const READY = 'ready';

/** Whether the visitor closed this quiz's automatic window within its "do not show again" days (frequencyCap.ts). */
function isPaused(quiz: string): boolean {
  try {
    return Number(localStorage[`quizbeam-cap:${quiz}`]) > Date.now();
  } catch {
    return false;
  }
}

/** Each frame we made, with its window (none for inline frames, which follow the quiz's height). */
const embedded: [HTMLIFrameElement, QuizWindow?][] = [];
/** Runs an action on a quiz's window once its code is there. */
type WindowUse = (action: (window: QuizWindow) => void) => void;
const windows: Record<string, WindowUse> = {};
const preload = (window: QuizWindow) => window.preload();

function quizUrlOf(raw: string | null): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw ?? '', location.href);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  new URLSearchParams(location.search).forEach((value, name) => {
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  });
  return url;
}

function frameOf(url: URL, window?: QuizWindow): HTMLIFrameElement {
  const frame = doc.createElement('iframe');
  frame.src = url.href;
  frame.title = 'Quiz';
  embedded.push([frame, window]);
  return frame;
}

/** The embedding page's window as its tag manager uses it. */
type TaggedWindow = { dataLayer?: object[] };

function relay(event: string, data: object): void {
  const detail = { event, ...data };
  // Created if the page has no tag manager yet, never replaced: GTM keeps a reference to it.
  const tagged = window as TaggedWindow;
  tagged.dataLayer ??= [];
  tagged.dataLayer.push({ ...detail, event: `quizbeam_${event}` });
  dispatchEvent(new CustomEvent('quizbeam', { detail }));
}

/**
 * One window per quiz address: a holder and the page's data-quizbeam-open elements share it. Its code loads on
 * first use; what is asked meanwhile happens once it is there.
 */
function windowOf(url: URL, holder: Element): WindowUse {
  const quiz = url.origin + url.pathname;
  let made: Promise<QuizWindow> | undefined;
  const later = (use: (window: QuizWindow) => void) => {
    made ??= windowCode().then((code) =>
      code.quizWindow(
        holder,
        (window) => frameOf(url, window),
        (opened, automatic) => {
          relay(opened ? 'embed_open' : 'embed_close', { quiz });
          if (!opened && automatic) code.pause(quiz, holder);
        },
      ),
    );
    made.then(use, () => {});
  };
  windows[url.href] ??= later;
  return windows[url.href] as WindowUse;
}

function arm(holder: Element, url: URL): void {
  const use = windowOf(url, holder);
  const trigger = setting(holder, 'trigger');
  if (trigger !== 'delay' && trigger !== 'scroll' && trigger !== 'exit') {
    const button = holder.appendChild(doc.createElement('button'));
    button.className = 'qbe-o';
    button.textContent = setting(holder, 'button') || 'Take the quiz';
    button.onclick = () => use((window) => window.open(true));
    button.onpointerenter = button.onfocus = () => use(preload);
  } else if (!isPaused(url.origin + url.pathname)) {
    // Opens by itself at most once per page view; its code (and the quiz) load when the page is idle.
    let fired = false;
    const show = () => {
      if (!fired) use((window) => window.open(false));
      fired = true;
    };
    (self.requestIdleCallback ?? setTimeout)(() => {
      use(preload);
      windowCode().then(
        (code) => code.armAutomaticTrigger(holder, show),
        () => {},
      );
    });
  }
}

function embedAll(): void {
  for (const holder of doc.querySelectorAll(`[${ATTRIBUTE_PREFIX}quiz]`)) {
    if (setting(holder, READY) !== null) continue;
    holder.setAttribute(ATTRIBUTE_PREFIX + READY, '');
    const url = quizUrlOf(setting(holder, 'quiz'));
    if (!url) continue;
    if (/^(popup|slide-in|full-page)$/.test(setting(holder, 'mode') ?? '')) {
      arm(holder, url);
      continue;
    }
    const frame = holder.appendChild(frameOf(url));
    frame.width = '100%';
    frame.style.cssText = 'width:100%;height:600px;border:0;display:block';
  }
}

interface FrameMessage {
  type?: unknown;
  height?: unknown;
  source?: unknown;
  event?: unknown;
  data?: unknown;
  consent?: unknown;
}

addEventListener('message', (event: MessageEvent) => {
  const found = embedded.find(([frame]) => event.source === frame.contentWindow);
  const message = event.data as FrameMessage | null;
  if (!found || !message) return;
  const [frame, window] = found;
  const { height, data, type } = message;
  if (type === 'quizbeam:height') {
    if (!window && typeof height === 'number' && height > 0 && height < 1e9)
      frame.style.height = `${Math.ceil(height)}px`;
  } else if (message.source === 'quizbeam') {
    if (type === 'event' && typeof message.event === 'string' && typeof data === 'object')
      relay(message.event, data ?? {});
    if (type === 'consent' && message.consent === 'granted') {
      (self as { quizbeamConsent?: boolean }).quizbeamConsent = true;
      windowScript?.then(
        (code) => code.consentGranted(),
        () => {},
      );
    }
    if (type === 'close') window?.close();
  }
});

// Once per page, however often the script is included: a click on a data-quizbeam-open element opens its
// quiz's popup (full page if it says so), hovering it loads the quiz.
const root = doc.documentElement;
if (setting(root, READY) === null) {
  root.setAttribute(ATTRIBUTE_PREFIX + READY, '');
  for (const type of ['click', 'pointerover'])
    addEventListener(type, (event) => {
      const opener = event.target instanceof Element && event.target.closest(`[${ATTRIBUTE_PREFIX}open]`);
      const url = opener && quizUrlOf(setting(opener, 'open'));
      if (!opener || !url) return;
      if (type === 'click') event.preventDefault();
      windowOf(url, opener)(type === 'click' ? (window) => window.open(true) : preload);
    });
}

embedAll();
if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', embedAll);
