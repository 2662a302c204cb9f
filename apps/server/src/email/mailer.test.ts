import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { passwordResetMessage } from './messages';

describe('mailer', () => {
  const received: string[] = [];
  let smtp: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString();
        });
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('delivers over SMTP_URL with a text and an HTML body', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxDir: '/nonexistent',
      from: 'Quizbeam <help@quizbeam.test>',
      log: () => {},
    });
    await mailer.send(passwordResetMessage('ann@example.com', 'http://localhost:3000/reset-password/u/c'));
    const mail = await simpleParser(received.at(-1) ?? '');
    expect(mail.subject).toBe('Reset your Quizbeam password');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('ann@example.com');
    expect(mail.text).toContain('http://localhost:3000/reset-password/u/c');
    expect(mail.html).toContain('href="http://localhost:3000/reset-password/u/c"');
  });

  it('writes an .eml file to the outbox and logs the link without SMTP_URL', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'quizbeam-outbox-'));
    const lines: string[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      outboxDir: dir,
      from: 'q@quizbeam.test',
      log: (l) => lines.push(l),
    });
    await mailer.send(passwordResetMessage('bob@example.com', 'http://x/reset-password/u/c'));
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/bob_example_com.*\.eml$/);
    const mail = await simpleParser(readFileSync(path.join(dir, files[0] ?? '')));
    expect(mail.text).toContain('http://x/reset-password/u/c');
    expect(lines[0]).toContain('Link: http://x/reset-password/u/c');
    rmSync(dir, { recursive: true, force: true });
  });
});
