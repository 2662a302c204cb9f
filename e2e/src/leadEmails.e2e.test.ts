import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, heading, publishingHelpers } from './publishingSupport';
import { type RunningServer, startServer } from './serverProcess';
import { freshPagePerTest } from './support';

/*
 * New-lead emails, as a marketer sets them up and a recipient reads them: an email per lead from the Capture
 * Form, arriving in the outbox once per recipient with the lead and a link to the Leads tab, and an
 * unsubscribe link that stops the next one.
 */

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ WORKER_POLL_MS: '200' });
});
afterAll(async () => {
  await server?.stop();
});

const ui = freshPagePerTest({ viewport: { width: 1400, height: 900 } });
const { storedQuiz, publishInEditor } = publishingHelpers(ui, () => server);

interface OutboxEmail {
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
  /** The headers, folded lines joined. */
  headers: string;
}

/** Quoted-printable as nodemailer writes it: soft line breaks, and =XX for each byte of UTF-8. */
function decodeQuotedPrintable(body: string): string {
  const unfolded = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < unfolded.length; index += 1) {
    const hex = unfolded.slice(index + 1, index + 3);
    if (unfolded[index] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(unfolded[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The emails in the server's outbox to `to`, oldest first. */
function emailsTo(to: string): OutboxEmail[] {
  const outbox = path.join(server.dataDir, 'outbox');
  const slug = to.replace(/[^a-zA-Z0-9]+/g, '_');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((name) => name.includes(`-${slug}-`) && name.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.sort().map((file) => {
    const eml = readFileSync(path.join(outbox, file), 'utf8');
    const [head = '', ...rest] = eml.split(/\r?\n\r?\n/);
    const headers = head.replace(/\r?\n[ \t]+/g, ' ');
    // The text part of the multipart/alternative message: its own headers, a blank line, its body.
    const part = eml.match(/Content-Type: text\/plain[^\n]*\n((?:[^\r\n]+\r?\n)*)\r?\n([\s\S]*?)\r?\n--/);
    const partHeaders = part?.[1] ?? '';
    const body = part?.[2] ?? rest.join('\n\n');
    return {
      subject: headers.match(/^Subject: (.*)$/m)?.[1] ?? '',
      text: /Content-Transfer-Encoding: quoted-printable/i.test(partHeaders)
        ? decodeQuotedPrintable(body)
        : body,
      headers,
    };
  });
}

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

/** Waits until the lead's new-lead email shows as delivered in the Leads tab. */
async function waitForDelivered(quizId: string, email: string) {
  await expect
    .poll(
      async () => {
        await ui.page.goto(`${server.appUrl}/quizzes/${quizId}/leads`);
        const row = ui.page.getByRole('table', { name: 'Leads' }).getByRole('row').filter({ hasText: email });
        await row.waitFor();
        return row.innerText();
      },
      { timeout: 20_000, interval: 500 },
    )
    .toContain('Delivered');
}

describe('new-lead emails', () => {
  it('emails each recipient once per lead, with the lead and the Leads link, until they unsubscribe', async () => {
    const quiz = await storedQuiz(
      {
        type: 'general',
        questions: [{ text: 'Which walk do you like?', answers: [{ text: 'A long one', outcome: 0 }] }],
        outcomes: ['Beagle'],
      },
      { title: 'Which dog are you?', startPage: { enabled: false } },
    );
    const marketer = await ui.page.evaluate(async () => {
      const me = (await (await fetch('/api/me')).json()) as { email: string };
      return me.email;
    });
    const sales = 'sales-team@example.com';

    // The marketer turns capture on and an email per lead, keeps themself listed and adds a colleague.
    await ui.page.goto(`${server.appUrl}/quizzes/${quiz.id}/capture-form`);
    await ui.page.getByRole('switch', { name: 'Enable Lead Capture' }).click();
    const panel = ui.page.getByRole('region', { name: 'New-Lead Emails' });
    await panel.getByRole('radio', { name: 'An email for each new lead' }).check();
    const recipients = panel.getByRole('list', { name: 'Recipients' });
    await recipients.getByText(marketer).waitFor();
    await panel.getByLabel('Email address').fill('not an address');
    await panel.getByRole('button', { name: 'Add Recipient' }).click();
    await panel.getByText('Please enter a valid email address.').waitFor();
    await panel.getByLabel('Email address').fill(sales);
    await panel.getByLabel('Email address').press('Enter');
    await recipients.getByText(sales).waitFor();
    await ui.page.getByRole('button', { name: 'Save' }).click();
    await ui.page.getByRole('status').filter({ hasText: 'Quiz has been saved.' }).waitFor();
    const url = await publishInEditor(quiz.id);

    // A visitor leaves a lead: each recipient gets one email about it.
    await submitLead(url, 'first@example.com');
    await expect.poll(() => emailsTo(marketer).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => emailsTo(sales).length, { timeout: 20_000 }).toBe(1);
    await waitForDelivered(quiz.id, 'first@example.com');
    const [email] = emailsTo(marketer);
    expect(email?.subject).toBe('New lead for Funnel check: first@example.com');
    const leadsLink = `${server.appUrl}/quizzes/${quiz.id}/leads`;
    for (const line of ['Email: first@example.com', 'Name: Ada Lovelace', 'Outcome: Beagle', leadsLink]) {
      expect(email?.text).toContain(line);
    }
    const unsubscribeLink = email?.text.match(
      /https?:\/\/\S+\/lead-emails\/unsubscribe\/[A-Za-z0-9_.-]+/,
    )?.[0];
    if (!unsubscribeLink) throw new Error('no unsubscribe link in the email');
    expect(email?.headers).toContain(`List-Unsubscribe: <${unsubscribeLink}>`);
    expect(email?.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // The Leads link opens the quiz's Leads tab.
    await ui.page.goto(leadsLink);
    await ui.page.getByRole('table', { name: 'Leads' }).getByText('first@example.com').waitFor();

    // The marketer unsubscribes from the email's link: opening it asks, the button does it.
    await ui.page.goto(unsubscribeLink);
    await ui.page
      .getByRole('heading', { name: `Stop new-lead emails for Funnel check to ${marketer}?` })
      .waitFor();
    await ui.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await ui.page
      .getByRole('heading', { name: 'You will get no more new-lead emails for Funnel check.' })
      .waitFor();

    // The next lead reaches the colleague only, and the Capture Form says who unsubscribed.
    await submitLead(url, 'second@example.com');
    await expect.poll(() => emailsTo(sales).length, { timeout: 20_000 }).toBe(2);
    await waitForDelivered(quiz.id, 'second@example.com');
    expect(emailsTo(sales).map((sent) => sent.subject)).toEqual([
      'New lead for Funnel check: first@example.com',
      'New lead for Funnel check: second@example.com',
    ]);
    expect(emailsTo(marketer)).toHaveLength(1);
    await ui.page.goto(`${server.appUrl}/quizzes/${quiz.id}/capture-form`);
    const marketerRow = ui.page
      .getByRole('region', { name: 'New-Lead Emails' })
      .getByRole('listitem')
      .filter({ hasText: marketer });
    await marketerRow.getByText('Unsubscribed').waitFor();
    await marketerRow.getByRole('button', { name: 'Subscribe Again' }).click();
    await ui.page
      .getByRole('status')
      .filter({ hasText: `${marketer} will get new-lead emails again.` })
      .waitFor();
    await expect.poll(() => marketerRow.getByText('Unsubscribed').count()).toBe(0);
  });
});
