/**
 * The mail provider as one run of a background job sees it (decision 143): every message it sends is keyed by the
 * job, so it carries the same Message-ID on every attempt, and a message a failed attempt already handed over is not
 * sent again by the retry.
 *
 * A message's key is `job-<job id>-<hash of the recipient and its rank among the run's messages to that recipient>`:
 * a retry builds the same messages in the same order, so it finds the same keys. The keys a run sent are reported by
 * `sent()`; the runner keeps them with the failed job (its output) and hands them to the next attempt as
 * `alreadySent`. What a crash or a timeout loses is sent again, with the same Message-ID (at-least-once).
 */
import { createHash } from 'node:crypto';
import type { MailMessage, MailProvider } from './index.js';

/** A job run's mail provider and the keys of the messages it has sent so far. */
export interface JobMail {
  mail: MailProvider;
  /** Keys of the messages this run sent, and those `alreadySent` it skipped (all of them count as sent). */
  sent(): string[];
}

/**
 * Wraps `mail` for run `jobId` of a job. `alreadySent`: keys an earlier attempt reported sent; those messages are not
 * sent again (send resolves `{ id: key }`). A message that sets its own key keeps it.
 */
export function jobMail(mail: MailProvider, jobId: string, alreadySent: readonly string[] = []): JobMail {
  const done = new Set(alreadySent);
  const perRecipient = new Map<string, number>();
  return {
    mail: {
      async send(message: MailMessage) {
        const to = message.to.trim().toLowerCase();
        const rank = perRecipient.get(to) ?? 0;
        perRecipient.set(to, rank + 1);
        const hash = createHash('sha256').update(`${to}\n${rank}`).digest('hex').slice(0, 16);
        const key = message.key ?? `job-${jobId}-${hash}`;
        if (done.has(key)) return { id: key };
        const result = await mail.send({ ...message, key });
        done.add(key);
        return result;
      },
      // No close(): the pool belongs to the app, not to one job's run.
    },
    sent: () => [...done],
  };
}

/** The keys a failed attempt's output (`{ mailSent: [...] }`, as the runner writes it) says were sent. */
export function sentKeys(output: unknown): string[] {
  const list = (output as { mailSent?: unknown } | null | undefined)?.mailSent;
  return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
}
