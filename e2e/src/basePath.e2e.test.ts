import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './serverProcess';
import { createAccount, launchBrowser, signIn } from './support';

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer({ BASE_PATH: '/builder' })]);
});
afterAll(async () => {
  await Promise.all([browser.close(), server.stop()]);
});

describe('BASE_PATH', () => {
  it('puts every builder route and the logout under the base path', async () => {
    const { email } = await createAccount(server.dataDir, { password: 'secret-one' });
    const page = await browser.newPage();
    await page.goto(`${server.appUrl}/`);
    await page.waitForURL(`${server.appUrl}/login`);
    await signIn(page, server.appUrl, email, 'secret-one');
    await page.getByRole('link', { name: 'Scripts' }).click();
    await page.waitForURL(`${server.appUrl}/scripts`);
    const logoutForm = page.locator('form', { has: page.getByRole('button', { name: 'Logout' }) });
    expect(await logoutForm.getAttribute('action')).toBe('/builder/logout');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.appUrl}/login`);
    await page.goto(`${server.appUrl}/nowhere`);
    await page.getByRole('heading', { name: 'Oops! That page could not be found.' }).waitFor();
  });
});
