import { publishedQuizUrl } from '@quizbeam/contracts/publishing';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { ar } from '@quizbeam/contracts/visitorTexts/ar';
import { de } from '@quizbeam/contracts/visitorTexts/de';
import { en } from '@quizbeam/contracts/visitorTexts/en';
import { ja } from '@quizbeam/contracts/visitorTexts/ja';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  arabicQuiz,
  boxOf,
  characterRects,
  filledIn,
  fitsTheScreen,
  HELLO_WORLD,
  htmlAttributes,
  PHONE,
  twoQuestionSpec,
} from './languagesSupport';
import { answer, heading, publishingHelpers } from './publishingSupport';
import { sharedServer } from './sharedServer';
import { createAccount, freshPagePerTest, signIn } from './support';
import { themesCoveringEveryDesignChoice } from './themeVariety';

const server = sharedServer();
const ui = freshPagePerTest({ viewport: { width: 1280, height: 900 } });
const { anotherStoredQuiz } = publishingHelpers(ui, () => server);

const OWN_BACK = 'ارجع خطوة';

let account: { email: string; accountId: string } | undefined;

/** Signs in as the file's account (made once, allowed every theme); answers its id. */
async function signInAccount(): Promise<string> {
  account ??= await createAccount(server.dataDir, { password: 'secret-one', extraTemplates: true });
  await signIn(ui.page, server.appUrl, account.email, 'secret-one');
  return account.accountId;
}

/** Publishes a stored quiz as the Publish button does, through the API; answers its address. */
async function publishedThroughApi(accountId: string, quiz: Quiz): Promise<string> {
  const origin = new URL(server.appUrl).origin;
  const published = await ui.page.request.post(`${origin}/accounts/${accountId}/quizzes/${quiz.id}/publish`, {
    data: quiz,
    headers: { origin },
  });
  expect(published.ok()).toBe(true);
  const { publishedHost, publishedId } = (await published.json()) as Quiz;
  return publishedQuizUrl(server.publishUrl, publishedHost, publishedId ?? '');
}

const status = (page: Page) => page.locator('.qb-status').innerText();

/** The texts the page brought in #quizbeam-data, as one string. */
const pageTexts = (page: Page) =>
  page.evaluate(() =>
    JSON.stringify(JSON.parse(document.getElementById('quizbeam-data')?.textContent ?? '{}').texts),
  );

