import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, launchBrowser, linkFromOutbox, sidebarLabels, signInThroughForm } from './support';

const appUrl = inject('appUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function choosePassword(page: Page, password: string, confirmation: string, button: string) {
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm New Password').fill(confirmation);
  await page.getByRole('button', { name: button }).click();
}

describe('passwords', () => {
  it('resets a forgotten password through the outbox email and signs in with the new one', async () => {
    const { email } = await createAccount(dataDir, { password: 'old-secret' });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${appUrl}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${appUrl}/forgot-password`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `If an account exists for ${email}` })
      .waitFor();

    const link = await linkFromOutbox(dataDir, email, 'reset-password');
    expect(link.startsWith(`${appUrl}/reset-password/`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Reset Your Password' }).waitFor();

    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) requests.push(request.url());
    });
    await choosePassword(page, 'new-secret', 'new-secrets', 'Set Your New Password');
    await page.getByRole('alert').filter({ hasText: "Passwords don't match." }).waitFor();
    expect(requests).toEqual([]);
    for (const label of ['New Password', 'Confirm New Password']) {
      expect(await page.getByLabel(label, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    }

    await choosePassword(page, 'new-secret', 'new-secret', 'Set Your New Password');
    await page.waitForURL(`${appUrl}/`);
    await page.getByRole('heading', { name: 'My Quizzes' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${appUrl}/login`);
    await signInThroughForm(page, appUrl, email, 'new-secret');
    expect(await sidebarLabels(page)).toContain('My Quizzes');

    // The link was used once: opened again it says so at once and offers a new one, with no form to fill.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${appUrl}/login`);
    await page.goto(link);
    await page.getByRole('alert').filter({ hasText: 'This link has expired or was already used.' }).waitFor();
    expect(await page.getByLabel('New Password', { exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Send a new link' }).click();
    await page.waitForURL(`${appUrl}/forgot-password`);
    await context.close();
  });

  it('lets an invited user set a password from the welcome email and lands in the dashboard', async () => {
    const { email, accountId } = await createAccount(dataDir, { name: 'Initech' });
    const context = await browser.newContext();
    // The page reloads after success, so keep what was pushed to the analytics data layer across it.
    await context.addInitScript(() => {
      const layer: unknown[] = [];
      layer.push = (...items: unknown[]) => {
        const kept = JSON.parse(sessionStorage.getItem('pushed') ?? '[]');
        sessionStorage.setItem('pushed', JSON.stringify([...kept, ...items]));
        return Array.prototype.push.apply(layer, items);
      };
      (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
    });
    const page = await context.newPage();
    const link = await linkFromOutbox(dataDir, email, 'set-password');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Thanks For Joining Us!' }).waitFor();
    await choosePassword(page, 'abc', 'abc', 'Create Account');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Your password must be at least 6 characters long.' })
      .waitFor();
    await choosePassword(page, 'welcome-1', 'welcome-1', 'Create Account');
    await page.waitForURL(`${appUrl}/`);
    await page.getByText('Initech', { exact: true }).waitFor();
    const pushed = await page.evaluate(() => JSON.parse(sessionStorage.getItem('pushed') ?? '[]'));
    expect(pushed).toEqual([{ event: 'purchase', accountId }]);
    await context.close();
  });
});
