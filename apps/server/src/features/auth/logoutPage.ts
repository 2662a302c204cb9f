import { escapeHtml } from '@quizbeam/player/escapeHtml';
import { styleHash } from '../../security/securityHeaders';

const LOGOUT_PAGE_CSS =
  'body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#1f2937;background:#f9fafb}' +
  'main{text-align:center}button{font:inherit;padding:.6rem 1.4rem;border:0;border-radius:8px;background:#4f46e5;color:#fff;cursor:pointer}';

export const LOGOUT_PAGE_POLICY = `default-src 'none'; style-src ${styleHash(LOGOUT_PAGE_CSS)}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

/** What GET /logout shows (an old bookmark, a typed address): one button that posts the sign-out. */
export function logoutPage(basePath: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Log out · Quizbeam</title>
<style>${LOGOUT_PAGE_CSS}</style>
</head>
<body><main><h1>Log out of Quizbeam?</h1>
<form method="post" action="${escapeHtml(basePath)}/logout"><button type="submit">Log out</button></form>
<p><a href="${escapeHtml(basePath)}/">Back to My Quizzes</a></p></main></body>
</html>
`;
}
