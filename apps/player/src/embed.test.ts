import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const QUIZ_URL = 'https://quiz.example/abcd1234';

function postHeight(
  frame: HTMLIFrameElement,
  height: unknown,
  origin = 'https://quiz.example',
  source?: Window | null,
) {
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { type: 'quizbeam:height', height },
      origin,
      source: source === undefined ? frame.contentWindow : source,
    }),
  );
}

describe('the embed script', () => {
  beforeEach(async () => {
    document.body.innerHTML = `<div data-quizbeam-quiz="${QUIZ_URL}" style="width:100%"></div>
      <div data-quizbeam-quiz="https://other.example/zzzz9999"></div>
      <div data-quizbeam-quiz="javascript:alert(1)"></div>`;
    vi.resetModules();
    await import('./embed');
  });

  afterEach(() => {
    document.body.innerHTML = '';
    Reflect.deleteProperty(window, 'dataLayer');
  });

  const frames = () => [...document.querySelectorAll('iframe')];

  it('puts each quiz in a full-width, borderless iframe titled Quiz', () => {
    expect(frames().map((frame) => frame.src)).toEqual([QUIZ_URL, 'https://other.example/zzzz9999']);
    const [frame] = frames();
    expect(frame?.title).toBe('Quiz');
    expect(frame?.style.width).toBe('100%');
    expect(frame?.style.borderWidth).toMatch(/^0(px)?$/);
  });

  it('sizes an iframe from its own window’s height messages only', () => {
    const [quiz, other] = frames();
    if (!quiz || !other) throw new Error('frames missing');
    postHeight(quiz, 812.4);
    expect(quiz.style.height).toBe('813px');
    expect(other.style.height).toBe('600px');

    postHeight(quiz, 999, 'https://quiz.example', other.contentWindow);
    postHeight(quiz, 999, 'https://quiz.example', null);
    postHeight(quiz, '999');
    postHeight(quiz, -5);
    expect(quiz.style.height).toBe('813px');
  });

  it('follows a quiz moved to another domain: its page, reached through a redirect, posts from there', () => {
    const [quiz, other] = frames();
    if (!quiz || !other) throw new Error('frames missing');
    postHeight(quiz, 700, 'https://moved.example');
    expect(quiz.style.height).toBe('700px');
    expect(other.style.height).toBe('600px');
  });

  it('relays its quiz’s events to the embedding page’s dataLayer and as a quizbeam event on its window', () => {
    const [quiz, other] = frames();
    if (!quiz || !other) throw new Error('frames missing');
    const heard: unknown[] = [];
    const listener = (event: Event) => heard.push((event as CustomEvent).detail);
    addEventListener('quizbeam', listener);
    const post = (data: unknown, source: Window | null) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin: 'https://quiz.example', source }));
    const event = {
      source: 'quizbeam',
      type: 'event',
      event: 'quiz_complete',
      data: { outcomeName: 'Top', score: 3 },
    };
    post(event, quiz.contentWindow);
    // Only from the quiz's own frame, and only our messages.
    post(event, null);
    post({ ...event, source: 'someone-else' }, quiz.contentWindow);
    post({ ...event, event: 42 }, quiz.contentWindow);
    removeEventListener('quizbeam', listener);
    const layer = (window as { dataLayer?: unknown[] }).dataLayer;
    expect(layer).toEqual([{ event: 'quizbeam_quiz_complete', outcomeName: 'Top', score: 3 }]);
    expect(heard).toEqual([{ event: 'quiz_complete', outcomeName: 'Top', score: 3 }]);
    expect(quiz.style.height).toBe('600px');
  });

  it('adds to an existing dataLayer rather than replacing it', () => {
    const [quiz] = frames();
    const existing = [{ event: 'gtm.js' }];
    Object.assign(window, { dataLayer: existing });
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: 'quizbeam', type: 'event', event: 'quiz_start', data: {} },
        source: quiz?.contentWindow ?? null,
      }),
    );
    expect((window as { dataLayer?: unknown[] }).dataLayer).toBe(existing);
    expect(existing).toEqual([{ event: 'gtm.js' }, { event: 'quizbeam_quiz_start' }]);
  });

  it('embeds each placeholder once even when the script is included twice', async () => {
    vi.resetModules();
    await import('./embed');
    expect(frames()).toHaveLength(2);
  });
});

