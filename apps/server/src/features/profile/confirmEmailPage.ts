import { EMAIL_IN_USE_TEXT } from '@quizbeam/contracts/profile';
import { escapeHtml } from '@quizbeam/player/escapeHtml';
import { styleHash } from '../../security/securityHeaders';

export const EMAIL_CHANGED_TEXT = 'Your email address has been changed.';
export const INVALID_EMAIL_LINK_TEXT = 'This link is invalid, has expired or has already been used.';

const PAGE_CSS =
  'body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#1f2937;background:#f9fafb}' +
  'main{max-width:32rem;padding:1.5rem;text-align:center;line-height:1.5}h1{font-size:1.5rem}' +
  'button{font:inherit;padding:.6rem 1.4rem;border:0;border-radius:8px;background:#4f46e5;color:#fff;cursor:pointer}a{color:#4f46e5}';

export const CONFIRM_EMAIL_PAGE_POLICY = `default-src 'none'; style-src ${styleHash(PAGE_CSS)}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

/** What a confirmation link's page shows: the button, or what happened (or why nothing did). */
export type ConfirmEmailPageState =
  | { kind: 'ready'; code: string; newEmail: string }
  | { kind: 'changed'; newEmail: string }
  | { kind: 'invalid' }
  | { kind: 'taken' };

function page(basePath: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Quizbeam</title>
<style>${PAGE_CSS}</style>
</head>
<body><main>${body}
<p><a href="${escapeHtml(basePath)}/">Go to Quizbeam</a></p></main></body>
</html>
`;
}

export function confirmEmailPage(basePath: string, state: ConfirmEmailPageState): string {
  const base = escapeHtml(basePath);
  switch (state.kind) {
    case 'ready':
      return page(
        basePath,
        'Confirm your new email address',
        `<h1>Confirm your new email address</h1>
<p>From now on, you will sign in to Quizbeam with <strong>${escapeHtml(state.newEmail)}</strong>.</p>
<form method="post" action="${base}/confirm-email/${escapeHtml(encodeURIComponent(state.code))}"><button type="submit">Confirm New Email Address</button></form>`,
      );
    case 'changed':
      return page(
        basePath,
        EMAIL_CHANGED_TEXT,
        `<h1>${EMAIL_CHANGED_TEXT}</h1>
<p>Sign in with <strong>${escapeHtml(state.newEmail)}</strong> from now on.</p>`,
      );
    case 'invalid':
      return page(
        basePath,
        INVALID_EMAIL_LINK_TEXT,
        `<h1>${INVALID_EMAIL_LINK_TEXT}</h1>
<p>Your email address was not changed. You can ask for a new link on your <a href="${base}/profile">Profile</a>.</p>`,
      );
    case 'taken':
      return page(
        basePath,
        EMAIL_IN_USE_TEXT,
        `<h1>${EMAIL_IN_USE_TEXT}</h1>
<p>Your email address was not changed. You can choose another one on your <a href="${base}/profile">Profile</a>.</p>`,
      );
  }
}
