import type { BrowserContext, Frame, FrameLocator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_GA4_MEASUREMENT_ID,
  type FakeGa4,
  startFakeGa4,
} from '../../apps/server/src/features/integrations/fakes/fakeGa4';
import {
  FAKE_META_PIXEL_ID,
  type FakeMetaConversions,
  startFakeMetaConversions,
} from '../../apps/server/src/features/integrations/fakes/fakeMetaConversions';
import { stubAdPlatforms, tagsSeenBy } from './browserTagsSupport';
import { addDestinations, captureLeads, turnOnTags } from './measurementBuilderSupport';
import {
  csvColumn,
  type EmbeddingPage,
  outboxSubjectsTo,
  parseCsv,
  sha256Hex,
  startEmbeddingPage,
  startWebhookReceiver,
  type WebhookReceiver,
} from './measurementSupport';
import { publishingHelpers, scoredOutcomes, scoredSpec } from './publishingSupport';
import { type RunningServer, startServer } from './serverProcess';
import { downloadedBytes, freshPagePerTest } from './support';

/*
 * The "Done when", as one marketer and two visitors live it: tags, conversion APIs, a webhook and
 * new-lead emails set up in the builder; an ad click on a phone and a visit through a partner's embed; then
 * every place the lead and its URL fields must reach, each checked once and for duplicates at the end.
 */

let server: RunningServer;
let meta: FakeMetaConversions;
let ga4: FakeGa4;
let webhook: WebhookReceiver;
let partnerBlog: EmbeddingPage;

beforeAll(async () => {
  [meta, ga4, webhook, partnerBlog] = await Promise.all([
    startFakeMetaConversions(),
    startFakeGa4(),
    startWebhookReceiver(),
    startEmbeddingPage(),
  ]);
  server = await startServer({
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    WORKER_POLL_MS: '200',
    ...meta.env,
    ...ga4.env,
  });
});
afterAll(async () => {
  await server?.stop();
  await Promise.all([meta?.close(), ga4?.close(), webhook?.close(), partnerBlog?.close()]);
});

const ui = freshPagePerTest({ viewport: { width: 1400, height: 900 } });
const { storedQuiz, publishInEditor } = publishingHelpers(ui, () => server);

const GTM_CONTAINER_ID = 'GTM-E2EJOURNEY';
const META_API_NAME = 'Meta ads';
const GA4_API_NAME = 'GA4 stream';
const WEBHOOK_NAME = 'Partner CRM';
const PHONE = { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const PHONE_VISITOR = { email: 'phone-visitor@example.com', name: 'Grace Hopper' };
const EMBED_VISITOR = { email: 'embed-visitor@example.com', name: 'Lin Chen' };
const OUTCOME = 'Getting started: 1 of 5';
const QUIZ_EVENTS = [
  'quiz_view',
  'quiz_start',
  'question_answered',
  'question_answered',
  'question_answered',
  'lead_submitted',
  'quiz_complete',
];
/** Every place a lead goes, as its Leads row names it once delivered. */
const DELIVERED_BADGES = [
  `Conversion API: ${META_API_NAME}: Delivered`,
  `Conversion API: ${GA4_API_NAME}: Delivered`,
  `${WEBHOOK_NAME}: Delivered`,
  'New-lead email: Delivered',
];

/** The lead bodies the page (or its frames) posted, in order. */
function recordLeadPosts(context: BrowserContext): Record<string, unknown>[] {
  const posts: Record<string, unknown>[] = [];
  context.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/_q/leads')
      posts.push(request.postDataJSON() as Record<string, unknown>);
  });
  return posts;
}

/** The quiz's events in a page's dataLayer, as GTM reads them (gtag's own calls left out). */
async function quizEventsIn(target: Page | Frame) {
  return (await tagsSeenBy(target)).dataLayer.filter(
    (entry): entry is { event: string; quizbeam: Record<string, unknown> } =>
      !Array.isArray(entry) && typeof (entry as { quizbeam?: unknown }).quizbeam === 'object',
  );
}

/** The eventID of the Meta Pixel `Lead` the page tracked (the fourth argument of fbq). */
async function metaPixelLeadEventId(target: Page | Frame) {
  const lead = (await tagsSeenBy(target)).fbq.find((call) => call[0] === 'track' && call[1] === 'Lead');
  return (lead?.[3] as { eventID?: string } | undefined)?.eventID;
}