describe('the embed script on a page with address parameters', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    history.replaceState(null, '', '/');
  });

  it('passes the embedding page’s own parameters on to the quiz, never over those its address sets', async () => {
    history.replaceState(null, '', '/landing?utm_source=fb&fbclid=abc&ref=partner7&lang=en');
    document.body.innerHTML = `<div data-quizbeam-quiz="${QUIZ_URL}?lang=de"></div>`;
    vi.resetModules();
    await import('./embed');
    const src = new URL(document.querySelector('iframe')?.src ?? '');
    expect(src.origin + src.pathname).toBe(QUIZ_URL);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      lang: 'de',
      utm_source: 'fb',
      fbclid: 'abc',
      ref: 'partner7',
    });
  });
});

describe('the embed script’s popup, slide-in and full page', () => {
  const layer = () => (window as { dataLayer?: { event: string }[] }).dataLayer ?? [];
  const frames = () => [...document.querySelectorAll('iframe')];
  const backdrop = () => document.querySelector('.qbe-b') as HTMLElement | null;
  const isShown = (element: Element | null) => (element as HTMLElement | null)?.style.display === '';
  const pressEscape = (target: Element | null) =>
    target?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));

  /*
   * The windows' code is a second script the loader adds when a window is first needed (embed-window.js):
   * here the test's own copy stands for it, "loaded" as soon as the loader adds its script element.
   */
  beforeEach(async () => {
    await import('./embedWindow');
    const append = document.head.appendChild.bind(document.head);
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      const added = append(node);
      if (node instanceof HTMLScriptElement && node.src.endsWith('/embed-window.js'))
        queueMicrotask(() => node.onload?.(new Event('load')));
      return added;
    });
    // The delay counts from the page's start, which is now for each test.
    vi.spyOn(performance, 'now').mockReturnValue(0);
  });

  /** Lets the windows' code load and what waited for it happen (and an idle page's callbacks run). */
  const settle = () =>
    vi.isFakeTimers() ? vi.advanceTimersByTimeAsync(1) : new Promise((resolve) => setTimeout(resolve, 10));

  async function load(html: string) {
    document.body.innerHTML = html;
    vi.resetModules();
    await import('./embed');
    await settle();
  }

  afterEach(() => {
    document.body.innerHTML = '';
    document.documentElement.style.overflow = '';
    Reflect.deleteProperty(window, 'dataLayer');
    Reflect.deleteProperty(window, 'quizbeamConsent');
    localStorage.clear();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    for (const added of document.head.querySelectorAll('script, style')) added.remove();
  });

  it('adds a button that opens a labelled modal dialog, made only then, and closes it with Escape', async () => {
    await load(
      `<div data-quizbeam-quiz="${QUIZ_URL}" data-quizbeam-mode="popup" data-quizbeam-button="Find your fit" data-quizbeam-title="Team fit"></div>`,
    );
    const button = document.querySelector('button');
    if (!button) throw new Error('no button');
    expect(button.textContent).toBe('Find your fit');
    expect(button.className).toBe('qbe-o');
    expect(frames()).toHaveLength(0);
    expect(document.querySelector('[role="dialog"]')).toBeNull();

    button.focus();
    button.click();
    await settle();
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.getAttribute('aria-modal')).toBe('true');
    expect(dialog?.getAttribute('aria-label')).toBe('Team fit');
    expect(frames().map((frame) => [frame.src, frame.title])).toEqual([[QUIZ_URL, 'Team fit']]);
    const close = dialog?.querySelector('button');
    expect(close?.getAttribute('aria-label')).toBe('Close quiz');
    expect(document.activeElement).toBe(close);
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(document.querySelector('style.qbe')?.textContent).toContain('prefers-reduced-motion');
    expect(layer().map((entry) => entry.event)).toEqual(['quizbeam_embed_open']);

    pressEscape(document.activeElement);
    await settle();
    expect(isShown(backdrop())).toBe(false);
    expect(document.activeElement).toBe(button);
    expect(document.documentElement.style.overflow).toBe('');
    expect(layer().map((entry) => entry.event)).toEqual(['quizbeam_embed_open', 'quizbeam_embed_close']);

    // Opened again, the same frame shows: the visitor's place in the quiz is kept.
    button.click();
    await settle();
    expect(isShown(backdrop())).toBe(true);
    expect(frames()).toHaveLength(1);
  });

  it('keeps Tab inside the dialog: past the quiz back to the close button, and Shift+Tab from it into the quiz', async () => {
    await load(`<div data-quizbeam-quiz="${QUIZ_URL}" data-quizbeam-mode="full-page"></div>`);
    document.querySelector('button')?.click();
    await settle();
    const dialog = document.querySelector('[role="dialog"]') as HTMLElement;
    expect(dialog.getAttribute('aria-label')).toBe('Quiz');
    expect(dialog.className).toBe('qbe-d qbe-f');
    const [before, after] = [...dialog.querySelectorAll('span')] as HTMLElement[];
    const close = dialog.querySelector('button');
    after?.focus();
    expect(document.activeElement).toBe(close);
    before?.focus();
    expect(document.activeElement).toBe(document.querySelector('iframe'));
  });

  it('loads the windows’ code only when a window is about to be needed', async () => {
    const scripts = () =>
      [...document.head.querySelectorAll('script')].filter((script) =>
        script.src.endsWith('/embed-window.js'),
      );
    await load(
      `<div data-quizbeam-quiz="${QUIZ_URL}"></div><div data-quizbeam-quiz="${QUIZ_URL}?b" data-quizbeam-mode="popup"></div>`,
    );
    expect(scripts()).toHaveLength(0);
    document.querySelector('button')?.dispatchEvent(new Event('pointerenter'));
    await settle();
    expect(scripts()).toHaveLength(1);
    document.querySelector('button')?.click();
    await settle();
    expect(scripts()).toHaveLength(1);
  });

  it('loads the quiz when the visitor hovers the button, before the click', async () => {
    await load(`<div data-quizbeam-quiz="${QUIZ_URL}" data-quizbeam-mode="popup"></div>`);
    const button = document.querySelector('button');
    expect(button?.textContent).toBe('Take the quiz');
    button?.dispatchEvent(new Event('pointerenter'));
    await settle();
    expect(frames()).toHaveLength(1);
    expect(isShown(backdrop())).toBe(false);
  });

  it('opens a popup from any element with data-quizbeam-open, instead of following its link', async () => {
    await load(`<p><a href="/elsewhere" data-quizbeam-open="${QUIZ_URL}"><b>Take our quiz</b></a></p>`);
    document.querySelector('b')?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await settle();
    expect(frames().map((frame) => frame.src)).toEqual([QUIZ_URL]);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('b')?.dispatchEvent(click);
    await settle();
    expect(click.defaultPrevented).toBe(true);
    expect(isShown(backdrop())).toBe(true);
    expect(frames()).toHaveLength(1);
    (document.querySelector('.qbe-x') as HTMLElement).click();
    await settle();
  });

  it('slides in after the delay, a region that leaves the focus where it was and closes on Escape inside it', async () => {
    vi.useFakeTimers();
    await load(
      `<button id="elsewhere">Elsewhere</button><div data-quizbeam-quiz="${QUIZ_URL}" data-quizbeam-mode="slide-in" data-quizbeam-trigger="delay" data-quizbeam-delay="3" data-quizbeam-corner="left"></div>`,
    );
    const elsewhere = document.getElementById('elsewhere') as HTMLElement;
    elsewhere.focus();
    await vi.advanceTimersByTimeAsync(2900);
    expect(layer()).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    const region = document.querySelector('[role="region"]') as HTMLElement;
    expect(region.className).toBe('qbe-d qbe-s qbe-l');
    expect(isShown(region)).toBe(true);
    expect(region.hasAttribute('aria-modal')).toBe(false);
    expect(document.activeElement).toBe(elsewhere);
    expect(document.documentElement.style.overflow).toBe('');
    pressEscape(elsewhere);
    expect(isShown(region)).toBe(true);
    const close = region.querySelector('button') as HTMLElement;
    close.focus();
    pressEscape(close);
    await settle();
    expect(isShown(region)).toBe(false);
  });

  it('uses the default delay for nonsense, and the delay for exit intent where there is no mouse', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    await load(
      `<div data-quizbeam-quiz="${QUIZ_URL}" data-quizbeam-mode="popup" data-quizbeam-trigger="delay" data-quizbeam-delay="-7"></div>
       <div data-quizbeam-quiz="https://other.example/zzzz9999" data-quizbeam-mode="popup" data-quizbeam-trigger="exit" data-quizbeam-delay="2"></div>`,
    );
    await vi.advanceTimersByTimeAsync(2000);
    expect(layer()).toEqual([{ event: 'quizbeam_embed_open', quiz: 'https://other.example/zzzz9999' }]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(layer().map((entry) => entry.event)).toEqual(['quizbeam_embed_open', 'quizbeam_embed_open']);
  });

  it('opens on exit intent when the mouse leaves the top of the page, once', async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    await load(
      `<div data-quizbeam-quiz="${QUIZ_URL}" data-quizbeam-mode="popup" data-quizbeam-trigger="exit"></div>`,
    );
    document.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, clientY: 300 }));
    expect(isShown(backdrop())).toBe(false);
    document.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, clientY: -2 }));
    await settle();
    expect(isShown(backdrop())).toBe(true);
    (document.querySelector('.qbe-x') as HTMLElement).click();
    await settle();
    document.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, clientY: -2 }));
    await settle();
    expect(isShown(backdrop())).toBe(false);
  });

  it('opens when the page is scrolled far enough', async () => {
    await load(
      `<div data-quizbeam-quiz="${QUIZ_URL}" data-quizbeam-mode="popup" data-quizbeam-trigger="scroll" data-quizbeam-scroll="40"></div>`,
    );
    Object.defineProperty(document.documentElement, 'scrollHeight', {
      configurable: true,
      value: innerHeight + 1000,
    });
    Object.assign(window, { scrollY: 300 });
    dispatchEvent(new Event('scroll'));
    expect(isShown(backdrop())).toBe(false);
    Object.assign(window, { scrollY: 400 });
    dispatchEvent(new Event('scroll'));
    await settle();
    expect(isShown(backdrop())).toBe(true);
    Object.assign(window, { scrollY: 0 });
    (document.querySelector('.qbe-x') as HTMLElement).click();
    await settle();
  });

  it('does not show a closed automatic embed again for its days, and its frame never takes the quiz’s height', async () => {
    vi.useFakeTimers();
    const html = `<div data-quizbeam-quiz="${QUIZ_URL}" data-quizbeam-mode="popup" data-quizbeam-trigger="delay" data-quizbeam-delay="1" data-quizbeam-cap-days="7"></div>`;
    await load(html);
    await vi.advanceTimersByTimeAsync(1000);
    const frame = frames()[0] as HTMLIFrameElement;
    postHeight(frame, 900);
    expect(frame.style.height).toBe('');
    (document.querySelector('.qbe-x') as HTMLElement).click();
    await settle();
    const until = Number(localStorage.getItem(`quizbeam-cap:${QUIZ_URL}`));
    expect(until - Date.now()).toBeGreaterThan(7 * 864e5 - 100);
    expect(until - Date.now()).toBeLessThanOrEqual(7 * 864e5);

    await load(html);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(frames()).toHaveLength(0);
  });

  it('stores the cap only after consent where it is required, keeping it for the page view meanwhile', async () => {
    vi.useFakeTimers();
    await load(
      `<div data-quizbeam-quiz="${QUIZ_URL}" data-quizbeam-mode="popup" data-quizbeam-trigger="delay" data-quizbeam-delay="1" data-quizbeam-cap-days="3" data-quizbeam-consent="required"></div>`,
    );
    await vi.advanceTimersByTimeAsync(1000);
    const frame = frames()[0] as HTMLIFrameElement;
    (document.querySelector('.qbe-x') as HTMLElement).click();
    await settle();
    expect(localStorage.length).toBe(0);
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: 'quizbeam', type: 'consent', consent: 'granted' },
        source: frame.contentWindow,
      }),
    );
    await settle();
    const until = Number(localStorage.getItem(`quizbeam-cap:${QUIZ_URL}`));
    expect(until - Date.now()).toBeGreaterThan(3 * 864e5 - 100);
    expect(until - Date.now()).toBeLessThanOrEqual(3 * 864e5);
  });

  it('stores the cap at once when the embedding page says it has consent, and never after a click', async () => {
    vi.useFakeTimers();
    Object.assign(window, { quizbeamConsent: true });
    await load(
      `<div data-quizbeam-quiz="${QUIZ_URL}" data-quizbeam-mode="slide-in" data-quizbeam-trigger="delay" data-quizbeam-delay="1" data-quizbeam-cap-days="3" data-quizbeam-consent="required"></div>
       <div data-quizbeam-quiz="https://other.example/zzzz9999" data-quizbeam-mode="popup" data-quizbeam-cap-days="3"></div>`,
    );
    await vi.advanceTimersByTimeAsync(1000);
    (document.querySelector('.qbe-x') as HTMLElement).click();
    await settle();
    document.querySelector<HTMLElement>('div > button')?.click();
    await settle();
    for (const close of document.querySelectorAll<HTMLElement>('.qbe-x')) close.click();
    expect(Object.keys(localStorage)).toEqual([`quizbeam-cap:${QUIZ_URL}`]);
  });

  it('relays the events of a frame made after the page loaded, and closes when its quiz asks', async () => {
    await load(`<div data-quizbeam-quiz="${QUIZ_URL}" data-quizbeam-mode="popup"></div>`);
    document.querySelector('button')?.click();
    await settle();
    const post = (data: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { data, source: frames()[0]?.contentWindow ?? null }));
    post({ source: 'quizbeam', type: 'event', event: 'quiz_start', data: {} });
    expect(layer().map((entry) => entry.event)).toEqual(['quizbeam_embed_open', 'quizbeam_quiz_start']);
    post({ source: 'quizbeam', type: 'close' });
    await settle();
    expect(isShown(backdrop())).toBe(false);
  });
});
