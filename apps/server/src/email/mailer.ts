import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about; logged when mail goes to the outbox. */
  link?: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  outboxDir: string;
  from: string;
  log: (line: string) => void;
}

/** SMTP when configured; otherwise every message becomes an .eml file in the outbox folder. */
export function createMailer({ smtpUrl, outboxDir, from, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send({ to, subject, text, html, headers }) {
        await transport.sendMail({ from, to, subject, text, html, headers });
      },
    };
  }
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text, html, link, headers }) {
      const info = await composer.sendMail({ from, to, subject, text, html, headers });
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const slug = to.replace(/[^a-zA-Z0-9]+/g, '_');
      const file = path.join(outboxDir, `${stamp}-${slug}-${crypto.randomUUID().slice(0, 8)}.eml`);
      // Written aside and renamed, so whoever reads the outbox never sees half an email.
      await writeFile(`${file}.partial`, info.message as Buffer);
      await rename(`${file}.partial`, file);
      log(`Email "${subject}" to ${to} written to ${file}${link ? `\n  Link: ${link}` : ''}`);
    },
  };
}
