import { createZapierHookEndpoint, type ZapierHookBody, zapierLeadSchema } from '@quizbeam/contracts/zapier';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConvertKitFake,
  startConvertKitFake,
} from '../../apps/server/src/features/integrations/fakes/autoresponders/convertKitFake';
import { chooseOption, saveQuizInEditor } from './editorSupport';
import {
  type RecordingProxy,
  startRecordingProxy,
  startWebhookReceiver,
  type WebhookReceiver,
} from './measurementSupport';
import { answer, heading, publishingHelpers } from './publishingSupport';
import { type RunningServer, startServer } from './serverProcess';
import { freshPagePerTest } from './support';

/*
 * The "Done when" for the destinations the measurement journey leaves out: an ad click's URL field
 * reaching an email service's custom field (mapped on the Tracking tab) and a Zap subscribed as Zapier does.
 */

let server: RunningServer;
let kit: ConvertKitFake;
/** Between the server and the Kit fake: the subscribe calls as they went out. */
let kitCalls: RecordingProxy;
/** Stands in for Zapier's hook URL. */
let zapHook: WebhookReceiver;

beforeAll(async () => {
  [kit, zapHook] = await Promise.all([startConvertKitFake(), startWebhookReceiver()]);
  kitCalls = await startRecordingProxy(kit);
  server = await startServer({
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    WORKER_POLL_MS: '200',
    ...kitCalls.env,
  });
});
afterAll(async () => {
  await server?.stop();
  await Promise.all([kitCalls?.close(), kit?.close(), zapHook?.close()]);
});

const ui = freshPagePerTest({ viewport: { width: 1400, height: 900 } });
const { storedQuiz, publishInEditor } = publishingHelpers(ui, () => server);

const CONNECTION_NAME = 'Kit newsletter';
/** The Kit custom field's key the marketer maps `ref` to. */
const KIT_REF_FIELD = 'referral_partner';
const VISITOR = { email: 'ad-click@example.com', name: 'Ada Lovelace' };
const AD_CLICK = { utm_source: 'fb', ref: 'partner7' };
/** Every place the lead goes, as its Leads row names it once delivered. */
const DELIVERED_BADGES = [`${CONNECTION_NAME}: Delivered`, 'Zapier: Delivered'];

/** Integrations: ConvertKit by its API secret. */
async function connectConvertKit(page: Page) {
  await page.goto(`${server.appUrl}/integrations/new`);
  await page.getByRole('button', { name: 'ConvertKit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect ConvertKit' });
  await dialog.getByLabel('Name').fill(CONNECTION_NAME);
  await dialog.getByLabel('API Secret').fill(kit.demoCredentials.apiKey);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await page.getByText('Your ConvertKit account has been successfully connected to Quizbeam.').waitFor();
}

/** Capture Form: capture on, the leads to one of the Kit account's forms. */
async function sendLeadsToKitForm(page: Page, quizId: string, formName: string) {
  await page.goto(`${server.appUrl}/quizzes/${quizId}/capture-form`);
  await page.getByRole('switch', { name: 'Enable Lead Capture' }).click();
  await chooseOption(page, page, 'Send Leads To', 'An integration');
  await chooseOption(page, page, 'Connection', `${CONNECTION_NAME} (ConvertKit)`);
  await chooseOption(page, page, 'List', `Form: ${formName}`);
  await saveQuizInEditor(page);
}

/** Tracking tab: `ref` kept as a URL field and mapped to the Kit custom field. */
async function keepRefForKit(page: Page, quizId: string) {
  await page.goto(`${server.appUrl}/quizzes/${quizId}/tracking`);
  await page.getByLabel('Parameter name', { exact: true }).fill('ref');
  await page.getByRole('button', { name: 'Add URL Field' }).click();
  const refRow = page
    .getByRole('list', { name: 'URL Fields' })
    .getByRole('listitem', { name: 'ref', exact: true });
  await refRow.getByRole('textbox', { name: 'Email service field' }).fill(KIT_REF_FIELD);
  await saveQuizInEditor(page);
}

