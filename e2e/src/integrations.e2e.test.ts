import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AweberFake,
  startAweberFake,
} from '../../apps/server/src/features/integrations/fakes/autoresponders/aweberFake';
import {
  type ConvertKitFake,
  startConvertKitFake,
} from '../../apps/server/src/features/integrations/fakes/autoresponders/convertKitFake';
import { chooseOption } from './editorSupport';
import { answer, heading, publishingHelpers } from './publishingSupport';
import { type RunningServer, startServer } from './serverProcess';
import { freshPagePerTest } from './support';

let aweber: AweberFake;
let kit: ConvertKitFake;
let server: RunningServer;
/** Stands in for Zapier's hook URL: keeps every lead posted to it. */
const zapHook = { received: [] as unknown[], server: undefined as Server | undefined, url: '' };

beforeAll(async () => {
  aweber = await startAweberFake();
  kit = await startConvertKitFake();
  zapHook.server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      zapHook.received.push(JSON.parse(body));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success"}');
    });
  });
  await new Promise<void>((resolve) => zapHook.server?.listen(0, '127.0.0.1', resolve));
  zapHook.url = `http://127.0.0.1:${(zapHook.server.address() as AddressInfo).port}/hooks/catch/1/abc`;
  server = await startServer({
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    WORKER_POLL_MS: '200',
    ...aweber.env,
    ...kit.env,
  });
});
afterAll(async () => {
  await server?.stop();
  await aweber?.close();
  await kit?.close();
  zapHook.server?.closeAllConnections();
  zapHook.server?.close();
});

const ui = freshPagePerTest({ viewport: { width: 1400, height: 900 } });
const { storedQuiz, anotherStoredQuiz, publishInEditor } = publishingHelpers(ui, () => server);

async function submitLead(url: string, email: string, choice = 'A long one', outcome = 'Beagle') {
  const visitor = await ui.browser.newPage();
  await visitor.goto(url);
  await answer(visitor, choice);
  await expect.poll(() => heading(visitor).innerText()).toBe('You’re All Done!');
  await visitor.getByLabel(/email/i).fill(email);
  await visitor.getByLabel(/name/i).fill('Ada Lovelace');
  await visitor.getByRole('button', { name: 'Show My Results' }).click();
  await expect.poll(() => heading(visitor).innerText()).toBe(outcome);
  await visitor.close();
}

async function connectionRow(page: Page, name: string): Promise<string> {
  await page.goto(`${server.appUrl}/integrations`);
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByText(/^(Active|Inactive)$/).waitFor();
  return row.innerText();
}

async function sendLeadsTo(page: Page, quizId: string, connection: string, list: string) {
  await page.goto(`${server.appUrl}/quizzes/${quizId}/capture-form`);
  await page.getByRole('switch', { name: 'Enable Lead Capture' }).click();
  await chooseOption(page, page, 'Send Leads To', 'An integration');
  await chooseOption(page, page, 'Connection', connection);
  await chooseOption(page, page, 'List', list);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Quiz has been saved.' }).waitFor();
}

const dogQuiz = {
  type: 'general' as const,
  questions: [{ text: 'Which walk do you like?', answers: [{ text: 'A long one', outcome: 0 }] }],
  outcomes: ['Beagle'],
};

