import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createAccount, launchBrowser, sidebarLabels, signIn } from './support';

const appUrl = inject('appUrl');
const dataDir = inject('dataDir');
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

describe('sign in and the dashboard shell', () => {
  it('signs an admin in, shows the full sidebar with avatar and name, and signs out', async () => {
    const { email } = await createAccount(dataDir, {
      password: 'secret-one',
      admin: true,
      name: 'northwind',
    });
    await page.goto(`${appUrl}/`);
    await page.waitForURL(`${appUrl}/login`);
    await signIn(page, appUrl, email, 'secret-one');

    expect(await sidebarLabels(page)).toEqual([
      'Admin',
      'Leads Challenge',
      'My Quizzes',
      'Domains',
      'Zapier',
      'Integrations',
      'HTML Forms',
      'Scripts',
      'Templates',
      'Logout',
      'Help',
    ]);
    await expect(page.getByText('northwind', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('N', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'My Quizzes' }).isVisible()).resolves.toBe(true);

    await page.getByRole('link', { name: 'Domains' }).click();
    await page.waitForURL(`${appUrl}/domains`);
    await expect(page.getByText('Nothing to see here…').isVisible()).resolves.toBe(true);

    await page.getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL(`${appUrl}/admin`);
    await expect(page.getByRole('heading', { name: /Accounts \(\d+\)/ }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('cell', { name: 'northwind' }).isVisible()).resolves.toBe(true);
    await page.goBack();

    await page.getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL(`${appUrl}/login`);
    const me = await page.request.get(`${appUrl}/api/me`);
    expect(me.status()).toBe(401);
    await page.goto(`${appUrl}/domains`);
    await page.waitForURL(`${appUrl}/login`);
  });

  it('shows a limited account only what it may use; its hidden routes are Not-found', async () => {
    const { email } = await createAccount(dataDir, { password: 'secret-one', limited: true });
    await signIn(page, appUrl, email, 'secret-one');
    expect(await sidebarLabels(page)).toEqual([
      'My Quizzes',
      'Domains',
      'Integrations',
      'HTML Forms',
      'Scripts',
      'Logout',
      'Help',
    ]);
    for (const path of ['/zapier', '/leads-challenge']) {
      await page.goto(`${appUrl}${path}`);
      await page.getByRole('heading', { name: 'Oops! That page could not be found.' }).waitFor();
    }
  });

  it('shows Account to a commercial account and Zapier to a non-limited one', async () => {
    const { email } = await createAccount(dataDir, { password: 'secret-one', commercial: true });
    await signIn(page, appUrl, email, 'secret-one');
    expect(await sidebarLabels(page)).toEqual([
      'Leads Challenge',
      'My Quizzes',
      'Domains',
      'Zapier',
      'Integrations',
      'HTML Forms',
      'Scripts',
      'Account',
      'Logout',
      'Help',
    ]);
    await page.getByRole('link', { name: 'Zapier' }).click();
    await page.getByRole('heading', { name: 'Zapier' }).waitFor();
  });

  it('shows the server error text and marks the inputs on a wrong password', async () => {
    const { email } = await createAccount(dataDir, { password: 'secret-one' });
    await page.goto(`${appUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'That email and password combination is not correct.' })
      .waitFor();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toBe(`${appUrl}/login`);
  });
});

describe('generic screens', () => {
  it('shows Not-found for an unknown path and the server-error screen at /error/500', async () => {
    await page.goto(`${appUrl}/this/does/not/exist`);
    await page.getByRole('heading', { name: 'Oops! That page could not be found.' }).waitFor();
    await expect(page.getByRole('link', { name: 'support@quizbeam.test' }).isVisible()).resolves.toBe(true);
    await page.goto(`${appUrl}/error/500`);
    await page.getByRole('heading', { name: "It's me, not you." }).waitFor();
  });

  it('redirects from /payment/pending to home after 10 seconds', async () => {
    const { email } = await createAccount(dataDir, { password: 'secret-one' });
    await signIn(page, appUrl, email, 'secret-one');
    await page.goto(`${appUrl}/payment/pending`);
    const shownAt = Date.now();
    await page.waitForURL(`${appUrl}/`, { timeout: 15_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(9_000);
    await page.getByRole('heading', { name: 'My Quizzes' }).waitFor();
  });
});
