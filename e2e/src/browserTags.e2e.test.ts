import { createServer, type Server } from 'node:http';
import type { BrowserTracking } from '@quizbeam/contracts/measurement';
import { inlineEmbedCode } from '@quizbeam/contracts/publishing';
import { DEFAULT_URL_FIELDS } from '@quizbeam/contracts/quizConstants';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { stubAdPlatforms, tagsSeenBy } from './browserTagsSupport';
import { heading, publishingHelpers, scoredOutcomes, scoredSpec } from './publishingSupport';
import { sharedServer } from './sharedServer';
import { freshPagePerTest, leadsOf } from './support';

const server = sharedServer();
const ui = freshPagePerTest({ viewport: { width: 1280, height: 900 } });
const { storedQuiz, publishInEditor } = publishingHelpers(ui, () => server);

const TAGS: BrowserTracking = {
  gtmContainerId: 'GTM-E2E1234',
  ga4MeasurementId: 'G-E2E1234567',
  metaPixelId: '123456789012345',
  askConsent: true,
};
const AD_CLICK = '?utm_source=fb&fbclid=abc&ref=partner7';
const PHONE = { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** A scored quiz with GTM, GA4 and Meta that asks for consent, keeping `ref` too; published, its address. */
async function taggedQuiz(title: string) {
  const quiz = await storedQuiz(scoredSpec, {
    title,
    startPage: { enabled: false },
    outcomes: scoredOutcomes(),
    leadCaptureSettings: {
      ...buildQuiz(scoredSpec).quiz.leadCaptureSettings,
      enabled: true,
      captureName: false,
    },
    urlFields: [...DEFAULT_URL_FIELDS.map((name) => ({ name })), { name: 'ref' }],
    tracking: { useAccountDefaults: false, own: TAGS },
  });
  return { quiz, url: await publishInEditor(quiz.id) };
}

/** The lead the page posted, once it has. */
function leadPosts(requests: Request[]) {
  return requests
    .filter((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/_q/leads')
    .map((request) => request.postDataJSON() as Record<string, unknown>);
}

const GOOGLE_CONSENT = ['ad_storage', 'ad_user_data', 'ad_personalization', 'analytics_storage'];
const consent = (state: string) => Object.fromEntries(GOOGLE_CONSENT.map((type) => [type, state]));

describe('a quiz with browser tags, visited from an ad on a phone', () => {
  it('loads no platform before Accept, then sends every event to GTM, GA4 and Meta, and the lead with its URL fields and measurement', async () => {
    const { quiz, url } = await taggedQuiz('Tagged funnel check');
    const phone = await ui.browser.newContext(PHONE);
    const requested = await stubAdPlatforms(phone);
    const visitor = await phone.newPage();
    const requests: Request[] = [];
    visitor.on('request', (request) => requests.push(request));
    await visitor.goto(`${url}${AD_CLICK}`);

    const bar = visitor.getByRole('region', { name: 'Cookie consent' });
    await expect.poll(() => bar.isVisible()).toBe(true);
    expect(await bar.innerText()).toContain('This quiz uses cookies to measure visits.');
    expect(await heading(visitor).innerText()).toBe('How big is your team?');
    expect(await axeViolations(visitor)).toEqual([]);
    expect(requested).toEqual([]);
    expect(await visitor.evaluate(() => document.documentElement.dataset.quizbeamConsent)).toBe('denied');
    expect((await tagsSeenBy(visitor)).dataLayer).toEqual([['consent', 'default', consent('denied')]]);

    // The bar comes first for the keyboard: Tab, Enter accepts, and the focus moves on to the quiz.
    await visitor.keyboard.press('Tab');
    expect(await visitor.evaluate(() => document.activeElement?.textContent)).toBe('Accept');
    await visitor.keyboard.press('Enter');
    await expect.poll(() => bar.count()).toBe(0);
    await expect.poll(() => requested.length).toBe(3);
    expect(requested.map((address) => new URL(address).pathname).sort()).toEqual([
      '/en_US/fbevents.js',
      '/gtag/js',
      '/gtm.js',
    ]);
    expect(requested).toContain('https://www.googletagmanager.com/gtm.js?id=GTM-E2E1234');
    expect(requested).toContain('https://www.googletagmanager.com/gtag/js?id=G-E2E1234567');

    await visitor.getByRole('button', { name: 'Just me', exact: true }).click();
    await visitor.getByRole('button', { name: 'Yes, mostly', exact: true }).click();
    await visitor.getByRole('button', { name: 'Never', exact: true }).click();
    await expect.poll(() => heading(visitor).innerText()).toBe('You’re All Done!');
    await visitor.getByLabel(/email/i).fill('grace@example.com');
    await visitor.getByRole('button', { name: 'Show My Results' }).click();
    await expect.poll(() => heading(visitor).innerText()).toBe('Getting started: 1 of 5');

    const [lead] = leadPosts(requests);
    const eventId = `lead.${lead?.visitId}`;
    expect(lead?.urlFields).toEqual({ utm_source: 'fb', fbclid: 'abc', ref: 'partner7' });
    expect(lead?.measurement).toMatchObject({
      eventId,
      consent: 'granted',
      fbc: expect.stringMatching(/^fb\.1\.\d{13}\.abc$/),
    });

    const tags = await tagsSeenBy(visitor);
    const gtmEvents = tags.dataLayer.filter(
      (entry): entry is { event: string; quizbeam: Record<string, unknown> } =>
        !Array.isArray(entry) && typeof (entry as { quizbeam?: unknown }).quizbeam === 'object',
    );
    expect(gtmEvents.map((entry) => entry.event)).toEqual([
      'quiz_view',
      'quiz_start',
      'question_answered',
      'question_answered',
      'question_answered',
      'lead_submitted',
      'quiz_complete',
    ]);
    expect(gtmEvents[2]?.quizbeam).toEqual({ questionNumber: 1, questionType: 'single_list' });
    expect(gtmEvents[5]?.quizbeam).toEqual({ eventId });
    expect(gtmEvents[6]?.quizbeam).toMatchObject({
      outcomeName: 'Getting started: 1 of 5',
      score: 1,
      maxScore: 5,
    });
    expect(tags.dataLayer).toContainEqual(['consent', 'update', consent('granted')]);
    expect(tags.dataLayer).toContainEqual(['config', 'G-E2E1234567']);
    expect(tags.dataLayer).toContainEqual(['event', 'generate_lead', { eventId }]);
    expect(tags.fbq.slice(0, 5)).toEqual([
      ['consent', 'revoke'],
      ['consent', 'grant'],
      ['init', '123456789012345'],
      ['track', 'PageView'],
      ['track', 'ViewContent'],
    ]);
    expect(tags.fbq).toContainEqual(['trackCustom', 'QuizStart', {}]);
    expect(tags.fbq).toContainEqual(['track', 'Lead', {}, { eventID: eventId }]);
    expect(tags.fbq).toContainEqual([
      'track',
      'CompleteRegistration',
      { content_name: 'Getting started: 1 of 5', status: true, value: 1 },
    ]);
    expect(JSON.stringify(tags)).not.toContain('grace@');

    // Stored as the page sent it: the lead's conversions carry the browser's event id and click id.
    const [stored] = await leadsOf(server.dataDir, quiz.id);
    expect(stored).toMatchObject({
      email: 'grace@example.com',
      urlFields: { utm_source: 'fb', fbclid: 'abc', ref: 'partner7' },
      measurement: expect.objectContaining(lead?.measurement as object),
    });
    await phone.close();
  });
});

describe('the same quiz embedded in a partner’s page', () => {
  let host: Server;
  let hostUrl = '';
  let embedHtml = '';
  beforeAll(async () => {
    host = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<!doctype html><title>Partner blog</title><h1>Our blog</h1>${embedHtml}`);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const address = host.address();
    // localhost:other-port is another origin than the publish origin (127.0.0.1:server-port).
    hostUrl = `http://localhost:${typeof address === 'object' && address ? address.port : 0}/`;
  });
  afterAll(() => host?.close());

  it('passes the page’s ?ref= to the quiz and hears the quiz’s events in its own dataLayer', async () => {
    const { quiz, url } = await taggedQuiz('Embedded tagged quiz');
    embedHtml = inlineEmbedCode(url);
    const phone = await ui.browser.newContext(PHONE);
    await stubAdPlatforms(phone);
    const partner = await phone.newPage();
    await partner.goto(`${hostUrl}${AD_CLICK}`);
    const iframe = partner.locator('iframe[title="Quiz"]');
    await expect.poll(async () => (await iframe.getAttribute('src')) ?? '').toContain('ref=partner7');
    const frame = partner.frameLocator('iframe[title="Quiz"]');
    await expect
      .poll(() => frame.getByRole('heading', { level: 1 }).innerText())
      .toBe('How big is your team?');

    await frame.getByRole('button', { name: 'Accept' }).click();
    await frame.getByRole('button', { name: 'Just me', exact: true }).click();
    await frame.getByRole('button', { name: 'Yes, mostly', exact: true }).click();
    await frame.getByRole('button', { name: 'Never', exact: true }).click();
    await frame.getByLabel(/email/i).fill('lin@example.com');
    await frame.getByRole('button', { name: 'Show My Results' }).click();
    await expect
      .poll(() => frame.getByRole('heading', { level: 1 }).innerText())
      .toBe('Getting started: 1 of 5');

    const partnerEvents = async () =>
      (await tagsSeenBy(partner)).dataLayer.map((entry) => (entry as { event?: string }).event);
    await expect.poll(partnerEvents).toContain('quizbeam_quiz_complete');
    expect(await partnerEvents()).toEqual([
      'quizbeam_quiz_view',
      'quizbeam_quiz_start',
      'quizbeam_question_answered',
      'quizbeam_question_answered',
      'quizbeam_question_answered',
      'quizbeam_lead_submitted',
      'quizbeam_quiz_complete',
    ]);
    const [stored] = await leadsOf(server.dataDir, quiz.id);
    const leadEvent = (await tagsSeenBy(partner)).dataLayer[5] as { eventId?: string };
    expect(leadEvent.eventId).toMatch(/^lead\.[A-Za-z0-9_-]{24}$/);
    expect(stored).toMatchObject({
      email: 'lin@example.com',
      urlFields: { utm_source: 'fb', fbclid: 'abc', ref: 'partner7' },
    });
    await phone.close();
  });
});
