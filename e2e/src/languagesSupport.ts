import type { Quiz } from '@quizbeam/contracts/quiz';
import { buildQuiz, type QuizSpec } from '@quizbeam/quiz-engine/testing/quizzes';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';

/** A Pixel-sized phone. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 393, height: 851 },
  deviceScaleFactor: 2.75,
  isMobile: true,
  hasTouch: true,
};

export const HELLO_WORLD = 'Hello, world!';

const arabicSpec: QuizSpec = {
  type: 'scored',
  questions: [
    // Arabic around a Latin brand name, and an English answer beside an Arabic one.
    { text: 'هل تستخدم Quizbeam كل يوم؟', answers: [{ text: HELLO_WORLD, points: 1 }, { text: 'لا' }] },
    { text: 'ما القنوات التي تستخدمها؟', answers: [{ text: 'البريد', points: 1 }, { text: 'الإعلانات' }] },
    { text: 'هل تبيع عبر الإنترنت؟', answers: [{ text: 'نعم', points: 1 }, { text: 'ليس بعد' }] },
  ],
  outcomes: [
    { from: 0, to: 1 },
    { from: 2, to: 10 },
  ],
};

/** Three questions (the second several answers, at least one required), the capture form with its consent box. */
export function arabicQuiz(): { spec: QuizSpec; extra: Partial<Quiz> } {
  const { quiz } = buildQuiz(arabicSpec);
  return {
    spec: arabicSpec,
    extra: {
      title: 'اختبار الجاهزية',
      questions: quiz.questions.map((question, index) =>
        index === 1 ? { ...question, type: 'multi_list', selection: { min: 1, max: 2 } } : question,
      ),
      outcomes: quiz.outcomes.map((outcome, index) => ({
        ...outcome,
        name: index === 0 ? 'بداية موفقة' : 'جاهز للنمو',
      })),
      leadCaptureSettings: {
        ...quiz.leadCaptureSettings,
        enabled: true,
        captureName: true,
        useConfirmationCheckbox: true,
      },
    },
  };
}

export const twoQuestionSpec = (questions: [string, string], answers: [string, string]): QuizSpec => ({
  type: 'scored',
  questions: questions.map((text) => ({
    text,
    answers: answers.map((answer) => ({ text: answer, points: 1 })),
  })),
  outcomes: [{ from: 0, to: 10 }],
});

/** `template` with its `{names}` filled in, numbers formatted by the page's own Intl for `language`. */
export async function filledIn(
  page: Page,
  language: string,
  template: string,
  values: Record<string, number>,
): Promise<string> {
  const formatted = await page.evaluate(
    ([lang, entries]) => entries.map(([name, value]) => [name, value.toLocaleString(lang)] as const),
    [language, Object.entries(values)] as const,
  );
  return formatted.reduce((text, [name, value]) => text.replace(`{${name}}`, value), template);
}

export const htmlAttributes = (page: Page) =>
  page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
  }));

export const fitsTheScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

export async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not visible');
  return { left: box.x, right: box.x + box.width, top: box.y, bottom: box.y + box.height };
}

/** Where the characters at `first` and `second` of an element's text are drawn (the text's own order). */
export function characterRects(element: Locator, first: number, second: number) {
  return element.evaluate(
    (node, [a, b]) => {
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      const textNode = walker.nextNode();
      if (!textNode) throw new Error('no text');
      const rectAt = (index: number) => {
        const range = document.createRange();
        range.setStart(textNode, index);
        range.setEnd(textNode, index + 1);
        const rect = range.getClientRects()[0];
        if (!rect) throw new Error(`no rect for character ${index}`);
        return { left: rect.left, right: rect.right };
      };
      return [rectAt(a), rectAt(b)] as const;
    },
    [first, second] as const,
  );
}
