import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { TwilioSmsClient, type TwilioSmsSettings } from '@meridian/connectors';

export interface SmsMessage {
  /** E.164. */
  to: string;
  body: string;
}

export interface SmsTransport {
  /**
   * Sends one SMS; returns where it went (Twilio's message SID, or the file). A failure is a
   * ConnectorError when the provider answered (its classification says whether to retry).
   */
  send(message: SmsMessage, idempotencyKey: string): Promise<string>;
  readonly description: string;
}

export const SMS_TRANSPORT = Symbol('SMS_TRANSPORT');

/**
 * Twilio when its account, token and number are set; otherwise each SMS is written as a `.txt`
 * file named by the invitation (a retried delivery overwrites rather than duplicates), as e-mail's
 * local transport does.
 */
export function createSmsTransport(options: { twilio?: TwilioSmsSettings; fileDir: string }): SmsTransport {
  if (options.twilio) {
    const client = new TwilioSmsClient(options.twilio);
    return {
      description: client.description,
      async send(message) {
        return (await client.send(message)).sid;
      },
    };
  }
  const dir = resolve(options.fileDir);
  return {
    description: `files in ${dir}`,
    async send(message, idempotencyKey) {
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${idempotencyKey}.txt`);
      await writeFile(file, `To: ${message.to}\nDate: ${new Date().toUTCString()}\n\n${message.body}\n`);
      return file;
    },
  };
}
