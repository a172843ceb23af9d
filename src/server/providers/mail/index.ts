/**
 * Mail adapter: nodemailer. By default messages are written as .eml files to DATA_DIR/outbox and
 * the file's path is logged; through an SMTP server when SMTP_URL is set (smtp.ts; decision 143). The link itself is
 * never logged: reset and order links carry their token, and a log line must never open an account or an order.
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
  /**
   * A stable identity of this message (letters, digits, `.`, `-`): the same key gives the same Message-ID header,
   * `<key@sender's domain>`, so a receiving server can drop a copy sent again. Jobs set it (job-mail.ts); unset,
   * nodemailer makes a random one.
   */
  key?: string;
}
export interface MailProvider {
  /** Sends one message; resolves once it is written or the server accepted it. Throws when it could not be. */
  send(message: MailMessage): Promise<{ id: string; file?: string }>;
  /** Lets go of open connections (the SMTP pool); the app calls it on close. */
  close?(): void;
}

/** The outbox's sender when MAIL_FROM is unset (as it always was). */
export const OUTBOX_FROM = 'Vitrina <no-reply@vitrina.local>';

/** The domain of a sender such as `Vitrina <no-reply@vitrina.mx>` or `no-reply@vitrina.mx` (`vitrina.mx`). */
export function senderDomain(from: string): string {
  const address = /<([^<>]+)>/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}

/** The Message-ID header of a message with `key` from `from`, or undefined without a key (nodemailer picks one). */
export function messageIdFor(key: string | undefined, from: string): string | undefined {
  return key ? `<${key.replace(/[^A-Za-z0-9.-]/g, '')}@${senderDomain(from)}>` : undefined;
}

/**
 * Writes each message to `<outboxDir>/<timestamp>-<id>.eml` using nodemailer's stream transport, from `opts.from`
 * (default OUTBOX_FROM) unless the message names its own sender.
 */
export function createOutboxMail(
  outboxDir: string,
  log?: { info(obj: object, msg: string): void },
  opts: { from?: string } = {},
): MailProvider {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const defaultFrom = opts.from ?? OUTBOX_FROM;
  return {
    async send({ key, ...message }) {
      const from = message.from ?? defaultFrom;
      const info = await transport.sendMail({ ...message, from, messageId: messageIdFor(key, from) });
      await fs.mkdir(outboxDir, { recursive: true });
      const id = String(info.messageId).replace(/[^a-zA-Z0-9.-]/g, '');
      const file = path.join(outboxDir, `${Date.now()}-${id}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log?.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
      return { id, file };
    },
  };
}
