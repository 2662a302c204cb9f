import { quizSchema } from '@quizbeam/contracts/quiz';
import { addAnswer, updateAnswer } from '@quizbeam/quiz-engine/answers';
import { addOutcome, updateOutcome } from '@quizbeam/quiz-engine/outcomes';
import { addQuestion, updateQuestion } from '@quizbeam/quiz-engine/questions';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createAccount, freshPagePerTest, signIn } from './support';

const appUrl = inject('appUrl');
const dataDir = inject('dataDir');

const LONG_NAME = `The outcome for marketers who ${'really '.repeat(40)}like long names`;

const viewports = {
  desktop: { width: 1440, height: 900 },
  tablet: { width: 820, height: 1180 },
  phone: { width: 390, height: 844 },
} as const;

/** A general quiz whose first answer links an outcome and jumps to a question, both with very long labels. */
async function quizWithLongLabels(page: Page): Promise<string> {
  const created = await page.request.post(`${appUrl}/api/quizzes`, {
    data: { name: 'Layout check', type: 'general' },
  });
  const { quizId } = (await created.json()) as { quizId: string };
  let quiz = quizSchema.parse(await (await page.request.get(`${appUrl}/api/quizzes/${quizId}`)).json());
  const outcome = addOutcome(quiz);
  quiz = updateOutcome(outcome.quiz, outcome.outcomeId, { name: LONG_NAME });
  const first = addQuestion(quiz);
  const second = addQuestion(first.quiz);
  quiz = updateQuestion(second.quiz, first.questionId, { text: 'First question' });
  quiz = updateQuestion(quiz, second.questionId, {
    text: `Second question ${'with many words '.repeat(20)}`,
  });
  const answer = addAnswer(quiz, first.questionId);
  quiz = updateAnswer(answer.quiz, first.questionId, answer.answerId, {
    text: 'Yes',
    outcome: outcome.outcomeId,
    next: { defaultBehaviour: 'follow_question', behaviour: 'specific_question', target: second.questionId },
  });
  const saved = await page.request.put(`${appUrl}/api/quizzes/${quizId}`, { data: quiz });
  expect(saved.status()).toBe(200);
  return quizId;
}

async function openQuestions(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  const { email } = await createAccount(dataDir, { password: 'secret-one' });
  await signIn(page, appUrl, email, 'secret-one');
  const quizId = await quizWithLongLabels(page);
  await page.goto(`${appUrl}/quizzes/${quizId}/questions`);
  await page.getByRole('button', { name: /First question/ }).click();
  await page.getByRole('region', { name: 'Answer 1', exact: true }).waitFor();
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The controls a user can see, each cut to what its scrolling ancestors show, in viewport coordinates. */
function visibleControlBoxes(page: Page) {
  return page.evaluate(() => {
    const shownPart = (element: Element) => {
      let { left, right, top, bottom } = element.getBoundingClientRect();
      top = Math.max(top, 0);
      bottom = Math.min(bottom, window.innerHeight);
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const { overflowX, overflowY } = getComputedStyle(parent);
        if (overflowX === 'visible' && overflowY === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
        top = Math.max(top, clip.top);
        bottom = Math.min(bottom, clip.bottom);
      }
      return { left, right, top, bottom };
    };
    return [...document.querySelectorAll('button, a[href], input, select, textarea, [role="combobox"]')]
      .filter((element) => !element.closest('[data-testid="notification"]'))
      .map((element) => ({
        label: element.textContent?.trim() || element.getAttribute('aria-label') || element.tagName,
        ...shownPart(element),
      }))
      .filter((box) => box.right > box.left && box.bottom > box.top);
  });
}

describe('quiz editor layout', () => {
  const ui = freshPagePerTest();

  for (const [device, viewport] of Object.entries(viewports)) {
    it(`keeps the Questions properties pane inside the page on a ${device}, with long dropdown labels cut with an ellipsis`, async () => {
      await openQuestions(ui.page, viewport);
      const scrollWidth = await ui.page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width);

      const answer = ui.page.getByRole('region', { name: 'Answer 1', exact: true });
      const outcome = answer.getByRole('combobox', { name: 'Counts toward' });
      await expect.poll(() => outcome.getAttribute('title')).toContain(LONG_NAME);
      const pane = await ui.page.getByRole('region', { name: /^Question \d+ settings$/ }).boundingBox();
      const fields = await answer
        .getByRole('combobox')
        .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().right));
      if (!pane) throw new Error('no properties pane');
      for (const right of fields) expect(pane.x + pane.width - right).toBeGreaterThanOrEqual(19.5);
    });
  }

  it('on a tablet, the question list takes the width it has', async () => {
    await openQuestions(ui.page, viewports.tablet);
    const list = await ui.page.getByRole('list', { name: 'Questions' }).boundingBox();
    const content = await ui.page.getByRole('main').boundingBox();
    if (!list || !content) throw new Error('no list');
    expect(list.width).toBeGreaterThan(content.width * 0.8);
  });

  for (const [device, viewport] of Object.entries(viewports)) {
    it(`shows notifications without covering any control on a ${device}`, async () => {
      await openQuestions(ui.page, viewport);
      // Scrolled down to the answer, where an upload or a save is started from.
      await ui.page.getByRole('region', { name: 'Answer 1', exact: true }).scrollIntoViewIfNeeded();
      await ui.page.getByRole('button', { name: 'Save' }).click();
      const notification = ui.page.getByTestId('notification');
      await ui.page.getByRole('status').filter({ hasText: 'Quiz has been saved.' }).waitFor();
      const box = await notification.evaluate((element) => {
        const { left, right, top, bottom } = element.getBoundingClientRect();
        return { left, right, top, bottom };
      });
      const covered = (await visibleControlBoxes(ui.page)).filter((control) => overlaps(box, control));
      expect(covered.map((control) => control.label)).toEqual([]);
    });
  }
});

describe('notifications over the full-screen Preview', () => {
  const ui = freshPagePerTest();

  for (const [device, viewport] of Object.entries(viewports)) {
    it(`shows a notification above the preview’s page, never over it, on a ${device}`, async () => {
      await openQuestions(ui.page, viewport);
      await ui.page.getByRole('button', { name: 'Save' }).click();
      await ui.page.getByRole('status').filter({ hasText: 'Quiz has been saved.' }).waitFor();
      await ui.page.getByRole('button', { name: 'Preview', exact: true }).click();
      const overlay = ui.page.getByRole('dialog');
      await overlay.locator('iframe[title="Quiz preview"]').waitFor();

      const boxes = await ui.page.evaluate(() => {
        const box = (element: Element | null) => {
          if (!element) return null;
          const { left, right, top, bottom } = element.getBoundingClientRect();
          return { left, right, top, bottom };
        };
        const notifications = [...document.querySelectorAll('[data-testid="notification"]')];
        const shown = notifications.filter((element) => {
          const { left, right, top, bottom } = element.getBoundingClientRect();
          const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
          return hit !== null && element.contains(hit);
        });
        return {
          notifications: notifications.length,
          shown: shown.length,
          notification: box(shown[0] ?? null),
          frame: box(document.querySelector('iframe[title="Quiz preview"]')),
        };
      });
      expect(boxes.notifications).toBe(1);
      expect(boxes.shown).toBe(1);
      if (!boxes.notification || !boxes.frame) throw new Error('no notification or preview frame');
      expect(overlaps(boxes.notification, boxes.frame)).toBe(false);
    });
  }
});
