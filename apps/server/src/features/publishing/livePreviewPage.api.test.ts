import { pathOf } from '@quizbeam/contracts/endpoint';
import { type LivePreviewLook, livePreviewPageEndpoint } from '@quizbeam/contracts/publishing';
import { PANE_CONFIG_ID } from '@quizbeam/player/paneMessages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISH_HOST, PUBLISH_ORIGIN, visitorOf } from '../../testing/publishing';
import { APP_ORIGIN, startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN });
});
afterAll(async () => {
  await t.close();
});

const LOOK: LivePreviewLook = {
  theme: 'theme-1',
  fontFamily: 'Lora',
  textColor: '',
  buttonBackgroundColor: '#b91c1c',
  buttonFontFamily: '',
  buttonTextColor: '',
  ctaBackgroundColor: '',
  ctaFontFamily: '',
  ctaTextColor: '',
  badge: 'show',
};

/** The pane's page, as its frame loads it (the look in the query). */
function getPane(account: string, look: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: `${pathOf(livePreviewPageEndpoint, { account })}?${new URLSearchParams(look).toString()}`,
    headers,
  });
}

describe('the live preview pane’s page', () => {
  it('answers 401 signed out and 404 for another account', async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    expect((await getPane(owner.accountId, LOOK)).statusCode).toBe(401);
    expect((await getPane(owner.accountId, LOOK, { cookie: other.cookie })).statusCode).toBe(404);
    expect((await getPane('not-an-account', LOOK, { cookie: other.cookie })).statusCode).toBe(404);
    expect((await getPane(owner.accountId, LOOK, { cookie: owner.cookie })).statusCode).toBe(200);
  });

  it('is sandboxed and framed by the builder only, with our pane script its only script', async () => {
    const { accountId, cookie } = await t.signIn();
    const page = await getPane(accountId, LOOK, { cookie });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cache-control']).toBe('no-store');
    const policy = String(page.headers['content-security-policy']).split('; ');
    const scriptUrl = page.body.match(/<script src="([^"]+)" defer><\/script>/)?.[1] ?? '';
    expect(scriptUrl).toMatch(new RegExp(`^${PUBLISH_ORIGIN}/_q/player-[0-9a-f]{8}-pane\\.js$`));
    expect(policy).toEqual(
      expect.arrayContaining([
        'sandbox allow-scripts allow-forms allow-popups',
        "frame-ancestors 'self'",
        `script-src ${scriptUrl}`,
        "form-action 'none'",
      ]),
    );
    // The pane's script is served beside the player's other builds, on the publish host.
    const script = await visitorOf(t)('GET', new URL(scriptUrl).pathname, undefined, PUBLISH_HOST);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
  });

  it('is drawn in the quiz’s look, as its published page is, and tells the pane whose messages to take', async () => {
    const { accountId, cookie } = await t.signIn();
    const page = await getPane(accountId, LOOK, { cookie });
    expect(page.body).toContain('--qb-btn-bg:#b91c1c');
    expect(page.body).toContain(`${PUBLISH_ORIGIN}/_q/fonts/`);
    expect(page.body).toContain('Powered by Quizbeam');
    const config = page.body.match(new RegExp(`id="${PANE_CONFIG_ID}">([^<]*)</script>`))?.[1] ?? '';
    expect(JSON.parse(config)).toEqual({ parentOrigin: APP_ORIGIN, pageUrl: `${PUBLISH_ORIGIN}/preview` });
    // An empty screen, no background: what it shows comes from the editor.
    expect(page.body).toMatch(/<div id="qb-screen"><\/div>/);
    expect(page.body).toContain('<body>');

    const withoutBadge = await getPane(accountId, { ...LOOK, badge: 'hide' }, { cookie });
    expect(withoutBadge.body).not.toContain('Powered by Quizbeam');
  });

  it('refuses a look that is not one with 400, never a 500', async () => {
    const { accountId, cookie } = await t.signIn();
    const { badge: _badge, ...withoutBadge } = LOOK;
    for (const look of [
      { ...LOOK, buttonBackgroundColor: 'red;}body{display:none' },
      { ...LOOK, fontFamily: 'Comic Sans of Doom' },
      { ...LOOK, theme: 'x'.repeat(101) },
      { ...LOOK, badge: 'maybe' },
      { ...LOOK, textColor: '\u0000' },
      withoutBadge,
      {},
    ]) {
      const answer = await getPane(accountId, look, { cookie });
      expect(answer.statusCode, JSON.stringify(look).slice(0, 80)).toBe(400);
    }
  });
});
