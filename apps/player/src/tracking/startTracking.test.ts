import type { BrowserTracking } from '@quizbeam/contracts/measurement';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consentBarHtml } from '../markup/pageBody';
import { CONSENT_ATTRIBUTE, CONSENT_BAR_ID, PAGE_ID, TRACKING_ID } from '../markup/pageIds';
import { emitQuizEvent } from '../runtime/quizEvents';
import type { TagWindow } from './platformTags';
import { startTracking } from './startTracking';
import { BROWSER_IDS_PROPERTY, CONSENT_STORAGE_KEY, type TrackingWindow } from './trackingShared';

const ALL_TAGS: BrowserTracking = {
  gtmContainerId: 'GTM-ABC1234',
  ga4MeasurementId: 'G-ABC123DEF4',
  metaPixelId: '123456789012345',
  askConsent: true,
};

const tagged = () => window as TagWindow & TrackingWindow;
/** The scripts the page asked the browser to load. */
const loaded = () =>
  [...document.head.querySelectorAll('script[src]')].map((script) => script.getAttribute('src'));
/** gtag's commands (Arguments objects) and GTM's events (plain objects) in the dataLayer, as arrays and objects. */
const dataLayer = () =>
  (tagged().dataLayer ?? []).map((entry) =>
    Object.prototype.toString.call(entry) === '[object Arguments]' ? [...(entry as unknown[])] : entry,
  );
const fbqQueue = () => tagged().fbq?.queue ?? [];
const bar = () => document.getElementById(CONSENT_BAR_ID);
const button = (name: string) =>
  [...document.querySelectorAll('button')].find((candidate) => candidate.textContent === name) as HTMLElement;

function openPage(tracking: BrowserTracking) {
  if (tracking.askConsent) document.documentElement.setAttribute(CONSENT_ATTRIBUTE, 'denied');
  document.head.innerHTML = `<script type="application/json" id="${TRACKING_ID}">${JSON.stringify(tracking)}</script>`;
  document.body.innerHTML = `<div id="${PAGE_ID}">${tracking.askConsent ? consentBarHtml() : ''}<main><h1 tabindex="-1">Quiz</h1></main></div>`;
  startTracking();
}

/** The tracking script's listeners, removed after each test so that each page hears only its own. */
let listening: [string, EventListenerOrEventListenerObject][] = [];
beforeEach(() => {
  localStorage.clear();
  const add = window.addEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    if (listener) listening.push([type, listener]);
    add(type, listener, options);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const [type, listener] of listening) removeEventListener(type, listener);
  listening = [];
  for (const name of ['dataLayer', 'fbq', '_fbq', BROWSER_IDS_PROPERTY]) Reflect.deleteProperty(window, name);
  document.documentElement.removeAttribute(CONSENT_ATTRIBUTE);
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('a page whose quiz asks for consent', () => {
  it('loads nothing and sends nothing before Accept, then grants, loads each platform and sends what waited', () => {
    openPage(ALL_TAGS);
    expect(bar()?.hidden).toBe(false);
    emitQuizEvent('quiz_view');
    expect(loaded()).toEqual([]);
    expect(dataLayer()).toEqual([
      [
        'consent',
        'default',
        {
          ad_storage: 'denied',
          ad_user_data: 'denied',
          ad_personalization: 'denied',
          analytics_storage: 'denied',
        },
      ],
    ]);
    expect(fbqQueue()).toEqual([['consent', 'revoke']]);

    button('Accept').click();
    expect(bar()).toBeNull();
    expect(document.activeElement?.tagName).toBe('H1');
    expect(document.documentElement.getAttribute(CONSENT_ATTRIBUTE)).toBe('granted');
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('granted');
    expect(loaded()).toEqual([
      'https://connect.facebook.net/en_US/fbevents.js',
      'https://www.googletagmanager.com/gtag/js?id=G-ABC123DEF4',
      'https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234',
    ]);
    const granted = {
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
      analytics_storage: 'granted',
    };
    expect(dataLayer().slice(1)).toEqual([
      ['consent', 'update', granted],
      ['js', expect.any(Date)],
      ['config', 'G-ABC123DEF4'],
      { 'gtm.start': expect.any(Number), event: 'gtm.js' },
      { event: 'quiz_view', quizbeam: {} },
      ['event', 'quiz_view', {}],
    ]);
    expect(fbqQueue()).toEqual([
      ['consent', 'revoke'],
      ['consent', 'grant'],
      ['init', '123456789012345'],
      ['track', 'PageView'],
      ['track', 'ViewContent'],
    ]);
  });

  it('maps each quiz event to each platform’s own, the lead with the event id its conversions share', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, 'granted');
    openPage(ALL_TAGS);
    expect(bar()?.hidden).toBe(true);
    const before = { layer: dataLayer().length, fbq: fbqQueue().length };
    emitQuizEvent('quiz_start');
    emitQuizEvent('question_answered', { questionNumber: 1, questionType: 'single_list' });
    emitQuizEvent('lead_submitted', { eventId: 'lead.visit-1' });
    const scores = {
      score: 3,
      maxScore: 5,
      percent: 60,
      categoryScores: [{ id: 1, name: 'Reach', percent: 60 }],
    };
    emitQuizEvent('quiz_complete', { outcomeName: 'Ready to grow', ...scores });
    const answered = { questionNumber: 1, questionType: 'single_list' };
    expect(dataLayer().slice(before.layer)).toEqual([
      { event: 'quiz_start', quizbeam: {} },
      ['event', 'quiz_start', {}],
      { event: 'question_answered', quizbeam: answered },
      ['event', 'question_answered', answered],
      { event: 'lead_submitted', quizbeam: { eventId: 'lead.visit-1' } },
      ['event', 'generate_lead', { eventId: 'lead.visit-1' }],
      { event: 'quiz_complete', quizbeam: { outcomeName: 'Ready to grow', ...scores } },
      // GA4's parameters take text and numbers: the category list stays in the dataLayer.
      ['event', 'quiz_complete', { outcomeName: 'Ready to grow', score: 3, maxScore: 5, percent: 60 }],
    ]);
    expect(fbqQueue().slice(before.fbq)).toEqual([
      ['trackCustom', 'QuizStart', {}],
      ['trackCustom', 'QuestionAnswered', answered],
      ['track', 'Lead', {}, { eventID: 'lead.visit-1' }],
      ['track', 'CompleteRegistration', { content_name: 'Ready to grow', status: true, value: 3 }],
    ]);
  });

  it('tells an embedding page the answer, for its popup’s frequency cap', () => {
    const posted = vi.spyOn(window, 'postMessage').mockImplementation(() => {});
    openPage(ALL_TAGS);
    button('Accept').click();
    expect(posted).toHaveBeenCalledWith({ source: 'quizbeam', type: 'consent', consent: 'granted' }, '*');
  });

  it('on Decline, remembers it, loads nothing and sends nothing, now or on the next visit', () => {
    openPage(ALL_TAGS);
    emitQuizEvent('quiz_view');
    button('Decline').click();
    emitQuizEvent('quiz_start');
    expect(document.documentElement.getAttribute(CONSENT_ATTRIBUTE)).toBe('denied');
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('denied');
    expect(loaded()).toEqual([]);
    expect(dataLayer()).toHaveLength(1);
    expect(fbqQueue()).toEqual([['consent', 'revoke']]);

    document.head.innerHTML = '';
    for (const name of ['dataLayer', 'fbq', '_fbq']) Reflect.deleteProperty(window, name);
    openPage(ALL_TAGS);
    expect(bar()?.hidden).toBe(true);
    expect(document.documentElement.getAttribute(CONSENT_ATTRIBUTE)).toBe('denied');
    expect(loaded()).toEqual([]);
  });

  it('asks again when the stored answer is not one of its own, and leaves the attribute alone meanwhile', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, 'maybe');
    openPage(ALL_TAGS);
    expect(bar()?.hidden).toBe(false);
    expect(document.documentElement.getAttribute(CONSENT_ATTRIBUTE)).toBe('denied');
  });
});