/** Answers the three questions and leaves the visitor's details, in a page or the embed's frame. */
async function takeQuizAndLeaveLead(scope: Page | FrameLocator, visitor: typeof PHONE_VISITOR) {
  const title = scope.getByRole('heading', { level: 1 });
  await expect.poll(() => title.innerText()).toBe('How big is your team?');
  for (const choice of ['Just me', 'Yes, mostly', 'Never'])
    await scope.getByRole('button', { name: choice, exact: true }).click();
  await expect.poll(() => title.innerText()).toBe('You’re All Done!');
  await scope.getByLabel(/email/i).fill(visitor.email);
  await scope.getByLabel(/name/i).fill(visitor.name);
  await scope.getByRole('button', { name: 'Show My Results' }).click();
  await expect.poll(() => title.innerText()).toBe(OUTCOME);
}

/** The lead's Leads row, the tab reloaded until every destination shows delivered. */
async function waitUntilDeliveredEverywhere(page: Page, quizId: string, email: string) {
  await expect
    .poll(
      async () => {
        await page.goto(`${server.appUrl}/quizzes/${quizId}/leads`);
        const row = page.getByRole('table', { name: 'Leads' }).getByRole('row').filter({ hasText: email });
        await row.waitFor();
        const text = await row.innerText();
        return DELIVERED_BADGES.filter((badge) => !text.includes(badge));
      },
      { timeout: 30_000, interval: 500 },
    )
    .toEqual([]);
}

/** Clicks a download link and reads the file it saves as CSV rows. */
async function downloadedCsv(page: Page, linkName: string): Promise<string[][]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: linkName }).click(),
  ]);
  return parseCsv((await downloadedBytes(download)).toString('utf8'));
}

/** Each data row's `valueHeader` cell by its `keyHeader` cell. */
const csvPairs = (rows: string[][], keyHeader: string, valueHeader: string) => {
  const values = csvColumn(rows, valueHeader);
  return Object.fromEntries(csvColumn(rows, keyHeader).map((key, index) => [key, values[index]]));
};

