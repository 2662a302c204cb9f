import { type BrowserTracking, NO_BROWSER_TRACKING } from '@quizbeam/contracts/measurement';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { DEFAULT_URL_FIELDS } from '@quizbeam/contracts/quizConstants';
import { visitorLeadBodySchema } from '@quizbeam/contracts/visitorEvents';
import { buildPlayerAssets } from '@quizbeam/player/buildPlayerAssets';
import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';
import { captureQuiz, result, type SentRequest, SNAPSHOT_ID, server } from '../../../testing/quizPage';
import { renderPublishedPage } from './renderPublishedPage';

const builds = buildPlayerAssets();
const PLAYER_URL = '/_q/player-0123abcd.js';
const AD_VISIT = 'https://quiz.example/abcd1234?utm_source=fb&fbclid=abc&ref=partner7';

const ALL_TAGS: BrowserTracking = {
  gtmContainerId: 'GTM-ABC1234',
  ga4MeasurementId: 'G-ABC123DEF4',
  metaPixelId: '123456789012345',
  askConsent: true,
};

/*
 * The marketer's own tag, as docs/measurement.md shows it: the start-page code listens to the quiz's events;
 * the opt-in and completion code keep what window.quizbeam holds when they run.
 */
const SCRIPTS = {
  onStartPage:
    '<script>window.heard = []; addEventListener("quizbeam", (e) => window.heard.push(e.detail));</script>',
  onOptIn: '<script>window.atOptIn = JSON.parse(JSON.stringify(window.quizbeam));</script>',
  onComplete: '<script>window.atComplete = JSON.parse(JSON.stringify(window.quizbeam));</script>',
};

interface PageWindow {
  heard?: Record<string, unknown>[];
  atOptIn?: unknown;
  atComplete?: unknown;
  dataLayer?: unknown[];
  fbq?: { queue: unknown[][] };
}

/** The scored maths quiz with its capture form (name and email) and `ref` among its URL fields. */
function adQuiz() {
  const built = captureQuiz({ captureName: false });
  const quiz: Quiz = {
    ...built.quiz,
    urlFields: [...DEFAULT_URL_FIELDS.map((name) => ({ name })), { name: 'ref' }],
  };
  return { ...built, quiz };
}

/**
 * The page rendered with these tags, opened in jsdom at an ad click's address with the visitor's cookies (as
 * earlier visits left them) and stored consent; the deferred scripts run in their order: the tracking build,
 * then the player.
 */
