import type { Quiz } from '@quizbeam/contracts/quiz';
import { buildQuiz, type QuizSpec } from '@quizbeam/quiz-engine/testing/quizzes';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { publishingHelpers } from './publishingSupport';
import { sharedServer } from './sharedServer';
import { freshPagePerTest } from './support';
import { leaveLeads } from './visitorSupport';

const server = sharedServer();

// A laptop's screen: wider than a phone, so only the tab's content may scroll.
const viewport = { width: 1280, height: 720 };
const ui = freshPagePerTest({ viewport });
const { storedQuiz, publishInEditor } = publishingHelpers(ui, () => server);

const OUTCOMES = ['Beagle', 'Poodle', 'Collie', 'Terrier', 'Husky', 'Boxer', 'Pug', 'Dachshund'];

const spec: QuizSpec = {
  type: 'general',
  outcomes: OUTCOMES,
  questions: Array.from({ length: 12 }, (_, index) => ({
    text: `Question ${index + 1}: which of these sounds most like your weekend?`,
    answers: [{ outcome: index % 8 }, { outcome: (index + 1) % 8 }, { outcome: (index + 2) % 8 }],
  })),
};

/** A quiz with something on every tab: many outcomes and questions, capture per outcome, leads and visits. */
async function quizWithContent(): Promise<Quiz> {
  const base = buildQuiz(spec).quiz;
  const quiz = await storedQuiz(spec, {
    title: 'Which dog are you?',
    description: 'Twelve questions about your weekends.',
    cta: 'Start',
    startPage: { enabled: true },
    leadCaptureSettings: { ...base.leadCaptureSettings, enabled: true, usePerOutcomeSettings: true },
  });
  const url = await publishInEditor(quiz.id);
  await leaveLeads(
    ui.page.request,
    url,
    Array.from({ length: 10 }, (_, index) => ({
      email: `reader.number.${index + 1}@dog-lovers-newsletter.example.com`,
      name: `Reader ${index + 1}`,
      utmSource: `newsletter-${index + 1}`,
    })),
  );
  return quiz;
}

const TABS = [
  'Configure',
  'Appearance',
  'Outcomes',
  'Start Page',
  'Questions',
  'Capture Form',
  'Scripts',
  'Publish',
  'Leads',
  'Analytics',
];

/** Turns the mouse wheel over the tab's content until it has scrolled to its end, then a few turns more. */
async function wheelPastTheEnd(page: Page) {
  const main = page.getByRole('main');
  const box = await main.boundingBox();
  if (!box) throw new Error('no content area');
  // Near the left edge of the content, away from the Capture Form tab's preview frame on the right.
  await page.mouse.move(box.x + 24, box.y + box.height / 2);
  const remaining = () =>
    main.evaluate((element) => element.scrollHeight - element.clientHeight - element.scrollTop);
  const wheelToTheEnd = () =>
    expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 1500);
          return remaining();
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBeLessThanOrEqual(1);
  await wheelToTheEnd();
  for (let turn = 0; turn < 5; turn += 1) await page.mouse.wheel(0, 1500);
  await page.waitForTimeout(300);
  // What loads lazily meanwhile (a description's rich text editor) can make the screen longer.
  await wheelToTheEnd();
}

/** Where the page stands after the wheel: the document, the top bar, the sidebar and the lowest content. */
function layoutAfterScrolling(page: Page) {
  return page.evaluate(() => {
    const isShown = (element: Element | null) => {
      if (!element) return false;
      const { left, right, top, bottom } = element.getBoundingClientRect();
      if (right <= left || bottom <= top || top < 0 || bottom > window.innerHeight) return false;
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      return hit !== null && (element === hit || element.contains(hit));
    };
    const main = document.querySelector('main');
    if (!main) throw new Error('no main');
    const mainBox = main.getBoundingClientRect();
    // The content's lowest box, cut to what the scrolling boxes inside the content let through.
    const visiblePart = (element: Element) => {
      let { left, right, top, bottom } = element.getBoundingClientRect();
      for (let parent = element.parentElement; parent && parent !== main; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
        top = Math.max(top, clip.top);
        bottom = Math.min(bottom, clip.bottom);
      }
      return { left, right, top, bottom };
    };
    let lowest: { element: Element; left: number; right: number; top: number; bottom: number } | null = null;
    for (const element of main.querySelectorAll('*')) {
      if (getComputedStyle(element).clipPath !== 'none') continue;
      const part = visiblePart(element);
      if (part.right - part.left < 2 || part.bottom - part.top < 2) continue;
      // Of boxes ending at the same place, the innermost one.
      const lower = !lowest || part.bottom > lowest.bottom + 0.5;
      const inside =
        lowest !== null && part.bottom >= lowest.bottom - 0.5 && lowest.element.contains(element);
      if (lower || inside) lowest = { element, ...part };
    }
    const lowestHit = lowest
      ? document.elementFromPoint((lowest.left + lowest.right) / 2, lowest.bottom - 1)
      : null;
    const scrolling = document.scrollingElement ?? document.documentElement;
    return {
      documentHeight: scrolling.scrollHeight,
      documentScrollTop: scrolling.scrollTop,
      topBarShown: isShown(document.querySelector('.editor-frame__top-bar button')),
      sidebarShown: isShown(document.querySelector('nav a')),
      lowestInView:
        lowest !== null &&
        lowest.bottom <= Math.min(mainBox.bottom, window.innerHeight) + 0.5 &&
        lowest.bottom > mainBox.top,
      lowestShown: lowest !== null && lowestHit !== null && lowest.element.contains(lowestHit),
      lowest: lowest ? `${lowest.element.tagName.toLowerCase()}.${lowest.element.className}` : '',
    };
  });
}

describe('the quiz editor scrolls only its content', () => {
  it('keeps the sidebar and top bar in view when each tab is scrolled past its end with the wheel', async () => {
    const quiz = await quizWithContent();
    const { page } = ui;
    await page.goto(`${server.appUrl}/quizzes/${quiz.id}`);
    for (const tab of TABS) {
      await page.getByRole('navigation').getByRole('link', { name: tab, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: tab }).waitFor();
      if (tab === 'Leads') {
        await page.getByRole('table', { name: 'Leads' }).getByRole('row').nth(10).waitFor();
      }
      if (tab === 'Analytics') {
        // The figures arrive as the event writer catches up; then the daily figures as a table too.
        await expect
          .poll(() => page.getByRole('table', { name: 'Completions and leads by UTM source' }).count(), {
            timeout: 20_000,
          })
          .toBe(1);
        await page.getByRole('button', { name: 'Show as table' }).click();
        await page.getByRole('table', { name: 'Daily figures' }).waitFor();
      }
      await wheelPastTheEnd(page);
      const layout = await layoutAfterScrolling(page);
      expect({ tab, ...layout }).toEqual({
        tab,
        documentHeight: viewport.height,
        documentScrollTop: 0,
        topBarShown: true,
        sidebarShown: true,
        lowestInView: true,
        lowestShown: true,
        lowest: layout.lowest,
      });
    }
  });
});
