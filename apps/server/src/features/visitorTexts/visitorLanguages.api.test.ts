import { errorBodySchema } from '@quizbeam/contracts/errors';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { visitorTextsEndpoint } from '@quizbeam/contracts/visitorTextEndpoints';
import { ar } from '@quizbeam/contracts/visitorTexts/ar';
import { ja } from '@quizbeam/contracts/visitorTexts/ja';
import { leads } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveSnapshotIdOf, PUBLISH_HOST, PUBLISH_ORIGIN, storedScoredQuiz } from '../../testing/publishing';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN });
});
afterAll(async () => {
  await t?.close();
});

/** A visitor's request to the published site, with their browser's languages. */
const visit = (method: 'GET' | 'POST', url: string, acceptLanguage?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: {
      host: PUBLISH_HOST,
      ...(acceptLanguage && { 'accept-language': acceptLanguage }),
      ...(payload && { 'content-type': 'application/json' }),
    },
    ...(payload && { payload }),
  });

async function publishIn(account: SignedInAccount, language: Quiz['language'], patch: Partial<Quiz> = {}) {
  const { quiz, q, a } = await storedScoredQuiz(account.call);
  const published = await account.call('POST', `/accounts/${account.accountId}/quizzes/${quiz.id}/publish`, {
    ...quiz,
    language,
    ...patch,
  });
  expect([published.statusCode, published.body]).toEqual([200, published.body]);
  const live = published.json() as Quiz;
  return { quiz: live, q, a, snapshotId: await liveSnapshotIdOf(t, quiz.id), path: `/${live.publishedId}` };
}

