import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption } from './editorSupport';
import { answer, heading, publishingHelpers } from './publishingSupport';
import { type RunningServer, startServer } from './serverProcess';
import { freshPagePerTest } from './support';

/** The marketer's email service, as a form endpoint on this machine: it keeps what it receives. */
class FormEndpoint {
  readonly received: URLSearchParams[] = [];
  private server: Server | undefined;
  port = 0;

  async start(port = 0): Promise<void> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        this.received.push(new URLSearchParams(body));
        response.writeHead(200, { 'content-type': 'text/plain' }).end('Thanks!');
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
    this.server?.closeAllConnections();
  }

  emails = () => this.received.map((fields) => fields.get('EMAIL'));
}

const endpoint = new FormEndpoint();
let server: RunningServer;
beforeAll(async () => {
  await endpoint.start();
  // A retry schedule of seconds, so that a lead goes from retrying to failed while the test watches.
  server = await startServer({
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    WORKER_POLL_MS: '200',
    WORKER_RETRY_BASE_MS: '1000',
    WORKER_RETRY_MAX_MS: '2000',
    WORKER_RETRY_MIN_ATTEMPTS: '3',
    WORKER_RETRY_WINDOW_MS: '6000',
  });
});
afterAll(async () => {
  await server?.stop();
  await endpoint.stop();
});

const ui = freshPagePerTest({ viewport: { width: 1400, height: 900 } });
const { storedQuiz, publishInEditor } = publishingHelpers(ui, () => server);

async function submitLead(url: string, email: string) {
  const visitor = await ui.browser.newPage();
  await visitor.goto(url);
  await answer(visitor, 'A long one');
  await expect.poll(() => heading(visitor).innerText()).toBe('You’re All Done!');
  await visitor.getByLabel(/email/i).fill(email);
  await visitor.getByLabel(/name/i).fill('Ada Lovelace');
  await visitor.getByRole('button', { name: 'Show My Results' }).click();
  await expect.poll(() => heading(visitor).innerText()).toBe('Beagle');
  await visitor.close();
}

/** The lead's row in the Leads tab, reloaded until its delivery shows `state`. */
async function waitForDeliveryState(page: Page, quizId: string, email: string, state: string) {
  await expect
    .poll(
      async () => {
        await page.goto(`${server.appUrl}/quizzes/${quizId}/leads`);
        const row = page.getByRole('table', { name: 'Leads' }).getByRole('row').filter({ hasText: email });
        await row.waitFor();
        return row.innerText();
      },
      { timeout: 20_000, interval: 500 },
    )
    .toContain(state);
}

describe('lead delivery to an HTML form', () => {
  it('delivers each lead once, shows every state in the Leads tab, alerts on a failure and resends it', async () => {
    const quiz = await storedQuiz(
      {
        type: 'general',
        questions: [{ text: 'Which walk do you like?', answers: [{ text: 'A long one', outcome: 0 }] }],
        outcomes: ['Beagle'],
      },
      { title: 'Which dog are you?', startPage: { enabled: false } },
    );

    // The marketer pastes their email service's form…
    await ui.page.goto(`${server.appUrl}/html-forms`);
    await ui.page.getByRole('button', { name: 'New Form' }).click();
    const editor = ui.page.getByRole('dialog', { name: 'New Form' });
    await editor.getByLabel('Name').fill('Dog newsletter');
    await editor
      .getByLabel('Markup')
      .fill(
        `<form action="http://127.0.0.1:${endpoint.port}/subscribe" method="post"><input type="hidden" name="list" value="dogs"><input type="email" name="EMAIL"><input name="FNAME"><button>Join</button></form>`,
      );
    await editor.getByRole('region', { name: 'Found in the markup' }).getByText('EMAIL').first().waitFor();
    await editor.getByRole('button', { name: 'Save' }).click();
    await ui.page.getByRole('status').filter({ hasText: 'Form has been saved.' }).waitFor();

    // …turns capture on, sends the leads there (the mapping is guessed from the fields), and publishes.
    await ui.page.goto(`${server.appUrl}/quizzes/${quiz.id}/capture-form`);
    await ui.page.getByRole('switch', { name: 'Enable Lead Capture' }).click();
    await chooseOption(ui.page, ui.page, 'Send Leads To', 'An HTML form');
    await chooseOption(ui.page, ui.page, 'HTML Form', 'Dog newsletter');
    await ui.page.getByRole('button', { name: 'Save' }).click();
    await ui.page.getByRole('status').filter({ hasText: 'Quiz has been saved.' }).waitFor();
    const url = await publishInEditor(quiz.id);

    await submitLead(url, 'first@example.com');
    await expect.poll(() => endpoint.emails(), { timeout: 20_000 }).toEqual(['first@example.com']);
    expect(endpoint.received[0]?.get('FNAME')).toBe('Ada Lovelace');
    expect(endpoint.received[0]?.get('list')).toBe('dogs');
    await waitForDeliveryState(ui.page, quiz.id, 'first@example.com', 'Delivered');

    // The service is down: the lead waits and is retried, then fails for good and the builder says so.
    const port = endpoint.port;
    await endpoint.stop();
    await submitLead(url, 'second@example.com');
    await waitForDeliveryState(ui.page, quiz.id, 'second@example.com', 'Retrying');
    await waitForDeliveryState(ui.page, quiz.id, 'second@example.com', 'Failed');
    await ui.page.goto(`${server.appUrl}/`);
    await ui.page.getByText('Leads could not be delivered to Dog newsletter (1 waiting).').waitFor();

    // Once the service is back, Resend delivers it, once.
    await endpoint.start(port);
    await ui.page.goto(`${server.appUrl}/quizzes/${quiz.id}/leads`);
    await ui.page.getByRole('button', { name: 'Resend all failed' }).click();
    await expect.poll(() => endpoint.emails(), { timeout: 20_000 }).toContain('second@example.com');
    await waitForDeliveryState(ui.page, quiz.id, 'second@example.com', 'Delivered');
    expect(endpoint.emails().filter((email) => email === 'second@example.com')).toHaveLength(1);
    expect(endpoint.emails().filter((email) => email === 'first@example.com')).toHaveLength(1);
  });
});
