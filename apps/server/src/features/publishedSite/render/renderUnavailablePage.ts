import { QUIZ_UNAVAILABLE_TEXT, QUIZ_UNAVAILABLE_TITLE } from '@quizbeam/contracts/admin';

/** What a disabled account's published quizzes answer (on the publish host, custom domains and in embeds). */
export function renderUnavailablePage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${QUIZ_UNAVAILABLE_TITLE}</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#1f2937;background:#f9fafb}
main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem}</style>
</head>
<body><main><h1>${QUIZ_UNAVAILABLE_TITLE}</h1><p>${QUIZ_UNAVAILABLE_TEXT}</p></main></body>
</html>
`;
}