/** What the Zapier app does when a Zap is turned on: subscribes its hook URL with the account's API key. */
async function subscribeZap(page: Page, quizId: string, targetUrl: string): Promise<string> {
  await page.goto(`${server.appUrl}/zapier`);
  const keyInput = page.getByRole('textbox', { name: 'API Key' });
  await expect.poll(() => keyInput.inputValue()).toMatch(/^qbz_/);
  const apiKey = await keyInput.inputValue();
  const body: ZapierHookBody = { targetUrl, quizId };
  const response = await fetch(new URL(createZapierHookEndpoint.path, server.appUrl), {
    method: createZapierHookEndpoint.method,
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return createZapierHookEndpoint.response.parse(await response.json()).id;
}

/** A visitor from an ad: the quiz's address with the click's parameters; answers and leaves their details. */
async function leaveLeadFromAdClick(quizUrl: string) {
  const address = new URL(quizUrl);
  for (const [name, value] of Object.entries(AD_CLICK)) address.searchParams.set(name, value);
  const visitor = await ui.browser.newPage();
  await visitor.goto(address.href);
  await answer(visitor, 'A long one');
  await expect.poll(() => heading(visitor).innerText()).toBe('You’re All Done!');
  await visitor.getByLabel(/email/i).fill(VISITOR.email);
  await visitor.getByLabel(/name/i).fill(VISITOR.name);
  await visitor.getByRole('button', { name: 'Show My Results' }).click();
  await expect.poll(() => heading(visitor).innerText()).toBe('Beagle');
  await visitor.close();
}

/** The Leads tab reloaded until the lead's every destination shows delivered (the ledger then sends no more). */
async function waitUntilDeliveredEverywhere(page: Page, quizId: string) {
  await expect
    .poll(
      async () => {
        await page.goto(`${server.appUrl}/quizzes/${quizId}/leads`);
        const row = page
          .getByRole('table', { name: 'Leads' })
          .getByRole('row')
          .filter({ hasText: VISITOR.email });
        await row.waitFor();
        const text = await row.innerText();
        return DELIVERED_BADGES.filter((badge) => !text.includes(badge));
      },
      { timeout: 30_000, interval: 500 },
    )
    .toEqual([]);
}

describe('URL fields to an email service and to Zapier', () => {
  it('sends an ad click’s ref to the email service’s mapped field and to a subscribed Zap, once each', async () => {
    const quiz = await storedQuiz(
      {
        type: 'general',
        questions: [{ text: 'Which walk do you like?', answers: [{ text: 'A long one', outcome: 0 }] }],
        outcomes: ['Beagle'],
      },
      { title: 'Which dog are you?', startPage: { enabled: false } },
    );
    const { page } = ui;
    const form = kit.targets.find((target) => target.id.startsWith('form:'));
    if (!form) throw new Error('the ConvertKit fake has no form');

    // 1. The marketer connects Kit, sends the leads to its form, maps `ref` to a Kit field and publishes.
    await connectConvertKit(page);
    await sendLeadsToKitForm(page, quiz.id, form.name);
    await keepRefForKit(page, quiz.id);
    const url = await publishInEditor(quiz.id);

    // 2. A Zap for this quiz's new leads is turned on.
    await subscribeZap(page, quiz.id, `${zapHook.url}/hooks/catch/1234/abcd`);

    // 3. An ad click leaves a lead, which reaches both destinations.
    await leaveLeadFromAdClick(url);
    await waitUntilDeliveredEverywhere(page, quiz.id);

    // Kit: one subscribe call, carrying the mapped field, and the subscriber on the form with it.
    const subscribes = kitCalls.forwarded.filter(
      (call) => call.method === 'POST' && call.path.endsWith('/subscribe'),
    );
    expect(subscribes).toHaveLength(1);
    expect(JSON.parse(subscribes[0]?.body ?? '{}')).toMatchObject({
      email: VISITOR.email,
      fields: { [KIT_REF_FIELD]: AD_CLICK.ref },
    });
    const subscribers = kit.contacts().filter((contact) => contact.email === VISITOR.email);
    expect(subscribers).toHaveLength(1);
    expect(subscribers[0]?.fields).toEqual({ [KIT_REF_FIELD]: AD_CLICK.ref });
    expect(subscribers[0]?.targetIds).toContain(form.id);

    // Zapier: one lead posted to the hook, with its URL fields.
    expect(zapHook.received).toHaveLength(1);
    const zapLead = zapierLeadSchema.parse(zapHook.received[0]?.body);
    expect(zapLead).toMatchObject({ email: VISITOR.email, quizId: quiz.id, utmSource: AD_CLICK.utm_source });
    expect(zapLead.urlFields).toEqual(AD_CLICK);
  });
});
