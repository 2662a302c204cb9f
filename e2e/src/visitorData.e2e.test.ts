import { RETENTION_SAVED_TEXT, type RetentionSetting } from '@quizbeam/contracts/retention';
import { NO_LEADS_WITH_EMAIL_TEXT } from '@quizbeam/contracts/visitorData';
import { buildQuiz, type QuizSpec } from '@quizbeam/quiz-engine/testing/quizzes';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { publishingHelpers } from './publishingSupport';
import { sharedServer } from './sharedServer';
import { freshPagePerTest, leadsOf } from './support';
import { leaveLeads } from './visitorSupport';

const server = sharedServer();
const ui = freshPagePerTest({ viewport: { width: 1440, height: 900 } });
const { storedQuiz, publishInEditor } = publishingHelpers(ui, () => server);

const oneQuestion: QuizSpec = {
  type: 'general',
  questions: [{ text: 'Which walk do you like?', answers: [{ text: 'A long one', outcome: 0 }] }],
  outcomes: ['Beagle'],
};

const ADA = 'ada@example.com';
const BOB = 'bob@example.com';

const leadsTable = (page: Page) => page.getByRole('table', { name: 'Leads' });
const leadRow = (page: Page, email: string) =>
  leadsTable(page).getByRole('button', { name: email, exact: true });

/** Opens Erase a Person, types the address and erases; the dialog is left as the answer leaves it. */
async function eraseThroughModal(page: Page, typed: string) {
  await page.getByRole('button', { name: 'Erase a Person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase a Person' });
  await dialog.getByLabel('Email').fill(typed);
  await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
  return dialog;
}

async function storedRetention(page: Page): Promise<RetentionSetting> {
  const answer = await page.request.get(`${server.appUrl}/api/account/retention`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as RetentionSetting;
}

describe('a visitor’s data, from the Leads tab', () => {
  it('erases one person by email address, says when nobody is left to erase, and keeps the retention period chosen', async () => {
    const quiz = await storedQuiz(oneQuestion, {
      leadCaptureSettings: { ...buildQuiz(oneQuestion).quiz.leadCaptureSettings, enabled: true },
    });
    const url = await publishInEditor(quiz.id);
    await leaveLeads(ui.page.request, url, [
      { email: ADA, name: 'Ada Lovelace', utmSource: 'newsletter' },
      { email: BOB, name: 'Bob Marley', utmSource: 'podcast' },
    ]);
    expect((await leadsOf(server.dataDir, quiz.id)).map((lead) => lead.email).sort()).toEqual([ADA, BOB]);

    const { page } = ui;
    await page.goto(`${server.appUrl}/quizzes/${quiz.id}/leads`);
    await leadRow(page, ADA).waitFor();
    await leadRow(page, BOB).waitFor();

    // Typed with other capitals and spaces around: the domain is normalised, the rest compared without case.
    const dialog = await eraseThroughModal(page, '  Ada@EXAMPLE.com ');
    await page.getByRole('status').filter({ hasText: 'Erased 1 lead of Ada@example.com.' }).waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => leadRow(page, ADA).count()).toBe(0);
    expect(await leadRow(page, BOB).isVisible()).toBe(true);
    expect((await leadsOf(server.dataDir, quiz.id)).map((lead) => lead.email)).toEqual([BOB]);

    // Nobody left with that address: the dialog stays open and says so.
    const again = await eraseThroughModal(page, ADA);
    await expect.poll(() => again.getByRole('alert').innerText()).toBe(NO_LEADS_WITH_EMAIL_TEXT);
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => again.count()).toBe(0);
    expect((await leadsOf(server.dataDir, quiz.id)).map((lead) => lead.email)).toEqual([BOB]);

    // The retention period, kept forever until the marketer picks one.
    const card = page.getByRole('region', { name: 'Data Retention' });
    const period = card.getByLabel('Keep data');
    await expect.poll(() => period.isEnabled()).toBe(true);
    expect(await period.inputValue()).toBe('forever');
    expect(await storedRetention(page)).toEqual({ retentionDays: null });
    await period.selectOption({ label: '90 days' });
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: RETENTION_SAVED_TEXT }).waitFor();

    await page.reload();
    const reloaded = page.getByRole('region', { name: 'Data Retention' }).getByLabel('Keep data');
    await expect.poll(() => reloaded.isEnabled()).toBe(true);
    expect(await reloaded.inputValue()).toBe('90');
    expect(await reloaded.locator('option:checked').innerText()).toBe('90 days');
    expect(await storedRetention(page)).toEqual({ retentionDays: 90 });
  });
});