async function openTaggedPage(
  quiz: Quiz,
  tracking: BrowserTracking,
  visitor: { cookie?: string; storedConsent?: string } = {},
) {
  const html = renderPublishedPage({
    quiz,
    snapshotId: SNAPSHOT_ID,
    maxScore: 10,
    showPoweredByBadge: true,
    scripts: SCRIPTS,
    tracking,
    mode: 'published',
    pageUrl: 'https://quiz.example/abcd1234',
    playerScriptUrl: PLAYER_URL,
    fontBaseUrl: '/_q/fonts',
  });
  const { player, playerTracking } = await builds;
  const code = new Map([
    [PLAYER_URL, player.code],
    [PLAYER_URL.replace('.js', '-tracking.js'), playerTracking.code],
  ]);
  const dom = new JSDOM(html, {
    runScripts: 'dangerously',
    url: AD_VISIT,
    beforeParse(window) {
      if (visitor.cookie) for (const cookie of visitor.cookie.split('; ')) window.document.cookie = cookie;
      if (visitor.storedConsent) window.localStorage.setItem('quizbeam-consent', visitor.storedConsent);
    },
  });
  const { window } = dom;
  const requests: SentRequest[] = [];
  const respond = server(() => result(quiz, quiz.outcomes[0]?.id ?? null, 10, 10));
  Object.assign(window, {
    fetch: async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      requests.push({ url, init, body });
      return { ok: true, status: 200, json: async () => respond(url, body) };
    },
  });
  for (const [, src] of html.matchAll(/<script src="([^"]+)" defer><\/script>/g)) {
    window.eval(code.get(src ?? '') ?? `throw new Error('no build ${src}')`);
  }
  const document = window.document;
  const page = window as unknown as PageWindow;
  const button = (name: string) => {
    const found = [...document.querySelectorAll('button')].find((element) => element.textContent === name);
    if (!found) throw new Error(`No button ${name}`);
    return found;
  };
  return {
    window,
    document,
    page,
    requests,
    click: (name: string) => button(name).click(),
    heading: () => document.querySelector('h1')?.textContent ?? '',
    /** The scripts the page asked the browser to load (jsdom loads none). */
    loaded: () => [...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src')),
    /** gtag's commands (Arguments objects) as arrays, GTM's events as they are. */
    dataLayer: () =>
      (page.dataLayer ?? []).map((entry) =>
        Object.prototype.toString.call(entry) === '[object Arguments]' ? [...(entry as unknown[])] : entry,
      ),
    fbqCalls: () => (page.fbq?.queue ?? []).map((call) => [...call]),
    leadBody: () => requests.find((request) => request.url === '/_q/leads')?.body,
    async finishWithLead(email: string) {
      this.click('Let’s go');
      this.click('4');
      this.click('Paris');
      const input = document.querySelector<HTMLInputElement>('input[name="email"]');
      if (input) input.value = email;
      this.click('Show My Results');
      await vi.waitFor(() => expect(this.heading()).toBe('Top marks: 10/10'));
    },
  };
}

const PLATFORM_SCRIPTS = [
  `${PLAYER_URL.replace('.js', '-tracking.js')}`,
  PLAYER_URL,
  'https://connect.facebook.net/en_US/fbevents.js',
  'https://www.googletagmanager.com/gtag/js?id=G-ABC123DEF4',
  'https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234',
];

