import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';

const notFoundPage = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Quiz not found</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#1f2937;background:#f9fafb}
main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem}</style></head>
<body><main><h1>This quiz is not available</h1><p>The link may be mistyped, or the quiz is no longer published.</p></main></body></html>`;

/**
 * The publish origin (PUBLISH_URL) never serves the builder or the API, so marketers' scripts on
 * published quizzes can never reach a builder session. Published pages arrive with the player.
 */
export function registerPublishHostGuard(app: FastifyInstance, config: Config): void {
  const publishHost = new URL(config.publishUrl).host;
  if (publishHost === new URL(config.appUrl).host) return;
  app.addHook('onRequest', async (request, reply) => {
    // /internal/ is for local tools (the CLI, a TLS proxy) that call 127.0.0.1 with their own tokens.
    if (request.headers.host !== publishHost || request.url.startsWith('/internal/')) return;
    return reply.status(404).type('text/html; charset=utf-8').send(notFoundPage);
  });
}
