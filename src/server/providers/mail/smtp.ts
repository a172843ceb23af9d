/**
 * Mail through an SMTP server (SMTP_URL; decision 143): nodemailer's pooled SMTP transport, signed with DKIM when
 * DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are set. Each message goes out as text/plain plus a text/html
 * rendering of the same text (links made clickable). Delivery is at-least-once: a send that fails throws, the job
 * that sent it is retried, and a message keyed by its job keeps one Message-ID on every attempt (job-mail.ts) so the
 * receiving server can drop a second copy. Only recipient, subject and Message-ID are logged, never the body or its
 * links (they carry tokens).
 */
import nodemailer from 'nodemailer';
import { messageIdFor, type MailMessage, type MailProvider } from './index.js';

/** What the SMTP provider needs from the configuration (AppConfig's fields of the same names). */
export interface SmtpSettings {
  /** smtp://user:pass@host:port or smtps://…, user and password percent-encoded. */
  SMTP_URL: string;
  /** Default sender, `Name <address>` or `address`. */
  from: string;
  DKIM_DOMAIN?: string;
  DKIM_SELECTOR?: string;
  /** PEM text of an RSA private key. */
  DKIM_PRIVATE_KEY?: string;
}

/**
 * Bounds of one conversation with the server, in ms, so a server that does not answer fails the job (which is
 * retried) instead of holding it until the queue expires it: connecting (DNS included), waiting for its greeting,
 * and any silence once connected (a slow DATA answer included).
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/** A send the server refused or that never reached it. `code` is nodemailer's (ECONNECTION, ETIMEDOUT, EENVELOPE,
 * EMESSAGE, EAUTH...), `responseCode` the server's SMTP answer (451, 550...) when there was one. */
export class MailDeliveryError extends Error {
  readonly code: string | undefined;
  readonly responseCode: number | undefined;
  constructor(message: string, opts: { code?: string; responseCode?: number; cause?: unknown }) {
    super(message, { cause: opts.cause });
    this.name = 'MailDeliveryError';
    this.code = opts.code;
    this.responseCode = opts.responseCode;
  }
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The HTML part of a plain-text email: the same text, escaped, with its line breaks and indentation kept (the receipt
 * lines are laid out with spaces) and every http(s) link clickable.
 */
export function textToHtml(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (c) => escapes[c]!);
  // A sentence's closing punctuation after a link is not part of it.
  const linked = escaped.replace(/https?:\/\/[^\s<>]+?(?=[.,;:!?)]*(?:\s|$))/g, (url) => `<a href="${url}">${url}</a>`);
  return (
    '<!doctype html><html><head><meta charset="utf-8"></head><body>' +
    `<div style="white-space:pre-wrap;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5">${linked}</div>` +
    '</body></html>'
  );
}

/** nodemailer's SMTP options for `url` (parsed here: user and password are percent-decoded). */
function connection(url: string) {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  return {
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
  };
}

/**
 * The SMTP provider. `send` resolves `{ id }` (the Message-ID without its angle brackets) once the server accepted the
 * message for its one recipient, and throws MailDeliveryError when the connection, the login or the server's answer
 * fails, or the recipient is refused. `close()` ends the pooled connections.
 */
export function createSmtpMail(settings: SmtpSettings, log?: { info(obj: object, msg: string): void }): MailProvider {
  const dkim =
    settings.DKIM_DOMAIN && settings.DKIM_SELECTOR && settings.DKIM_PRIVATE_KEY
      ? {
          domainName: settings.DKIM_DOMAIN,
          keySelector: settings.DKIM_SELECTOR,
          privateKey: settings.DKIM_PRIVATE_KEY,
        }
      : undefined;
  const transport = nodemailer.createTransport({
    ...connection(settings.SMTP_URL),
    pool: true,
    ...SMTP_TIMEOUTS,
    dkim,
    // What the app sends is text it wrote: never a file or a URL for nodemailer to fetch.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send({ key, ...message }: MailMessage) {
      const from = message.from ?? settings.from;
      let info: { messageId: string; accepted: unknown[]; rejected: unknown[] };
      try {
        info = await transport.sendMail({
          ...message,
          from,
          html: message.html ?? textToHtml(message.text),
          messageId: messageIdFor(key, from),
        });
      } catch (err) {
        const e = err as { code?: string; responseCode?: number; message?: string };
        throw new MailDeliveryError(`SMTP: ${e.message ?? String(err)}`, {
          code: e.code,
          responseCode: e.responseCode,
          cause: err,
        });
      }
      if (info.rejected.length > 0 || info.accepted.length === 0)
        throw new MailDeliveryError('SMTP: the recipient was refused', { code: 'EENVELOPE' });
      const id = String(info.messageId).replace(/^<|>$/g, '');
      log?.info({ to: message.to, subject: message.subject, messageId: id }, 'mail sent through SMTP');
      return { id };
    },
    close() {
      transport.close();
    },
  };
}