describe('marketing measurement, from the Tracking tab to every destination', () => {
  it('sends an ad click’s events to the tags and the embedding page, and its lead with its URL fields once to every destination', async () => {
    const quiz = await storedQuiz(scoredSpec, {
      title: 'How ready are your ads?',
      startPage: { enabled: false },
      outcomes: scoredOutcomes(),
    });
    const { page } = ui;
    const marketer = await page.evaluate(
      async () => ((await (await fetch('/api/me')).json()) as { email: string }).email,
    );

    // 1. The marketer sets it all up in the builder and publishes.
    await turnOnTags(page, server.appUrl, quiz.id, GTM_CONTAINER_ID);
    await addDestinations(
      page,
      server.appUrl,
      { meta: META_API_NAME, ga4: GA4_API_NAME, webhook: WEBHOOK_NAME },
      `${webhook.url}/quizbeam-leads`,
    );
    await captureLeads(page, server.appUrl, quiz.id, marketer, [WEBHOOK_NAME, META_API_NAME, GA4_API_NAME]);
    const url = await publishInEditor(quiz.id);
    const embedCode = await page.getByLabel('Inline Embed Code', { exact: true }).inputValue();
    expect(embedCode).toContain(url);

    // 2. An ad click on a phone: the three platforms load at once (no consent question) and hear every event.
    const phone = await ui.browser.newContext(PHONE);
    const phoneScripts = await stubAdPlatforms(phone);
    const phoneLeads = recordLeadPosts(phone);
    const phonePage = await phone.newPage();
    await phonePage.goto(`${url}?utm_source=fb&fbclid=abc123&ref=partner7`);
    await expect.poll(() => phoneScripts.length).toBe(3);
    expect(phoneScripts).toContain(`https://www.googletagmanager.com/gtm.js?id=${GTM_CONTAINER_ID}`);
    expect(phoneScripts).toContain(`https://www.googletagmanager.com/gtag/js?id=${FAKE_GA4_MEASUREMENT_ID}`);
    await takeQuizAndLeaveLead(phonePage, PHONE_VISITOR);

    const [phoneLead] = phoneLeads;
    const phoneEventId = `lead.${phoneLead?.visitId}`;
    expect(phoneLeads).toHaveLength(1);
    expect(phoneLead?.urlFields).toEqual({ utm_source: 'fb', fbclid: 'abc123', ref: 'partner7' });
    expect(phoneLead?.measurement).toMatchObject({
      eventId: phoneEventId,
      consent: 'not-asked',
      fbc: expect.stringMatching(/^fb\.1\.\d{13}\.abc123$/),
    });
    await expect
      .poll(async () => (await quizEventsIn(phonePage)).map((entry) => entry.event))
      .toEqual(QUIZ_EVENTS);
    const phoneEvents = await quizEventsIn(phonePage);
    expect(phoneEvents[2]?.quizbeam).toEqual({ questionNumber: 1, questionType: 'single_list' });
    expect(phoneEvents[5]?.quizbeam).toEqual({ eventId: phoneEventId });
    expect(phoneEvents[6]?.quizbeam).toMatchObject({ outcomeName: OUTCOME, score: 1, maxScore: 5 });
    await expect.poll(() => metaPixelLeadEventId(phonePage)).toBe(phoneEventId);
    expect((await tagsSeenBy(phonePage)).fbq).toContainEqual(['init', FAKE_META_PIXEL_ID]);
    await phone.close();

    // 3. The same quiz in a partner's page at ?ref=partner8: its dataLayer hears the quiz, its ref reaches the lead.
    partnerBlog.setEmbedCode(embedCode);
    const desktop = await ui.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await stubAdPlatforms(desktop);
    const embedLeads = recordLeadPosts(desktop);
    const blogPage = await desktop.newPage();
    await blogPage.goto(`${partnerBlog.url}/?ref=partner8`);
    const quizFrame = blogPage.frameLocator('iframe[title="Quiz"]');
    await takeQuizAndLeaveLead(quizFrame, EMBED_VISITOR);

    const partnerEvents = async () =>
      (await tagsSeenBy(blogPage)).dataLayer.map((entry) => (entry as { event?: string }).event);
    await expect.poll(partnerEvents).toContain('quizbeam_quiz_complete');
    expect(await partnerEvents()).toEqual(QUIZ_EVENTS.map((name) => `quizbeam_${name}`));
    const [embedLead] = embedLeads;
    const embedEventId = `lead.${embedLead?.visitId}`;
    expect(embedLeads).toHaveLength(1);
    expect(embedLead?.urlFields).toEqual({ ref: 'partner8' });
    expect((await tagsSeenBy(blogPage)).dataLayer[5]).toMatchObject({
      event: 'quizbeam_lead_submitted',
      eventId: embedEventId,
    });
    const innerFrame = blogPage.frames().find((frame) => frame.url().startsWith(server.publishUrl));
    if (!innerFrame) throw new Error('the partner page has no quiz frame');
    await expect.poll(() => metaPixelLeadEventId(innerFrame)).toBe(embedEventId);
    await desktop.close();

    // 4. Server side: each lead once to Meta (the browser's event id, the email hashed) and to GA4, and the webhook.
    const leadsByEventId = {
      [phoneEventId]: PHONE_VISITOR.email,
      [embedEventId]: EMBED_VISITOR.email,
    };
    await expect.poll(() => meta.events().length, { timeout: 30_000 }).toBe(2);
    for (const [eventId, email] of Object.entries(leadsByEventId)) {
      const sent = meta.events().filter((received) => received.event.event_id === eventId);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        pixelId: FAKE_META_PIXEL_ID,
        testEventCode: null,
        event: { event_name: 'Lead', action_source: 'website', user_data: { em: [sha256Hex(email)] } },
      });
    }
    // The phone's click id went along too, as the page derived it from ?fbclid=.
    const phoneMetaEvent = meta.events().find((received) => received.event.event_id === phoneEventId);
    expect(phoneMetaEvent?.event.user_data).toMatchObject({
      fbc: (phoneLead?.measurement as { fbc?: string } | undefined)?.fbc,
    });
    await expect.poll(() => ga4.hits().length, { timeout: 30_000 }).toBe(2);
    for (const hit of ga4.hits()) {
      expect(hit.measurementId).toBe(FAKE_GA4_MEASUREMENT_ID);
      expect(hit.payload.events).toEqual([
        expect.objectContaining({
          name: 'generate_lead',
          params: expect.objectContaining({ quiz_id: quiz.id, outcome: OUTCOME, score: 1 }),
        }),
      ]);
    }
    expect(ga4.droppedCount()).toBe(0);
    await expect.poll(() => webhook.received.length, { timeout: 30_000 }).toBe(2);
    const webhookUrlFields = Object.fromEntries(
      webhook.received.map(({ body }) => {
        const { data } = body as { data: { email: string; urlFields: Record<string, string> } };
        return [data.email, data.urlFields];
      }),
    );
    expect(webhookUrlFields).toEqual({
      [PHONE_VISITOR.email]: { utm_source: 'fb', fbclid: 'abc123', ref: 'partner7' },
      [EMBED_VISITOR.email]: { ref: 'partner8' },
    });

    // …and the Leads tab shows every delivery done, with the attempt each conversion API answered.
    await waitUntilDeliveredEverywhere(page, quiz.id, EMBED_VISITOR.email);
    await waitUntilDeliveredEverywhere(page, quiz.id, PHONE_VISITOR.email);
    await page.getByRole('button', { name: PHONE_VISITOR.email, exact: true }).click();
    const attempts = page.getByRole('dialog', { name: `Deliveries of ${PHONE_VISITOR.email}` });
    const metaAttempts = attempts.getByRole('region', { name: `Conversion API: ${META_API_NAME}` });
    const ga4Attempts = attempts.getByRole('region', { name: `Conversion API: ${GA4_API_NAME}` });
    await expect.poll(() => metaAttempts.getByRole('row').count()).toBe(2);
    expect(await metaAttempts.getByRole('row').nth(1).innerText()).toContain('HTTP 200');
    await expect.poll(() => ga4Attempts.getByRole('row').count()).toBe(2);
    expect(await ga4Attempts.getByRole('row').nth(1).innerText()).toContain('HTTP 204');
    await attempts.getByRole('button', { name: 'Close', exact: true }).click();

    // 5. The URL fields in the Leads tab, the Leads CSV and the Responses CSV.
    const leadsTable = page.getByRole('table', { name: 'Leads' });
    const phoneRow = leadsTable.getByRole('row').filter({ hasText: PHONE_VISITOR.email });
    const utmSourceAt = await leadsTable.getByRole('columnheader').allInnerTexts();
    expect(await phoneRow.getByRole('cell').nth(utmSourceAt.indexOf('UTM Source')).innerText()).toBe('fb');
    await page.getByRole('button', { name: `Answers of ${PHONE_VISITOR.email}` }).click();
    const urlFields = page.getByRole('region', { name: `URL fields of ${PHONE_VISITOR.email}` });
    const urlFieldValue = (name: string) =>
      urlFields.locator('dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]');
    expect(await urlFieldValue('ref').innerText()).toBe('partner7');
    expect(await urlFieldValue('fbclid').innerText()).toBe('abc123');

    const leadsCsv = await downloadedCsv(page, 'Download CSV');
    expect(csvPairs(leadsCsv, 'Email', 'ref')).toEqual({
      [PHONE_VISITOR.email]: 'partner7',
      [EMBED_VISITOR.email]: 'partner8',
    });
    expect(csvPairs(leadsCsv, 'Email', 'UTM Source')[PHONE_VISITOR.email]).toBe('fb');

    await page.goto(`${server.appUrl}/quizzes/${quiz.id}/analytics`);
    const responsesLink = page.getByRole('link', { name: 'Download Responses' });
    const responsesUrl = new URL((await responsesLink.getAttribute('href')) ?? '', server.appUrl).href;
    // The visits reach the Responses CSV through the event writer's batches, a moment after the leads.
    await expect
      .poll(
        async () => {
          const csv = parseCsv(await (await page.request.get(responsesUrl)).text());
          return csvPairs(csv, 'Lead Email', 'ref');
        },
        { timeout: 30_000, interval: 500 },
      )
      .toMatchObject({ [PHONE_VISITOR.email]: 'partner7', [EMBED_VISITOR.email]: 'partner8' });
    const responsesCsv = await downloadedCsv(page, 'Download Responses');
    expect(csvPairs(responsesCsv, 'Lead Email', 'ref')).toMatchObject({
      [PHONE_VISITOR.email]: 'partner7',
      [EMBED_VISITOR.email]: 'partner8',
    });

    // 6. One new-lead email per lead, and still one each (and one conversion each) now that the worker has run on.
    const expectedSubjects = [PHONE_VISITOR.email, EMBED_VISITOR.email]
      .map((email) => `New lead for Funnel check: ${email}`)
      .sort();
    expect(outboxSubjectsTo(server.dataDir, marketer).sort()).toEqual(expectedSubjects);
    expect(meta.events()).toHaveLength(2);
    expect(ga4.hits()).toHaveLength(2);
    expect(webhook.received).toHaveLength(2);
  });
});
