import { buildQuiz, type QuizSpec } from '@quizbeam/quiz-engine/testing/quizzes';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TINY_PNG } from './editorSupport';
import { answer, heading, publishingHelpers } from './publishingSupport';
import { sharedServer } from './sharedServer';
import { freshPagePerTest } from './support';
import { leaveLeads } from './visitorSupport';

const server = sharedServer();

const ui = freshPagePerTest({ viewport: { width: 1440, height: 900 } });
const { storedQuiz, anotherStoredQuiz, publishInEditor } = publishingHelpers(ui, () => server);

const oneQuestion: QuizSpec = {
  type: 'general',
  questions: [{ text: 'Which walk do you like?', answers: [{ text: 'A long one', outcome: 0 }] }],
  outcomes: ['Beagle'],
};

/** How many lines an element's text takes. */
const lineCount = (element: Locator) =>
  element.evaluate((node) => {
    const range = node.ownerDocument.createRange();
    range.selectNodeContents(node);
    const lines = [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => rect.bottom);
    return new Set(lines.map(Math.round)).size;
  });

/** The box of a list row as it is drawn: what makes two lists look alike. */
const rowStyle = (row: Locator) =>
  row.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      display: style.display,
      background: style.backgroundColor,
      border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
      radius: style.borderTopLeftRadius,
      shadow: style.boxShadow,
      padding: style.padding,
      listStyle: style.listStyleType,
    };
  });

async function signedInAccountId(page: Page): Promise<string> {
  const me = (await (await page.request.get(`${server.appUrl}/api/me`)).json()) as {
    account: { id: string };
  };
  return me.account.id;
}

describe('layout details', () => {
  it('keeps each lead’s email address whole, on one line, in the Leads table', async () => {
    await ui.page.setViewportSize({ width: 900, height: 800 });
    const withCapture = await storedQuiz(oneQuestion, {
      leadCaptureSettings: { ...buildQuiz(oneQuestion).quiz.leadCaptureSettings, enabled: true },
    });
    const url = await publishInEditor(withCapture.id);
    const email = 'someone.with.a.rather.long.address@marketing-department.example.com';
    await leaveLeads(ui.page.request, url, [{ email, name: 'Ada Lovelace', utmSource: 'newsletter' }]);

    await ui.page.goto(`${server.appUrl}/quizzes/${withCapture.id}/leads`);
    const address = ui.page
      .getByRole('table', { name: 'Leads' })
      .getByRole('button', { name: email, exact: true });
    await address.waitFor();
    expect(await lineCount(address)).toBe(1);
  });

  it('keeps the buttons of each My Quizzes card in one row, each on one line', async () => {
    await storedQuiz(oneQuestion, { name: 'First quiz' });
    await anotherStoredQuiz(oneQuestion, { name: 'Second quiz' });
    await anotherStoredQuiz(oneQuestion, { name: 'Third quiz' });
    for (const width of [1440, 1280, 900, 390]) {
      await ui.page.setViewportSize({ width, height: 900 });
      await ui.page.goto(`${server.appUrl}/`);
      const cards = ui.page.locator('.quiz-card');
      await expect.poll(() => cards.count()).toBe(3);
      for (const card of await cards.all()) {
        const buttons = card.locator('.quiz-card__actions .button');
        const tops = await buttons.evaluateAll((elements) =>
          elements.map((element) => Math.round(element.getBoundingClientRect().top)),
        );
        expect({ width, tops: new Set(tops).size }).toEqual({ width, tops: 1 });
        for (const button of await buttons.all()) expect(await lineCount(button)).toBe(1);
      }
    }
  });

  it('keeps Choose File on one line beside a long file name, on a desktop and on a phone', async () => {
    const quiz = await storedQuiz(oneQuestion, {});
    await ui.page.goto(`${server.appUrl}/quizzes/${quiz.id}/appearance`);
    await ui.page.getByLabel('Background Image').setInputFiles({
      name: 'a-very-long-background-photo-name-straight-from-the-camera-roll-2026-11-27.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    const field = ui.page.locator('.file-input').filter({ hasText: 'a-very-long-background-photo' });
    await field.waitFor({ timeout: 20_000 });
    for (const width of [1440, 1024, 390]) {
      await ui.page.setViewportSize({ width, height: 900 });
      expect({ width, lines: await lineCount(field.locator('.file-input__choose')) }).toEqual({
        width,
        lines: 1,
      });
    }
  });

  it('lists the webhooks to choose in the Capture Form as Integrations lists them', async () => {
    const quiz = await storedQuiz(oneQuestion, {});
    const account = await signedInAccountId(ui.page);
    const created = await ui.page.request.post(`${server.appUrl}/accounts/${account}/webhooks`, {
      data: { name: 'CRM', url: 'https://crm.example/hooks/leads' },
      headers: { origin: new URL(server.appUrl).origin },
    });
    expect(created.ok()).toBe(true);

    await ui.page.goto(`${server.appUrl}/integrations`);
    const integrationsRow = ui.page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').first();
    await integrationsRow.waitFor();
    const expected = await rowStyle(integrationsRow);

    await ui.page.goto(`${server.appUrl}/quizzes/${quiz.id}/capture-form`);
    const choice = ui.page.getByRole('checkbox', { name: /CRM/ });
    await choice.waitFor();
    const pickerRow = choice.locator('xpath=ancestor::li[1]');
    expect(await pickerRow.count()).toBe(1);
    expect(await rowStyle(pickerRow)).toEqual(expected);
    expect(await pickerRow.locator('xpath=..').evaluate((list) => list.tagName)).toBe('UL');
  });

  it('keeps the result page’s share links together on one line on a phone', async () => {
    const quiz = await storedQuiz(oneQuestion, {
      title: 'Which dog are you?',
      startPage: { enabled: false },
      outcomes: buildQuiz(oneQuestion).quiz.outcomes.map((outcome) => ({
        ...outcome,
        name: 'Beagle',
        enableSocialSharing: true,
      })),
    });
    const url = await publishInEditor(quiz.id);
    for (const width of [320, 360, 390]) {
      const phone = await ui.browser.newContext({ viewport: { width, height: 740 }, isMobile: true });
      const visitor = await phone.newPage();
      await visitor.goto(url);
      await answer(visitor, 'A long one');
      await expect.poll(() => heading(visitor).innerText()).toBe('Beagle');
      const tops = await visitor
        .locator('.qb-share a')
        .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
      expect({ width, links: tops.length, lines: new Set(tops).size }).toEqual({ width, links: 3, lines: 1 });
      await phone.close();
    }
  });
});