/** The page's <html> attributes and the texts its data carries. */
function pageOf(html: string) {
  const data = JSON.parse(
    /<script type="application\/json" id="quizbeam-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}',
  );
  return {
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    dir: /<html lang="[^"]+" dir="([^"]+)"/.exec(html)?.[1],
    language: data.language as string,
    texts: data.texts as Record<string, unknown>,
  };
}

describe('GET /api/visitor-texts', () => {
  it('answers a language’s texts, names an unknown language in its 400, and needs a session', async () => {
    const account = await t.signIn();
    const arabic = (await account.send(visitorTextsEndpoint, { query: { language: 'ar' } })).data();
    expect(arabic).toMatchObject({ language: 'ar', name: 'Arabic', direction: 'rtl' });
    expect(arabic.texts.back).toBe(ar.back);
    const unknown = await account.call('GET', '/api/visitor-texts?language=klingon');
    expect(unknown.statusCode).toBe(400);
    expect(errorBodySchema.parse(unknown.json()).error).toContain('"klingon"');
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/visitor-texts?language=ar' });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('a quiz’s language', () => {
  it('refuses an unknown language or text on save with a 400 naming it, and keeps the stored quiz', async () => {
    const account = await t.signIn();
    const { quiz } = await storedScoredQuiz(account.call);
    for (const [language, named] of [
      [{ code: 'xx-YY', useBrowserLanguage: false }, '"xx-YY"'],
      [{ code: 'ar', useBrowserLanguage: false, texts: { tlh: { back: 'x' } } }, '"tlh"'],
      [{ code: 'ar', useBrowserLanguage: false, texts: { ar: { noSuchText: 'x' } } }, 'No such text.'],
    ] as const) {
      const refused = await account.call('PUT', `/api/quizzes/${quiz.id}`, { ...quiz, language });
      expect(refused.statusCode).toBe(400);
      expect(errorBodySchema.parse(refused.json()).error).toContain(named);
    }
    const stored = (await account.call('GET', `/api/quizzes/${quiz.id}`)).json() as Quiz;
    expect(stored.language).toBeUndefined();
  });

  it('publishes an Arabic page right to left with Arabic texts and the marketer’s own version of one', async () => {
    const account = await t.signIn();
    const { path } = await publishIn(account, {
      code: 'ar',
      useBrowserLanguage: false,
      texts: { ar: { back: 'رجوع إلى السؤال' } },
    });
    const page = await visit('GET', path, 'ja,en;q=0.5');
    expect(page.statusCode).toBe(200);
    expect(page.headers.vary).not.toMatch(/accept-language/i);
    const shown = pageOf(page.body);
    expect(shown).toMatchObject({ lang: 'ar', dir: 'rtl', language: 'ar' });
    expect(shown.texts.back).toBe('رجوع إلى السؤال');
    expect(shown.texts.progress).toBe(ar.progress);
    // The start page's button falls back to Arabic when the marketer left it empty… and the badge is Arabic.
    expect(page.body).toContain(ar.poweredBy);
  });

  it('follows the visitor’s browser when asked, falling back to the quiz’s language, and varies by it', async () => {
    const account = await t.signIn();
    const { path } = await publishIn(account, { code: 'de', useBrowserLanguage: true });
    const cases: [string | undefined, string][] = [
      ['ja-JP,ja;q=0.9,en;q=0.8', 'ja'],
      ['fr-CA', 'fr'],
      ['pt', 'pt-BR'],
      ['zh-TW,ko;q=0.8', 'de'],
      ['ko, *;q=0.1', 'de'],
      [undefined, 'de'],
      ['he;q=0.2, ar;q=0.9', 'ar'],
    ];
    for (const [acceptLanguage, expected] of cases) {
      const page = await visit('GET', path, acceptLanguage);
      expect([acceptLanguage, pageOf(page.body).language]).toEqual([acceptLanguage, expected]);
      expect(page.headers.vary).toMatch(/accept-language/i);
    }
    const japanese = pageOf((await visit('GET', path, 'ja')).body);
    expect(japanese).toMatchObject({ lang: 'ja', dir: 'ltr' });
    expect(japanese.texts.progress).toBe(ja.progress);
  });

  it('answers a result without an outcome and records the consent text in the language the visitor saw', async () => {
    const account = await t.signIn();
    const { quiz, q, a, snapshotId } = await publishIn(account, { code: 'en', useBrowserLanguage: true }, {});
    // No outcome covers a score of 0: the visitor gets Quizbeam's own result text.
    const withForm = await account.call('POST', `/accounts/${account.accountId}/quizzes/${quiz.id}/publish`, {
      ...quiz,
      outcomes: quiz.outcomes.map((outcome) => ({ ...outcome, scoreRange: { from: 50, to: 60 } })),
      leadCaptureSettings: {
        ...quiz.leadCaptureSettings,
        enabled: true,
        skippable: true,
        useConfirmationCheckbox: true,
        confirmationCheckboxText: '',
      },
    });
    expect([withForm.statusCode, withForm.body]).toEqual([200, withForm.body]);
    const live = await liveSnapshotIdOf(t, quiz.id);
    expect(live).not.toBe(snapshotId);
    const answers = [0, 1, 2].map((index) => ({ questionId: q[index], answerId: a[index]?.[1] }));
    const completed = await visit('POST', '/_q/complete', 'ja', {
      snapshotId: live,
      visitId: `visit-${crypto.randomUUID()}`,
      answers,
    });
    expect(completed.statusCode).toBe(200);
    expect(completed.json().outcome.title).toBe(ja.noOutcomeTitle);
    const visitId = `visit-${crypto.randomUUID()}`;
    const lead = await visit('POST', '/_q/leads', 'ar', {
      snapshotId: live,
      visitId,
      answers,
      email: 'ada@example.com',
      name: 'Ada',
      consent: true,
      pageUrl: `http://${PUBLISH_HOST}/${quiz.publishedId}`,
    });
    expect(lead.statusCode).toBe(200);
    expect(lead.json().outcome.title).toBe(ar.noOutcomeTitle);
    const [row] = await t.database.db
      .select({ consentText: leads.consentText })
      .from(leads)
      .where(eq(leads.visitId, visitId));
    expect(row?.consentText).toBe(ar.consentDefault);
  });
});
