import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, launchBrowser, linkFromOutbox, signIn, signInThroughForm } from './support';

const appUrl = inject('appUrl');
const dataDir = inject('dataDir');
let browser: Awaited<ReturnType<typeof launchBrowser>>;
const contexts: BrowserContext[] = [];
const cspViolations: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

/** A browser of its own (cookies and all), whose page reports what the Content-Security-Policy blocks. */
async function newBrowserPage(): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
      cspViolations.push(message.text());
    }
  });
  return page;
}

async function openProfileFromAvatar(page: Page) {
  await page.getByRole('link', { name: /Profile$/ }).click();
  await page.waitForURL(`${appUrl}/profile`);
  await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
}

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).waitFor();

describe('the Profile screen', () => {
  it('changes the password (signing the other browser out) and the email, confirmed from the email', async () => {
    const { email } = await createAccount(dataDir, { password: 'first-secret', name: 'Acme Marketing' });
    const mine = await newBrowserPage();
    const other = await newBrowserPage();
    await signIn(other, appUrl, email, 'first-secret');
    await signIn(mine, appUrl, email, 'first-secret');

    await openProfileFromAvatar(mine);
    const sessions = mine.getByRole('region', { name: 'Sessions' });
    await sessions.getByText('You are signed in on 1 other device or browser.').waitFor();

    const password = mine.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current Password').fill('first-secret');
    await password.getByLabel('New Password', { exact: true }).fill('second-secret');
    await password.getByLabel('Confirm New Password').fill('second-secret');
    await password.getByRole('button', { name: 'Change Password' }).click();
    await status(mine, 'Password has been changed.');
    await sessions.getByText('You are not signed in on any other device or browser.').waitFor();

    // The other browser's next call finds its session ended and asks to sign in: the new password does it.
    await other.getByRole('link', { name: 'Domains' }).click();
    const dialog = other.getByRole('dialog', { name: 'Please sign in again' });
    await dialog.getByLabel('Password').fill('second-secret');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await other.getByRole('heading', { name: 'Domains', level: 1 }).waitFor();

    await mine.getByRole('button', { name: 'Logout' }).click();
    await mine.waitForURL(`${appUrl}/login`);
    await mine.getByLabel('Email').fill(email);
    await mine.getByLabel('Password', { exact: true }).fill('first-secret');
    await mine.getByRole('button', { name: 'Sign In' }).click();
    await mine
      .getByRole('alert')
      .filter({ hasText: 'That email and password combination is not correct.' })
      .waitFor();
    await signInThroughForm(mine, appUrl, email, 'second-secret');

    const newEmail = `moved-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await openProfileFromAvatar(mine);
    const emailSection = mine.getByRole('region', { name: 'Email' });
    await emailSection.getByLabel('New Email').fill(newEmail);
    await emailSection.getByLabel('Current Password').fill('second-secret');
    await emailSection.getByRole('button', { name: 'Change Email' }).click();
    await status(mine, `Check ${newEmail} for a link to confirm your new email address.`);
    await emailSection.getByText(`Waiting for you to confirm ${newEmail}`).waitFor();

    await mine.goto(await linkFromOutbox(dataDir, newEmail, 'confirm-email'));
    await mine.getByRole('heading', { name: 'Confirm your new email address' }).waitFor();
    await mine.getByRole('button', { name: 'Confirm New Email Address' }).click();
    await mine.getByRole('heading', { name: 'Your email address has been changed.' }).waitFor();

    await mine.getByRole('link', { name: 'Go to Quizbeam' }).click();
    await mine.getByRole('button', { name: 'Logout' }).click();
    await mine.waitForURL(`${appUrl}/login`);
    await signInThroughForm(mine, appUrl, newEmail, 'second-secret');
    await openProfileFromAvatar(mine);
    await mine.getByRole('region', { name: 'Email' }).getByText(newEmail, { exact: true }).waitFor();
    const oldEmailLogin = await mine.request.post(`${new URL(appUrl).origin}/api/login`, {
      data: { email, password: 'second-secret' },
      headers: { origin: new URL(appUrl).origin },
    });
    expect(oldEmailLogin.status()).toBe(422);
    expect(cspViolations).toEqual([]);
  });
});
