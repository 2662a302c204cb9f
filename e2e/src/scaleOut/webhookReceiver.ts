import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver got: the Standard Webhooks message id and the lead it carried. */
export interface ReceivedWebhook {
  webhookId: string;
  leadId: string;
  email: string;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Requests read but not answered yet: a worker killed now has sent them and recorded nothing. */
  unanswered(): number;
  close(): Promise<void>;
}

/**
 * A marketer's webhook endpoint on this machine: it keeps every request it gets (repeats included) and
 * answers 200 after `answerAfterMs`, so that deliveries are in flight long enough to be interrupted.
 */
export async function startWebhookReceiver(answerAfterMs: number): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let unanswered = 0;
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      const payload = JSON.parse(body) as { data: { leadId: string; email: string } };
      received.push({
        webhookId: String(request.headers['webhook-id']),
        leadId: payload.data.leadId,
        email: payload.data.email,
        at: Date.now(),
      });
      unanswered += 1;
      setTimeout(() => {
        unanswered -= 1;
        response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      }, answerAfterMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/quizbeam-leads`,
    received,
    unanswered: () => unanswered,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
