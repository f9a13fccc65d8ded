import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with it (a booking's calendar invite), as nodemailer takes them. */
  attachments?: { filename: string; contentType: string; content: string }[];
}

export interface MailTransport {
  /** Delivers one message; returns where it went (SMTP message id or file path). */
  send(message: MailMessage, idempotencyKey: string): Promise<string>;
  readonly description: string;
}

/** SMTP when SMTP_URL is set; otherwise each message is written as an .eml file for development. */
export function createMailTransport(options: { smtpUrl?: string; fileDir: string }): MailTransport {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    const host = new URL(options.smtpUrl).host;
    return {
      description: `SMTP ${host}`,
      async send(message, idempotencyKey) {
        const info = await transporter.sendMail({ ...message, messageId: `<${idempotencyKey}@meridian>` });
        return info.messageId;
      },
    };
  }
  const dir = resolve(options.fileDir);
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `files in ${dir}`,
    async send(message, idempotencyKey) {
      const info = await transporter.sendMail({ ...message, messageId: `<${idempotencyKey}@meridian>` });
      await mkdir(dir, { recursive: true });
      // Named by the outbox id: a retried delivery overwrites the same file instead of adding one.
      const file = join(dir, `${idempotencyKey}.eml`);
      await writeFile(file, info.message as Buffer);
      return file;
    },
  };
}
