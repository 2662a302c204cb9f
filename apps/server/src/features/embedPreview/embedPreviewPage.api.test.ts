import { embedPreviewPageEndpoint } from '@quizbeam/contracts/embedCodes';
import { pathOf } from '@quizbeam/contracts/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISH_ORIGIN } from '../../testing/publishing';
import { APP_ORIGIN, startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN });
});
afterAll(async () => {
  await t.close();
});

const QUIZ_URL = `${PUBLISH_ORIGIN}/team-quiz`;

function getPreview(account: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: `${pathOf(embedPreviewPageEndpoint, { account })}?${new URLSearchParams(query).toString()}`,
    headers,
  });
}

describe('the embed code’s live preview page', () => {
  it('answers 401 signed out and 404 for another account', async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const query = { quiz: QUIZ_URL, mode: 'popup' };
    expect((await getPreview(owner.accountId, query)).statusCode).toBe(401);
    expect((await getPreview(owner.accountId, query, { cookie: other.cookie })).statusCode).toBe(404);
    expect((await getPreview(owner.accountId, query, { cookie: owner.cookie })).statusCode).toBe(200);
  });

  it('shows the generated code on a sandboxed page whose only script is the quiz origin’s embed script', async () => {
    const { accountId, cookie } = await t.signIn();
    const page = await getPreview(
      accountId,
      {
        quiz: QUIZ_URL,
        mode: 'slide-in',
        trigger: 'delay',
        delay: '3',
        corner: 'left',
        title: 'Team <quiz>',
      },
      { cookie },
    );
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cache-control']).toBe('no-store');
    const policy = String(page.headers['content-security-policy']).split('; ');
    expect(policy).toEqual(
      expect.arrayContaining([
        'sandbox allow-scripts allow-forms allow-popups',
        "default-src 'none'",
        `script-src ${PUBLISH_ORIGIN}/_q/embed.js ${PUBLISH_ORIGIN}/_q/embed-window.js`,
        `frame-src ${PUBLISH_ORIGIN}`,
        "frame-ancestors 'self'",
      ]),
    );
    expect(page.body).toContain(
      `<div data-quizbeam-quiz="${QUIZ_URL}" data-quizbeam-mode="slide-in" data-quizbeam-trigger="delay" ` +
        'data-quizbeam-delay="3" data-quizbeam-corner="left" data-quizbeam-cap-days="0" ' +
        'data-quizbeam-title="Team &lt;quiz&gt;"></div>',
    );
    expect(page.body).toContain(`<script src="${PUBLISH_ORIGIN}/_q/embed.js" async></script>`);
    expect(page.body.match(/<script/g)).toHaveLength(1);
  });

  it('refuses a quiz address that is not an http(s) one, and options that are not options, with 400', async () => {
    const { accountId, cookie } = await t.signIn();
    const refused: Record<string, string>[] = [
      {},
      { quiz: 'javascript:alert(1)' },
      { quiz: 'data:text/html,<script>alert(1)</script>' },
      { quiz: 'not a url' },
      { quiz: 'https://user:secret@quiz.example/x' },
      { quiz: QUIZ_URL, mode: 'banner' },
      { quiz: QUIZ_URL, trigger: 'hover' },
      { quiz: QUIZ_URL, corner: 'top' },
      { quiz: QUIZ_URL, button: 'x'.repeat(201) },
    ];
    for (const query of refused) {
      const answer = await getPreview(accountId, query, { cookie });
      expect(answer.statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('shows nonsense numbers as the defaults the embed script would use', async () => {
    const { accountId, cookie } = await t.signIn();
    const page = await getPreview(
      accountId,
      { quiz: QUIZ_URL, mode: 'popup', trigger: 'scroll', scroll: '-4', capDays: 'many' },
      { cookie },
    );
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-quizbeam-scroll="50" data-quizbeam-cap-days="0"');
  });
});