describe('a quiz in the visitor’s language', () => {
  it('is set to Arabic in the builder and taken right to left on a phone, mixed-direction text in order', async () => {
    await signInAccount();
    const { spec, extra } = arabicQuiz();
    const quiz = await anotherStoredQuiz(spec, extra);
    const builder = ui.page;

    // The marketer chooses Arabic and writes their own Back.
    await builder.goto(`${server.appUrl}/quizzes/${quiz.id}`);
    await builder.getByRole('link', { name: 'Language', exact: true }).click();
    await builder.getByLabel('Language visitors see').selectOption({ label: 'Arabic' });
    const ownBack = builder.getByRole('textbox', { name: en.back, exact: true });
    // Quizbeam's Arabic Back is its description, shown with it.
    await expect.poll(async () => (await ownBack.getAttribute('aria-describedby')) ?? '').not.toBe('');
    const described = builder.locator(`[id="${await ownBack.getAttribute('aria-describedby')}"]`);
    await expect.poll(() => described.textContent()).toContain(ar.back);
    expect(await ownBack.getAttribute('dir')).toBe('rtl');
    await ownBack.click();
    await builder.keyboard.type(OWN_BACK);
    await builder.getByRole('link', { name: 'Publish', exact: true }).click();
    await builder.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => builder.getByText('Quiz has been published.').isVisible()).toBe(true);
    const url = (await builder.locator('.publish-tab__url').getAttribute('href')) ?? '';

    const phone = await ui.browser.newContext(PHONE);
    const visitor = await phone.newPage();
    await visitor.goto(url);
    expect(await htmlAttributes(visitor)).toEqual({ lang: 'ar', dir: 'rtl' });

    // Only Arabic reached the visitor: the page's texts, and no catalogue in the player's scripts.
    const texts = await pageTexts(visitor);
    expect(texts).toContain(ar.next);
    expect(texts).toContain(OWN_BACK);
    for (const foreign of [
      en.next,
      en.consentDefault,
      en.chooseAnswer,
      ja.next,
      ja.consentDefault,
      ar.back,
    ]) {
      expect(texts).not.toContain(JSON.stringify(foreign).slice(1, -1));
    }
    const scripts = await visitor.evaluate(() =>
      Array.from(document.scripts, (script) => script.src).filter((src) => src !== ''),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const body = await (await visitor.request.get(src)).text();
      for (const catalogued of [en.consentDefault, ar.consentDefault, ja.consentDefault, de.consentDefault]) {
        expect(body).not.toContain(catalogued);
      }
    }

    // The start page's button: Quizbeam's own, as the marketer left it, so in Arabic.
    expect(await fitsTheScreen(visitor)).toBe(true);
    await visitor.getByRole('button', { name: ar.start, exact: true }).click();

    // First question: Arabic progress with Arabic numbers, the brand name and an English answer in order.
    await expect
      .poll(() => status(visitor))
      .toBe(await filledIn(visitor, 'ar', ar.progress, { step: 1, total: 3 }));
    expect(await heading(visitor).innerText()).toBe('هل تستخدم Quizbeam كل يوم؟');
    // The brand name reads left to right inside the Arabic sentence, and the sentence starts at the right.
    const question = heading(visitor);
    const brandAt = (await question.innerText()).indexOf('Quizbeam');
    const [q, u] = await characterRects(question, brandAt, brandAt + 1);
    const [firstArabic] = await characterRects(question, 0, 1);
    expect(u.left).toBeGreaterThanOrEqual(q.right - 0.5);
    expect(firstArabic.left).toBeGreaterThan(q.right);
    const hello = visitor.getByRole('button', { name: HELLO_WORLD });
    const [d, bang] = await characterRects(hello, HELLO_WORLD.indexOf('d'), HELLO_WORLD.indexOf('!'));
    expect(bang.left).toBeGreaterThanOrEqual(d.right - 0.5);
    const helloBox = await boxOf(hello);
    const [h] = await characterRects(hello, 0, 1);
    expect(h.left).toBeGreaterThanOrEqual(helloBox.left);
    expect(bang.right).toBeLessThanOrEqual(helloBox.right);
    // Aligned as the quiz reads: the text ends near the button's right edge, not its left.
    expect(helloBox.right - bang.right).toBeLessThan(h.left - helloBox.left);
    expect(await fitsTheScreen(visitor)).toBe(true);
    await hello.click();

    // Second question: the progress bar fills from the right, Back (the marketer's) sits at the right, as the
    // start of the line; Next with nothing chosen gives the Arabic error.
    await expect
      .poll(() => status(visitor))
      .toBe(await filledIn(visitor, 'ar', ar.progress, { step: 2, total: 3 }));
    const bar = await boxOf(visitor.locator('.qb-bar'));
    const filled = await boxOf(visitor.locator('.qb-bar span'));
    expect(filled.right).toBeCloseTo(bar.right, 0);
    expect(filled.left).toBeGreaterThan(bar.left + 1);
    const back = visitor.getByRole('button', { name: OWN_BACK });
    const answers = await boxOf(visitor.locator('.qb-option').first());
    const backBox = await boxOf(back);
    expect(backBox.right).toBeCloseTo(answers.right, 0);
    expect(backBox.left).toBeGreaterThan((answers.left + answers.right) / 2);
    await visitor.getByRole('button', { name: ar.next }).click();
    await expect.poll(() => visitor.getByText(ar.chooseAnswer).isVisible()).toBe(true);
    await visitor.locator('.qb-option').first().click();
    await visitor.getByRole('button', { name: ar.next }).click();
    await expect.poll(() => heading(visitor).innerText()).toBe('هل تبيع عبر الإنترنت؟');
    await answer(visitor, 'نعم');

    // The capture form in Arabic, with Arabic's consent text.
    await expect.poll(() => heading(visitor).innerText()).toBe(ar.captureHeader);
    await visitor.getByLabel(ar.name).fill('ليلى');
    await visitor.getByLabel(ar.email).fill('layla@example.com');
    await visitor.getByLabel(ar.consentDefault).check();
    expect(await fitsTheScreen(visitor)).toBe(true);
    await visitor.getByRole('button', { name: ar.showResults }).click();
    await expect.poll(() => heading(visitor).innerText()).toBe('جاهز للنمو');
    await phone.close();
  });

  it('is Japanese, left to right, on a phone from start to end', async () => {
    const accountId = await signInAccount();
    const spec = twoQuestionSpec(['チームは何人ですか？', '広告を出していますか？'], ['はい', 'いいえ']);
    const quiz = await anotherStoredQuiz(spec, {
      language: { code: 'ja', useBrowserLanguage: false },
      startPage: { enabled: false },
    });
    const url = await publishedThroughApi(accountId, quiz);
    const phone = await ui.browser.newContext(PHONE);
    const visitor = await phone.newPage();
    await visitor.goto(url);
    expect(await htmlAttributes(visitor)).toEqual({ lang: 'ja', dir: 'ltr' });
    expect(await status(visitor)).toBe(await filledIn(visitor, 'ja', ja.progress, { step: 1, total: 2 }));
    await answer(visitor, 'はい');
    await expect
      .poll(() => status(visitor))
      .toBe(await filledIn(visitor, 'ja', ja.progress, { step: 2, total: 2 }));
    expect(await visitor.getByRole('button', { name: ja.back }).isVisible()).toBe(true);
    await answer(visitor, 'いいえ');
    await expect.poll(() => heading(visitor).innerText()).toBe('O1');
    expect(await fitsTheScreen(visitor)).toBe(true);
    await phone.close();
  });

  it('follows the browser’s language when it may, and says the page varies by it', async () => {
    const accountId = await signInAccount();
    const quiz = await anotherStoredQuiz(twoQuestionSpec(['Frage eins?', 'Frage zwei?'], ['Ja', 'Nein']), {
      language: { code: 'de', useBrowserLanguage: true },
      startPage: { enabled: false },
    });
    const url = await publishedThroughApi(accountId, quiz);
    for (const [locale, lang, progress] of [
      ['ja-JP', 'ja', ja.progress],
      ['ko-KR', 'de', de.progress],
    ] as const) {
      const context = await ui.browser.newContext({ ...PHONE, locale });
      const visitor = await context.newPage();
      const response = await visitor.goto(url);
      expect(response?.headers().vary?.toLowerCase()).toContain('accept-language');
      expect(await htmlAttributes(visitor)).toEqual({ lang, dir: 'ltr' });
      expect(await status(visitor)).toBe(await filledIn(visitor, lang, progress, { step: 1, total: 2 }));
      await context.close();
    }
  });

  // The themes that between them make every design choice (themeVariety.ts): a theme's CSS is made of those.
  it('reads right to left in each layout, button shape, answer style and palette, without overflowing a phone', async () => {
    const accountId = await signInAccount();
    const { spec, extra } = arabicQuiz();
    const stored = await anotherStoredQuiz(spec, {
      ...extra,
      language: { code: 'ar', useBrowserLanguage: false },
      startPage: { enabled: false },
    });
    const themes = themesCoveringEveryDesignChoice();
    expect(themes.length).toBeGreaterThan(5);
    const phone = await ui.browser.newContext({
      ...PHONE,
      storageState: await ui.page.context().storageState(),
    });
    const origin = new URL(server.appUrl).origin;
    const previewUrl = `${origin}/accounts/${accountId}/quizzes/preview`;
    const problems: string[] = [];
    const checkTheme = async (visitor: Page, id: string) => {
      const quiz: Quiz = { ...stored, theme: id };
      // What the editor's Preview posts; the first screen is drawn by the server, so its page alone shows it.
      const preview = await visitor.request.post(previewUrl, {
        form: { data: JSON.stringify(quiz) },
        headers: { origin },
      });
      const html = await preview.text();
      if (!preview.ok()) {
        problems.push(`${id}: ${preview.status()} ${html.slice(0, 200)}`);
        return;
      }
      await visitor.setContent(html);
      await visitor.locator('.qb-card').waitFor();
      const look = await visitor.evaluate(() => {
        const card = document.querySelector('.qb-card');
        const answer = document.querySelector('.qb-answer:last-child');
        return {
          overflows: document.documentElement.scrollWidth > window.innerWidth,
          direction: card ? getComputedStyle(card).direction : '',
          align: answer ? getComputedStyle(answer).textAlign : '',
          dir: document.documentElement.dir,
        };
      });
      if (look.overflows || look.direction !== 'rtl' || look.dir !== 'rtl' || look.align !== 'right') {
        problems.push(`${id}: ${JSON.stringify(look)}`);
      }
      // Every answer's text, English and Arabic alike, lines up at its button's right edge.
      const ragged = await visitor.locator('.qb-answer').evaluateAll((buttons) =>
        buttons
          .filter((button) => {
            const range = document.createRange();
            range.selectNodeContents(button);
            const text = range.getBoundingClientRect();
            const box = button.getBoundingClientRect();
            return box.right - text.right > text.left - box.left;
          })
          .map((button) => button.textContent),
      );
      if (ragged.length > 0) problems.push(`${id}: not at the right: ${ragged.join(', ')}`);
    };
    // Three pages at a time: the themes are many, each page is quick.
    const queue = themes.map((theme) => theme.id);
    await Promise.all(
      [1, 2, 3].map(async () => {
        const visitor = await phone.newPage();
        for (let next = queue.shift(); next; next = queue.shift()) await checkTheme(visitor, next);
      }),
    );
    expect(problems).toEqual([]);
    await phone.close();
  });
});