describe('a page whose quiz does not ask', () => {
  it('loads only the platforms it has IDs for, at once, without consent commands', () => {
    openPage({ ...NO_ASK, ga4MeasurementId: 'G-ABC123DEF4' });
    emitQuizEvent('quiz_view');
    expect(loaded()).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-ABC123DEF4']);
    expect(dataLayer()).toEqual([
      ['js', expect.any(Date)],
      ['config', 'G-ABC123DEF4'],
      ['event', 'quiz_view', {}],
    ]);
    expect(tagged().fbq).toBeUndefined();
    expect(document.documentElement.hasAttribute(CONSENT_ATTRIBUTE)).toBe(false);
  });

  it('keeps a dataLayer the page already has, and a pixel the marketer’s own script set up', () => {
    const existing: unknown[] = [{ event: 'page_ready' }];
    const ownFbq = Object.assign(vi.fn(), { queue: [] });
    Object.assign(window, { dataLayer: existing, fbq: ownFbq });
    openPage({ ...NO_ASK, gtmContainerId: 'GTM-ABC1234', metaPixelId: '123456789012345' });
    emitQuizEvent('quiz_view');
    expect(tagged().dataLayer).toBe(existing);
    expect(existing[0]).toEqual({ event: 'page_ready' });
    expect(tagged().fbq).toBe(ownFbq);
    expect(ownFbq.mock.calls).toEqual([
      ['init', '123456789012345'],
      ['track', 'PageView'],
      ['track', 'ViewContent'],
    ]);
  });

  it('gives the player the browser ids of the page’s cookies for the lead', () => {
    openPage({ ...NO_ASK, ga4MeasurementId: 'G-ABC123DEF4' });
    vi.spyOn(document, 'cookie', 'get').mockReturnValue(
      '_ga=GA1.1.123.456; _ga_ABC123DEF4=GS1.1.1700000000.1',
    );
    expect(tagged()[BROWSER_IDS_PROPERTY]?.()).toEqual({ gaClientId: '123.456', gaSessionId: '1700000000' });
  });
});

const NO_ASK: BrowserTracking = {
  gtmContainerId: '',
  ga4MeasurementId: '',
  metaPixelId: '',
  askConsent: false,
};