describe('email service integrations', () => {
  it('connects by OAuth and by API key, delivers each lead with its tags (per outcome too), waits through a revoked key and delivers after a reconnect', async () => {
    const quiz = await storedQuiz(dogQuiz, { title: 'Which dog are you?', startPage: { enabled: false } });
    const page = ui.page;

    // AWeber by OAuth, through the service's consent page.
    await page.goto(`${server.appUrl}/integrations/new`);
    await page.getByRole('button', { name: 'AWeber' }).click();
    const aweberDialog = page.getByRole('dialog', { name: 'Connect AWeber' });
    await aweberDialog.getByLabel('Name').fill("Ada's AWeber");
    await aweberDialog.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('link', { name: 'Allow' }).click();
    await page.getByText('Your AWeber account has been successfully connected to Quizbeam.').waitFor();
    expect(await connectionRow(page, "Ada's AWeber")).toContain('Active');

    // ConvertKit by API secret; a wrong one is flagged on its field first.
    await page.goto(`${server.appUrl}/integrations/new`);
    await page.getByRole('button', { name: 'ConvertKit' }).click();
    const kitDialog = page.getByRole('dialog', { name: 'Connect ConvertKit' });
    await kitDialog.getByLabel('Name').fill('Kit (main)');
    await kitDialog.getByLabel('API Secret').fill('wrong-secret');
    await kitDialog.getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => kitDialog.getByLabel('API Secret').getAttribute('aria-invalid')).toBe('true');
    await kitDialog.getByLabel('API Secret').fill(kit.demoCredentials.apiKey);
    await kitDialog.getByRole('button', { name: 'Connect' }).click();
    await page.getByText('Your ConvertKit account has been successfully connected to Quizbeam.').waitFor();

    // The quiz's leads go to a Kit form; a visitor submits; the contact arrives with its tags.
    const form = kit.targets.find((target) => target.id.startsWith('form:'));
    if (!form) throw new Error('the fake has no form');
    await sendLeadsTo(page, quiz.id, 'Kit (main) (ConvertKit)', `Form: ${form.name}`);
    const url = await publishInEditor(quiz.id);
    await submitLead(url, 'ada@example.com');
    await expect
      .poll(() => kit.contacts().find((contact) => contact.email === 'ada@example.com')?.tags, {
        timeout: 20_000,
      })
      .toEqual(expect.arrayContaining(['quizbeam', 'quiz: Funnel check', 'outcome: Beagle']));

    // The user revokes the secret in ConvertKit: the next lead waits and the connection shows inactive.
    kit.revokeAll();
    await submitLead(url, 'grace@example.com');
    await expect
      .poll(() => connectionRow(page, 'Kit (main)'), { timeout: 20_000, interval: 500 })
      .toContain('Inactive');
    await page.goto(`${server.appUrl}/quizzes/${quiz.id}/leads`);
    await page.getByRole('row').filter({ hasText: 'grace@example.com' }).getByText('Retrying').waitFor();
    await page.getByText(/The connection Kit \(main\) stopped working/).waitFor();

    // Reconnect with the new secret: the waiting lead arrives.
    await page.goto(`${server.appUrl}/integrations`);
    await page.getByRole('button', { name: 'Reconnect: Kit (main)' }).click();
    const reconnect = page.getByRole('dialog', { name: 'Reconnect Kit (main)' });
    await reconnect.getByLabel('API Secret').fill(kit.demoCredentials.apiKey);
    await reconnect.getByRole('button', { name: 'Connect' }).click();
    await expect
      .poll(() => kit.contacts().map((contact) => contact.email), { timeout: 20_000 })
      .toContain('grace@example.com');
    expect(kit.contacts().filter((contact) => contact.email === 'ada@example.com')).toHaveLength(1);

    // A second quiz segments by outcome: each outcome's leads go to its own AWeber list.
    const second = await anotherStoredQuiz(
      {
        type: 'general',
        questions: [
          {
            text: 'Which walk do you like?',
            answers: [
              { text: 'A long one', outcome: 0 },
              { text: 'A short one', outcome: 1 },
            ],
          },
        ],
        outcomes: ['Beagle', 'Poodle'],
      },
      { title: 'Walkies', startPage: { enabled: false } },
    );
    const [beagleList, poodleList] = aweber.targets;
    if (!beagleList || !poodleList) throw new Error('the AWeber fake needs two lists');
    await page.goto(`${server.appUrl}/quizzes/${second.id}/capture-form`);
    await page.getByRole('switch', { name: 'Enable Lead Capture' }).click();
    await chooseOption(page, page, 'Send Leads To', 'An integration');
    await chooseOption(page, page, 'Connection', "Ada's AWeber (AWeber)");
    await page.getByRole('switch', { name: 'Segment by Outcome' }).click();
    await chooseOption(
      page,
      page.getByRole('region', { name: 'Outcome 1: Beagle' }),
      'List',
      beagleList.name,
    );
    await chooseOption(
      page,
      page.getByRole('region', { name: 'Outcome 2: Poodle' }),
      'List',
      poodleList.name,
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Quiz has been saved.' }).waitFor();
    const secondUrl = await publishInEditor(second.id);
    await submitLead(secondUrl, 'lin@example.com', 'A short one', 'Poodle');
    await submitLead(secondUrl, 'max@example.com', 'A long one', 'Beagle');
    const contactOf = (email: string) => aweber.contacts().find((contact) => contact.email === email);
    await expect
      .poll(() => contactOf('lin@example.com'), { timeout: 20_000 })
      .toMatchObject({
        name: 'Ada Lovelace',
        targetIds: [poodleList.id],
      });
    await expect
      .poll(() => contactOf('max@example.com')?.targetIds, { timeout: 20_000 })
      .toEqual([beagleList.id]);
  });

  it('sends new leads to a Zap subscribed with the account’s API key', async () => {
    const quiz = await storedQuiz(dogQuiz, { title: 'Zap me', startPage: { enabled: false } });
    await ui.page.goto(`${server.appUrl}/zapier`);
    const keyInput = ui.page.getByRole('textbox', { name: 'API Key' });
    await expect.poll(() => keyInput.inputValue()).toMatch(/^qbz_/);
    const apiKey = await keyInput.inputValue();

    const subscribed = await ui.page.request.post(`${server.appUrl.replace(/\/$/, '')}/api/zapier/hooks`, {
      headers: { 'x-api-key': apiKey },
      data: { targetUrl: zapHook.url, quizId: quiz.id },
    });
    expect(subscribed.status()).toBe(201);

    await ui.page.goto(`${server.appUrl}/quizzes/${quiz.id}/capture-form`);
    await ui.page.getByRole('switch', { name: 'Enable Lead Capture' }).click();
    await ui.page.getByRole('button', { name: 'Save' }).click();
    await ui.page.getByRole('status').filter({ hasText: 'Quiz has been saved.' }).waitFor();
    const url = await publishInEditor(quiz.id);
    await submitLead(url, 'zap@example.com');
    await expect
      .poll(() => zapHook.received, { timeout: 20_000 })
      .toEqual([expect.objectContaining({ email: 'zap@example.com', quizName: 'Funnel check' })]);
  });
});
