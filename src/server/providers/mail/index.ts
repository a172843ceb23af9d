/**
 * Mail adapter: nodemailer. By default messages are written as .eml files to DATA_DIR/outbox and
 * the file's path is logged; SMTP when configured. The link itself is never logged: reset and
 * order links carry their token, and a log line must never open an account or an order.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  from?: string;
}
export interface MailProvider {
  send(message: MailMessage): Promise<{ id: string; file?: string }>;
}

/** Writes each message to `<outboxDir>/<timestamp>-<id>.eml` using nodemailer's stream transport. */
export function createOutboxMail(outboxDir: string, log?: { info(obj: object, msg: string): void }): MailProvider {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: message.from ?? 'Vitrina <no-reply@vitrina.local>', ...message });
      await fs.mkdir(outboxDir, { recursive: true });
      const id = String(info.messageId).replace(/[^a-zA-Z0-9.-]/g, '');
      const file = path.join(outboxDir, `${Date.now()}-${id}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log?.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
      return { id, file };
    },
  };
}
