import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loginEndpoint, passwordResetEmailEndpoint } from '@quizbeam/contracts/auth';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageNavigation } from '../routing/loadFullPage';
import { answerWith, on, routeFetch } from '../test/fakeServer';
import { SignInApp } from './SignInApp';

function openAt(address: string) {
  window.history.replaceState(null, '', address);
  render(<SignInApp />);
}

async function signIn() {
  fireEvent.focus(await screen.findByLabelText('Email'));
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('the sign-in page (its own bundle, without the app router)', () => {
  beforeAll(async () => {
    // The calls' modules (the API client, the contracts) load on demand; their first load here is slow.
    await Promise.all([import('../api/apiClient'), import('@quizbeam/contracts/auth')]);
  }, 30_000);

  it('signs in and reloads into the page asked for', async () => {
    const fetchMock = routeFetch([on(loginEndpoint, { ok: true })]);
    openAt('/login?next=/quizzes/7/questions');
    await signIn();
    await waitFor(() => expect(pageNavigation.assign).toHaveBeenCalledWith('/quizzes/7/questions'));
    expect(fetchMock).toHaveBeenCalledWith('/api/login', expect.objectContaining({ method: 'POST' }));
  });

  it("shows the server's text on wrong credentials and stays", async () => {
    routeFetch([
      on(loginEndpoint, answerWith(422, { error: 'Wrong email or password.', code: 'invalid_credentials' })),
    ]);
    openAt('/login');
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong email or password.');
    expect(pageNavigation.assign).not.toHaveBeenCalled();
  });

  it('goes to the forgot-password screen and back in place, and follows the browser back', async () => {
    const fetchMock = routeFetch([on(passwordResetEmailEndpoint, { ok: true })]);
    openAt('/login');
    fireEvent.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    expect(screen.getByRole('heading', { name: 'Forgot Your Password?' })).toBeTruthy();
    expect(window.location.pathname).toBe('/forgot-password');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect((await screen.findByRole('status')).textContent).toContain('ada@example.com');
    expect(fetchMock).toHaveBeenCalledWith('/api/password-reset-email', expect.anything());

    fireEvent.click(screen.getByRole('link', { name: 'Back to Sign In' }));
    expect(window.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Sign In to Quizbeam' })).toBeTruthy();
    act(() => {
      window.history.replaceState(null, '', '/forgot-password');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('heading', { name: 'Forgot Your Password?' })).toBeTruthy();
    expect(pageNavigation.assign).not.toHaveBeenCalled();
  });

  it('leaves a link opened in a new tab to the browser', () => {
    openAt('/login');
    const link = screen.getByRole('link', { name: 'Forgot your password?' });
    expect(link.getAttribute('href')).toBe('/forgot-password');
    // jsdom cannot open tabs: stop it after the page's own handler has seen the click.
    const stopNavigation = (event: Event) => event.preventDefault();
    window.addEventListener('click', stopNavigation);
    fireEvent.click(link, { ctrlKey: true });
    window.removeEventListener('click', stopNavigation);
    expect(window.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Sign In to Quizbeam' })).toBeTruthy();
  });
});

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Imports that load code (type-only imports and `import()` left out). */
const LOADING_IMPORT = /^import\s+(?!type\b)[^'"]*?from\s*['"]([^'"]+)['"]|^import\s*['"]([^'"]+)['"]/gm;

/** Every package a source file loads before it runs, following its relative imports. */
function packagesLoadedBy(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, from, bare] of readFileSync(file, 'utf8').matchAll(LOADING_IMPORT)) {
      const specifier = from ?? bare ?? '';
      if (!specifier.startsWith('.')) packages.add(specifier);
      else if (!specifier.endsWith('.css')) {
        const base = path.resolve(path.dirname(file), specifier);
        pending.push([`${base}.ts`, `${base}.tsx`].find((candidate) => existsSyncSafe(candidate)) ?? base);
      }
    }
  }
  return packages;
}

function existsSyncSafe(file: string): boolean {
  try {
    readFileSync(file);
    return true;
  } catch {
    return false;
  }
}

describe("the sign-in page's sources", () => {
  it('load React and zod-free contracts only: no router, no API client, no schemas', () => {
    const loaded = packagesLoadedBy(path.join(srcDir, 'signIn/signInMain.tsx'));
    expect([...loaded].sort()).toEqual([
      '@quizbeam/contracts/clientConfig',
      '@quizbeam/contracts/signInPage',
      'react',
      'react-dom/client',
    ]);
  });
});
