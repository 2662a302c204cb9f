import { describe, expect, inject, it } from 'vitest';
import { createAccount, freshPagePerTest, sidebarLabels, signInThroughForm } from './support';

const appUrl = inject('appUrl');
const dataDir = inject('dataDir');
const ui = freshPagePerTest();

describe('sign in and the dashboard shell', () => {
  it('signs an admin in, shows the full sidebar with avatar and name, and signs out', async () => {
    const { email } = await createAccount(dataDir, {
      password: 'secret-one',
      admin: true,
      name: 'northwind',
    });
    await ui.page.goto(`${appUrl}/`);
    await ui.page.waitForURL(`${appUrl}/login`);
    await signInThroughForm(ui.page, appUrl, email, 'secret-one');

    expect(await sidebarLabels(ui.page)).toEqual([
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
    await expect(ui.page.getByText('northwind', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(ui.page.getByText('N', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(ui.page.getByRole('heading', { name: 'My Quizzes' }).isVisible()).resolves.toBe(true);

    await ui.page.getByRole('link', { name: 'Domains' }).click();
    await ui.page.waitForURL(`${appUrl}/domains`);
    await expect.poll(() => ui.page.getByText('Nothing to see here…').isVisible()).toBe(true);

    await ui.page.getByRole('link', { name: 'Admin' }).click();
    await ui.page.waitForURL(`${appUrl}/admin`);
    // The admin console, its own bundle: the accounts, searchable.
    await ui.page.getByLabel('Search accounts').fill('northwind');
    await ui.page
      .getByRole('table', { name: 'Accounts' })
      .getByRole('link', { name: 'northwind' })
      .first()
      .waitFor();
    await ui.page.goBack();

    await ui.page.getByRole('button', { name: 'Logout' }).click();
    await ui.page.waitForURL(`${appUrl}/login`);
    const me = await ui.page.request.get(`${appUrl}/api/me`);
    expect(me.status()).toBe(401);
    await ui.page.goto(`${appUrl}/domains`);
    await ui.page.waitForURL(`${appUrl}/login?next=/domains`);
  });

  it('shows a limited account only what it may use; its hidden routes are Not-found', async () => {
    const { email } = await createAccount(dataDir, { password: 'secret-one', limited: true });
    await signInThroughForm(ui.page, appUrl, email, 'secret-one');
    expect(await sidebarLabels(ui.page)).toEqual([
      'My Quizzes',
      'Domains',
      'Integrations',
      'HTML Forms',
      'Scripts',
      'Logout',
      'Help',
    ]);
    // /admin (a full page load) is Not-found for anyone who is not an admin.
    for (const path of ['/zapier', '/leads-challenge', '/admin', '/templates', '/account']) {
      await ui.page.goto(`${appUrl}${path}`);
      await ui.page.getByRole('heading', { name: 'Oops! That page could not be found.' }).waitFor();
    }
  });

  it('shows Account to a commercial account and Zapier to a non-limited one', async () => {
    const { email } = await createAccount(dataDir, { password: 'secret-one', commercial: true });
    await signInThroughForm(ui.page, appUrl, email, 'secret-one');
    expect(await sidebarLabels(ui.page)).toEqual([
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
    await ui.page.getByRole('link', { name: 'Zapier' }).click();
    await ui.page.getByRole('heading', { name: 'Zapier' }).waitFor();
  });

  it('shows the server error text and marks the inputs on a wrong password', async () => {
    const { email } = await createAccount(dataDir, { password: 'secret-one' });
    await ui.page.goto(`${appUrl}/login`);
    await ui.page.getByLabel('Email').fill(email);
    await ui.page.getByLabel('Password', { exact: true }).fill('not the password');
    await ui.page.getByRole('button', { name: 'Sign In' }).click();
    await ui.page
      .getByRole('alert')
      .filter({ hasText: 'That email and password combination is not correct.' })
      .waitFor();
    expect(await ui.page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(ui.page.url()).toBe(`${appUrl}/login`);
  });
});

describe('returning to the page asked for', () => {
  it('signed out, a share link goes through sign-in and lands on the share page', async () => {
    const sharer = await createAccount(dataDir, { password: 'secret-one' });
    const sharerContext = await ui.browser.newContext();
    const api = sharerContext.request;
    const headers = { origin: new URL(appUrl).origin };
    const signedIn = await api.post(`${appUrl}/api/login`, {
      data: { email: sharer.email, password: 'secret-one' },
      headers,
    });
    expect(signedIn.status()).toBe(200);
    const { quizId } = await (
      await api.post(`${appUrl}/api/quizzes`, { data: { name: 'Dog quiz', type: 'general' }, headers })
    ).json();
    const { shareCode } = await (
      await api.post(`${appUrl}/accounts/${sharer.accountId}/quizzes/${quizId}/share`, { headers })
    ).json();
    await sharerContext.close();

    const { email } = await createAccount(dataDir, { password: 'secret-two' });
    await ui.page.goto(`${appUrl}/share/${shareCode}/`);
    await ui.page.waitForURL(`${appUrl}/login?next=/share/${shareCode}/`);
    await ui.page.getByLabel('Email').fill(email);
    await ui.page.getByLabel('Password', { exact: true }).fill('secret-two');
    await ui.page.getByRole('button', { name: 'Sign In' }).click();
    await ui.page.waitForURL(`${appUrl}/share/${shareCode}/`);
    await ui.page.getByRole('heading', { name: 'Import Dog quiz' }).waitFor();

    // Signed in, the sign-in screen has nothing to offer: it goes on to the dashboard.
    await ui.page.goto(`${appUrl}/login`);
    await ui.page.waitForURL(`${appUrl}/`);
    await ui.page.getByRole('heading', { name: 'My Quizzes' }).waitFor();
  });

  it('never leaves the builder for a next value pointing elsewhere', async () => {
    const { email } = await createAccount(dataDir, { password: 'secret-one' });
    await ui.page.goto(`${appUrl}/login?next=${encodeURIComponent('//example.com/share/x/')}`);
    await ui.page.getByLabel('Email').fill(email);
    await ui.page.getByLabel('Password', { exact: true }).fill('secret-one');
    await ui.page.getByRole('button', { name: 'Sign In' }).click();
    await ui.page.waitForURL(`${appUrl}/`);
  });

  it('keeps admin and commercial routes from accounts without the right', async () => {
    const { email } = await createAccount(dataDir, { password: 'secret-one' });
    await signInThroughForm(ui.page, appUrl, email, 'secret-one');
    for (const path of ['/templates', '/templates/new', '/account']) {
      await ui.page.goto(`${appUrl}${path}`);
      await ui.page.getByRole('heading', { name: 'Oops! That page could not be found.' }).waitFor();
    }
  });
});

describe('generic screens', () => {
  it('shows Not-found for an unknown path and the server-error screen at /error/500', async () => {
    await ui.page.goto(`${appUrl}/this/does/not/exist`);
    await ui.page.getByRole('heading', { name: 'Oops! That page could not be found.' }).waitFor();
    await expect(ui.page.getByRole('link', { name: 'support@quizbeam.test' }).isVisible()).resolves.toBe(
      true,
    );
    await ui.page.goto(`${appUrl}/error/500`);
    await ui.page.getByRole('heading', { name: "It's me, not you." }).waitFor();
  });

  it('redirects from /payment/pending to home after 10 seconds', async () => {
    const { email } = await createAccount(dataDir, { password: 'secret-one' });
    await signInThroughForm(ui.page, appUrl, email, 'secret-one');
    // The page's clock is the test's: ten seconds pass at once instead of being waited for.
    await ui.page.clock.install();
    await ui.page.goto(`${appUrl}/payment/pending`);
    await ui.page.getByText("We're confirming your payment…").waitFor();
    await ui.page.clock.runFor(9_000);
    expect(new URL(ui.page.url()).pathname).toBe('/payment/pending');
    await ui.page.clock.runFor(1_000);
    await ui.page.waitForURL(`${appUrl}/`);
    await ui.page.getByRole('heading', { name: 'My Quizzes' }).waitFor();
  });
});
