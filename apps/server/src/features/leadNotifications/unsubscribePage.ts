import { escapeHtml } from '@quizbeam/player/escapeHtml';
import { styleHash } from '../../security/securityHeaders';

export const INVALID_UNSUBSCRIBE_LINK_TEXT = 'This unsubscribe link is not valid.';
export const UNSUBSCRIBE_BUTTON_TEXT = 'Unsubscribe';

export const unsubscribeQuestion = (quizName: string, email: string) =>
  `Stop new-lead emails for ${quizName} to ${email}?`;
export const unsubscribedText = (quizName: string) => `You will get no more new-lead emails for ${quizName}.`;

const PAGE_CSS =
  'body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#1f2937;background:#f9fafb}' +
  'main{max-width:32rem;padding:1.5rem;text-align:center;line-height:1.5}h1{font-size:1.5rem;overflow-wrap:anywhere}' +
  'button{font:inherit;padding:.6rem 1.4rem;border:0;border-radius:8px;background:#4f46e5;color:#fff;cursor:pointer}';

export const UNSUBSCRIBE_PAGE_POLICY = `default-src 'none'; style-src ${styleHash(PAGE_CSS)}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

/** What an unsubscribe link's page shows: the button, what was done, or why nothing can be. */
export type UnsubscribePageState =
  | { kind: 'ready'; token: string; quizName: string; email: string }
  | { kind: 'unsubscribed'; quizName: string; email: string }
  | { kind: 'invalid' };

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Quizbeam</title>
<style>${PAGE_CSS}</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}

export function unsubscribePage(basePath: string, state: UnsubscribePageState): string {
  switch (state.kind) {
    case 'ready': {
      const question = unsubscribeQuestion(state.quizName, state.email);
      const action = `${basePath}/lead-emails/unsubscribe/${encodeURIComponent(state.token)}`;
      return page(
        'Stop new-lead emails',
        `<h1>${escapeHtml(question)}</h1>
<p>${escapeHtml(state.email)} will no longer get an email about the quiz's new leads.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">${UNSUBSCRIBE_BUTTON_TEXT}</button></form>`,
      );
    }
    case 'unsubscribed': {
      const done = unsubscribedText(state.quizName);
      return page(
        done,
        `<h1>${escapeHtml(done)}</h1>
<p>${escapeHtml(state.email)} is off the list. The quiz's owner can add it again in the quiz's Capture Form.</p>`,
      );
    }
    case 'invalid':
      return page(
        INVALID_UNSUBSCRIBE_LINK_TEXT,
        `<h1>${INVALID_UNSUBSCRIBE_LINK_TEXT}</h1>
<p>The link may have been cut short when it was copied, or the quiz was deleted. Nothing was changed.</p>`,
      );
  }
}