describe('a published quiz with Google Tag Manager, GA4 and Meta Pixel that asks for consent', () => {
  it('loads nothing from the platforms before Accept; then every event reaches each platform, the lead with its conversions’ id', async () => {
    const { quiz } = adQuiz();
    const view = await openTaggedPage(quiz, ALL_TAGS, {
      cookie: '_ga=GA1.1.1162820436.1749482504; _ga_ABC123DEF4=GS2.1.s1749482504$o3$g1$t1749482600',
    });
    const bar = view.document.getElementById('qb-cookie-consent');
    expect(bar?.hidden).toBe(false);
    expect(bar?.getAttribute('aria-label')).toBe('Cookie consent');
    expect(view.loaded()).toEqual(PLATFORM_SCRIPTS.slice(0, 2));
    expect(view.page.heard).toEqual([{ event: 'quiz_view' }]);
    expect(view.dataLayer()).toEqual([
      ['consent', 'default', expect.objectContaining({ ad_storage: 'denied' })],
    ]);

    view.click('Accept');
    expect(view.document.getElementById('qb-cookie-consent')).toBeNull();
    expect(view.loaded()).toEqual(PLATFORM_SCRIPTS);
    expect(view.dataLayer()).toContainEqual({ event: 'quiz_view', quizbeam: {} });
    expect(view.fbqCalls()).toContainEqual(['track', 'ViewContent']);

    await view.finishWithLead('ada@example.com');
    const lead = view.leadBody();
    const eventId = `lead.${lead?.visitId}`;
    expect(visitorLeadBodySchema.safeParse(lead).success).toBe(true);
    expect(lead?.urlFields).toEqual({ utm_source: 'fb', fbclid: 'abc', ref: 'partner7' });
    expect(lead?.measurement).toEqual({
      eventId,
      consent: 'granted',
      gaClientId: '1162820436.1749482504',
      gaSessionId: '1749482504',
      fbc: expect.stringMatching(/^fb\.1\.\d{13}\.abc$/),
    });
    expect(view.page.heard?.map((detail) => detail.event)).toEqual([
      'quiz_view',
      'quiz_start',
      'question_answered',
      'question_answered',
      'lead_submitted',
      'quiz_complete',
    ]);
    expect(view.fbqCalls()).toContainEqual(['track', 'Lead', {}, { eventID: eventId }]);
    expect(view.fbqCalls()).toContainEqual([
      'track',
      'CompleteRegistration',
      { content_name: 'Top marks: 10/10', status: true, value: 10 },
    ]);
    expect(view.dataLayer()).toContainEqual(['event', 'generate_lead', { eventId }]);
    expect(view.dataLayer()).toContainEqual({ event: 'lead_submitted', quizbeam: { eventId } });
    // The events never carry the visitor's email.
    expect(JSON.stringify([view.page.heard, view.dataLayer(), view.fbqCalls()])).not.toContain('ada@');

    const scriptData = {
      outcome: { id: quiz.outcomes[0]?.id, name: 'Top marks: 10/10' },
      score: 10,
      maxScore: 10,
      percent: 100,
      categoryScores: [],
      urlFields: { utm_source: 'fb', fbclid: 'abc', ref: 'partner7' },
    };
    expect(view.page.atOptIn).toEqual({
      lead: { email: 'ada@example.com', name: null, fields: {}, ...scriptData },
    });
    expect(view.page.atComplete).toEqual(view.page.atOptIn);
  });

  it('on Decline, never loads the platforms, and the lead says the visitor declined', async () => {
    const view = await openTaggedPage(adQuiz().quiz, ALL_TAGS);
    view.click('Decline');
    await view.finishWithLead('grace@example.com');
    expect(view.loaded()).toEqual(PLATFORM_SCRIPTS.slice(0, 2));
    expect(view.dataLayer()).toHaveLength(1);
    expect(view.fbqCalls()).toEqual([['consent', 'revoke']]);
    expect(view.leadBody()?.measurement).toEqual(expect.objectContaining({ consent: 'denied' }));
    // The marketer's own tag on the page still hears the quiz.
    expect(view.page.heard).toHaveLength(6);
  });

  it('remembers an earlier Accept on the site: no bar, the platforms at once', async () => {
    const view = await openTaggedPage(adQuiz().quiz, ALL_TAGS, { storedConsent: 'granted' });
    expect(view.document.getElementById('qb-cookie-consent')?.hidden).toBe(true);
    expect(view.loaded()).toEqual(PLATFORM_SCRIPTS);
    await view.finishWithLead('ada@example.com');
    expect(view.leadBody()?.measurement).toEqual(expect.objectContaining({ consent: 'granted' }));
  });

  it('counts a visitor who never answers as declining', async () => {
    const view = await openTaggedPage(adQuiz().quiz, ALL_TAGS);
    await view.finishWithLead('ada@example.com');
    expect(view.loaded()).toEqual(PLATFORM_SCRIPTS.slice(0, 2));
    expect(view.leadBody()?.measurement).toEqual(expect.objectContaining({ consent: 'denied' }));
  });
});

describe('a published quiz that does not ask', () => {
  it('loads its one platform at once, and the lead says consent was not asked', async () => {
    const view = await openTaggedPage(adQuiz().quiz, {
      ...NO_BROWSER_TRACKING,
      metaPixelId: '123456789012345',
    });
    expect(view.document.getElementById('qb-cookie-consent')).toBeNull();
    expect(view.loaded()).toEqual([
      ...PLATFORM_SCRIPTS.slice(0, 2),
      'https://connect.facebook.net/en_US/fbevents.js',
    ]);
    expect(view.page.dataLayer).toEqual([]);
    await view.finishWithLead('ada@example.com');
    expect(view.leadBody()?.measurement).toEqual({
      eventId: `lead.${view.leadBody()?.visitId}`,
      consent: 'not-asked',
      fbc: expect.stringMatching(/^fb\.1\.\d{13}\.abc$/),
    });
  });
});
