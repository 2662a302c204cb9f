export const NOT_FOUND_TITLE = 'This quiz is not available';
export const NOT_FOUND_TEXT = 'The link may be mistyped, or the quiz is no longer published.';

/** What a published site answers for an unknown or unpublished quiz (and any other path). */
export function renderNotFoundPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Quiz not found</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#1f2937;background:#f9fafb}
main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem}</style>
</head>
<body><main><h1>${NOT_FOUND_TITLE}</h1><p>${NOT_FOUND_TEXT}</p></main></body>
</html>
`;
}
