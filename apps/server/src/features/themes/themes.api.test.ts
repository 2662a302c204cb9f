import { DEFAULT_THEME_ID } from '@quizbeam/contracts/quizConstants';
import { createQuizEndpoint, getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { themePreviewEndpoint, themesEndpoint } from '@quizbeam/contracts/themes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let plain: SignedInAccount;
let extra: SignedInAccount;

beforeAll(async () => {
  t = await startTestApp();
  plain = await t.signIn();
  extra = await t.signIn({ extraTemplates: true });
});
afterAll(async () => {
  await t.close();
});

async function newQuizOf(account: SignedInAccount) {
  const { quizId } = (
    await account.send(createQuizEndpoint, { body: { name: 'Look', type: 'general' } })
  ).data();
  return (await account.send(getQuizEndpoint, { params: { id: quizId } })).data();
}

describe('GET /api/themes', () => {
  it('lists the standard themes, Black & White first, and the extra ones only with extraTemplates', async () => {
    const standard = (await plain.send(themesEndpoint)).data();
    const all = (await extra.send(themesEndpoint)).data();
    expect(standard[0]?.id).toBe(DEFAULT_THEME_ID);
    expect(standard.map((theme) => theme.name).slice(0, 4)).toEqual([
      'Black & White',
      'Black & White (Transparent)',
      'Theme 1',
      'Theme 2',
    ]);
    expect(standard.filter((theme) => /^Theme \d+$/.test(theme.name))).toHaveLength(20);
    expect(standard.some((theme) => theme.isExtra)).toBe(false);
    expect(all.filter((theme) => theme.isExtra).length).toBeGreaterThanOrEqual(45);
    expect(all.slice(0, standard.length)).toEqual(standard);
    for (const theme of all) {
      expect([1280, 640]).toContain(theme.defaultBackgroundWidth);
      expect(theme.defaultBackgroundHeight).toBe(900);
    }
  });

  it('serves each theme’s stylesheet and picture, cached by content', async () => {
    const [first] = (await plain.send(themesEndpoint)).data();
    if (!first) throw new Error('no themes');
    const css = await t.app.inject({ url: first.cssUrl });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.headers['cache-control']).toContain('immutable');
    expect(css.body).toContain('--qb-');
    const picture = await t.app.inject({ url: first.previewUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/svg+xml');
    expect(picture.body).toMatch(/^<svg[\s>]/);
    expect((await t.app.inject({ url: '/ui/themes/theme-1-0000000000.css' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/ui/themes/..%2Fpackage.json' })).statusCode).toBe(404);
  });
});

describe('theme preview', () => {
  it('renders a sample quiz in the theme, sandboxed', async () => {
    const all = (await extra.send(themesEndpoint)).data();
    const theme = all.find((candidate) => candidate.id === 'theme-7');
    const response = await plain.send(themePreviewEndpoint, {
      params: { account: plain.accountId },
      query: { theme: 'theme-7' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.body).toContain('What kind of weekend suits you best?');
    expect(theme).toBeDefined();
  });

  it('answers 404 for an unknown theme, an extra theme without the permission, and another account', async () => {
    const extraTheme = (await extra.send(themesEndpoint)).data().find((theme) => theme.isExtra);
    if (!extraTheme) throw new Error('no extra theme');
    const preview = (account: SignedInAccount, theme: string, accountId = account.accountId) =>
      account.send(themePreviewEndpoint, { params: { account: accountId }, query: { theme } });
    expect((await preview(plain, 'no-such-theme')).statusCode).toBe(404);
    expect((await preview(plain, extraTheme.id)).statusCode).toBe(404);
    expect((await preview(extra, extraTheme.id)).statusCode).toBe(200);
    expect((await preview(plain, 'theme-1', extra.accountId)).statusCode).toBe(404);
  });
});

describe('saving the appearance fields', () => {
  it('stores listed fonts, any readable colour and a permitted theme', async () => {
    const quiz = await newQuizOf(plain);
    expect(quiz.theme).toBe(DEFAULT_THEME_ID);
    expect(quiz.textColor).toBe('');
    const saved = (
      await plain.send(saveQuizEndpoint, {
        params: { id: quiz.id },
        body: {
          ...quiz,
          theme: 'theme-12',
          fontFamily: 'Playfair Display',
          textColor: 'rgba(20, 30, 40, 0.9)',
          buttonBackgroundColor: 'rebeccapurple',
          buttonTextColor: 'hsl(0, 0%, 100%)',
          ctaBackgroundColor: '#0a7',
        },
      })
    ).data();
    expect(saved).toMatchObject({
      theme: 'theme-12',
      fontFamily: 'Playfair Display',
      textColor: 'rgba(20, 30, 40, 0.9)',
      buttonBackgroundColor: 'rebeccapurple',
      ctaFontFamily: '',
    });
  });

  it('refuses unknown colours, fonts and themes, and extra themes without extraTemplates', async () => {
    const quiz = await newQuizOf(plain);
    const extraTheme = (await extra.send(themesEndpoint)).data().find((theme) => theme.isExtra);
    const attempts: [Partial<typeof quiz>, RegExp][] = [
      [{ textColor: 'not-a-colour' }, /textColor/],
      [{ buttonTextColor: 'red;}</style>' }, /buttonTextColor/],
      [{ fontFamily: 'Comic Sans MS' }, /Choose one of the listed fonts/],
      [{ theme: 'theme-99' }, /Choose one of the listed themes/],
      [{ theme: extraTheme?.id ?? '' }, /extra themes/],
    ];
    for (const [change, message] of attempts) {
      const response = await plain.send(saveQuizEndpoint, {
        params: { id: quiz.id },
        body: { ...quiz, ...change },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatch(message);
    }
    const unchanged = (await plain.send(getQuizEndpoint, { params: { id: quiz.id } })).data();
    expect(unchanged.theme).toBe(DEFAULT_THEME_ID);
    expect(unchanged.revision).toBe(quiz.revision);
  });

  it('lets an account with extraTemplates pick an extra theme', async () => {
    const quiz = await newQuizOf(extra);
    const extraTheme = (await extra.send(themesEndpoint)).data().find((theme) => theme.isExtra);
    if (!extraTheme) throw new Error('no extra theme');
    const saved = (
      await extra.send(saveQuizEndpoint, { params: { id: quiz.id }, body: { ...quiz, theme: extraTheme.id } })
    ).data();
    expect(saved.theme).toBe(extraTheme.id);
  });
});
