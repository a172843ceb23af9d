/**
 * The certificate state of active custom domains, as the TLS proxy really serves them (decision 146). The proxy
 * (Caddy, on-demand TLS) obtains a domain's certificate on the first handshake that names it; Vitrina cannot see that
 * happen, so it looks: a TLS connection to TLS_PROBE_ADDRESS with the domain as SNI, and the certificate served must
 * name the domain and be within its dates. That handshake is also what makes the proxy obtain a new domain's
 * certificate, so the first visitor does not wait for it.
 *
 * What a probe finds moves the state: served → `issued`, or `renewing` in the last third of its life (when Caddy renews,
 * and Let's Encrypt expects it to); refused (no certificate, another name, expired) → `failed` once it is not a new
 * domain's first hour and the refusal repeats; the proxy not reachable → nothing changes (it says nothing of the
 * domain). A minute job probes the domains waiting for their first certificate, backing off (each probe may make Caddy
 * try the CA again); an hourly one the others (issued, renewing, failed).
 */
import tls from 'node:tls';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import pLimit from 'p-limit';
import { storeDomains } from '../../db/schema/stores.js';
import { defineJob, type JobContext } from '../../jobs/queue.js';
import type { CertificateState } from '../../../shared/contracts/domains.js';

/** What the proxy served for a name. */
export type ProbeOutcome =
  /** A certificate for the name, within its dates. */
  | { kind: 'served'; notBefore: Date; notAfter: Date }
  /** The proxy answered without one: a TLS alert, a certificate of another name, or one out of its dates. */
  | { kind: 'refused'; reason: string }
  /** No TCP connection to the proxy (down, wrong address): nothing learnt about the domain. */
  | { kind: 'unreachable'; reason: string };

/** How long a new domain may take to get its first certificate before a refusal counts as `failed`. */
export const FIRST_ISSUE_WINDOW_MS = 60 * 60_000;
/** Handshakes a refusal of an issued certificate must repeat before it counts, and the pause between them. */
const CONFIRM_ATTEMPTS = 3;
const CONFIRM_PAUSE_MS = 2_000;
/** Each handshake's limit: the proxy may hold it while it obtains the certificate (ACME takes seconds). */
const PROBE_TIMEOUT_MS = 20_000;
/**
 * Minutes after activation at which a domain waiting for its first certificate is probed: at once, then further apart,
 * so that a domain whose ACME challenge fails does not make Caddy try the CA every minute (Let's Encrypt allows 5
 * failed validations per name and hour); from the first hour on, at every run until it is issued or failed.
 */
const FIRST_ISSUE_PROBE_MINUTES = new Set([0, 1, 2, 4, 8, 16, 32]);

/** Whether a domain waiting for its first certificate, activated at `activatedAt`, is probed by the run at `now`. */
export function firstIssueProbeDue(activatedAt: Date | null, now: Date): boolean {
  if (!activatedAt) return true;
  const minutes = Math.floor((now.getTime() - activatedAt.getTime()) / 60_000);
  return minutes >= FIRST_ISSUE_WINDOW_MS / 60_000 || FIRST_ISSUE_PROBE_MINUTES.has(Math.max(0, minutes));
}

/** Handshakes at once, and domains read per page. */
const CONCURRENCY = 8;
const PAGE = 200;

/** `host:port` or `[v6]:port` as host and port. */
export function parseProbeAddress(address: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(address);
  if (!m) throw new Error(`TLS probe address must be host:port, got ${address}`);
  return { host: (m[1] ?? m[2])!, port: Number(m[3]) };
}

/**
 * Opens a TLS connection to `address` with `servername` as SNI and says what was served (never throws). The chain is
 * not judged, only the name and the dates: the proxy serves only what its configured issuers gave it (Let's Encrypt in
 * production, Caddy's own CA on a test machine), and the question is whether it has one for this name.
 */
export function probeCertificate(
  address: string,
  servername: string,
  opts: { timeoutMs?: number; now?: () => Date } = {},
): Promise<ProbeOutcome> {
  const { host, port } = parseProbeAddress(address);
  const now = opts.now ?? (() => new Date());
  return new Promise((resolve) => {
    let connected = false;
    let settled = false;
    const socket = tls.connect({ host, port, servername, rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] });
    const done = (outcome: ProbeOutcome) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(outcome);
    };
    socket.setTimeout(opts.timeoutMs ?? PROBE_TIMEOUT_MS, () =>
      done(connected ? { kind: 'refused', reason: 'handshake timed out' } : { kind: 'unreachable', reason: 'timeout' }),
    );
    socket.once('connect', () => {
      connected = true;
    });
    socket.once('error', (err: NodeJS.ErrnoException) => {
      const reason = err.code ?? err.message;
      done(connected ? { kind: 'refused', reason } : { kind: 'unreachable', reason });
    });
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      if (!cert || !cert.valid_to) return done({ kind: 'refused', reason: 'no certificate' });
      const mismatch = tls.checkServerIdentity(servername, cert);
      if (mismatch)
        return done({ kind: 'refused', reason: `certificate for ${cert.subjectaltname ?? 'another name'}` });
      const notBefore = new Date(cert.valid_from);
      const notAfter = new Date(cert.valid_to);
      const t = now().getTime();
      if (t < notBefore.getTime()) return done({ kind: 'refused', reason: 'certificate not yet valid' });
      if (t >= notAfter.getTime()) return done({ kind: 'refused', reason: 'certificate expired' });
      done({ kind: 'served', notBefore, notAfter });
    });
  });
}

/** A certificate state a probe can move (an active custom domain's; `none` belongs to inactive ones). */
export type ProbedState = Exclude<CertificateState, 'none'>;

/**
 * The state after `outcome` for a domain now in `current`, activated at `activatedAt`; null when it stays as it is.
 * `served` → issued, or renewing once two thirds of the certificate's life are gone; `refused` → failed, except for a
 * domain waiting for its first certificate within FIRST_ISSUE_WINDOW_MS of its activation; `unreachable` → unchanged.
 */
export function nextCertificateState(
  current: ProbedState,
  outcome: ProbeOutcome,
  at: { now: Date; activatedAt: Date | null },
): ProbedState | null {
  let next: ProbedState | null;
  if (outcome.kind === 'served') {
    const life = outcome.notAfter.getTime() - outcome.notBefore.getTime();
    const left = outcome.notAfter.getTime() - at.now.getTime();
    next = left <= life / 3 ? 'renewing' : 'issued';
  } else if (outcome.kind === 'unreachable') next = null;
  else if (current === 'requested') {
    const since = at.activatedAt ? at.now.getTime() - at.activatedAt.getTime() : Infinity;
    next = since >= FIRST_ISSUE_WINDOW_MS ? 'failed' : null;
  } else next = 'failed';
  return next === current ? null : next;
}

/** What a probe needs of a domain's row. */
export type ProbeRow = Pick<typeof storeDomains.$inferSelect, 'id' | 'hostname' | 'certificate' | 'activatedAt'>;

/** Probes one domain (a refusal of a served certificate confirmed by more handshakes) and writes any change. */
async function probeDomain(ctx: JobContext, address: string, row: ProbeRow): Promise<ProbeOutcome> {
  const current = row.certificate as ProbedState;
  let outcome = await probeCertificate(address, row.hostname);
  // A certificate that was served and is not any more: a passing glitch must not show the seller an error.
  for (let i = 1; i < CONFIRM_ATTEMPTS && outcome.kind === 'refused' && current !== 'requested'; i++) {
    await new Promise((r) => setTimeout(r, CONFIRM_PAUSE_MS));
    outcome = await probeCertificate(address, row.hostname);
  }
  const next = nextCertificateState(current, outcome, { now: new Date(), activatedAt: row.activatedAt });
  if (!next) return outcome;
  // Only if it is still active and as read: a removal or another probe meanwhile wins.
  const changed = await ctx.db
    .update(storeDomains)
    .set({ certificate: next })
    .where(and(eq(storeDomains.id, row.id), eq(storeDomains.status, 'active'), eq(storeDomains.certificate, current)))
    .returning({ id: storeDomains.id });
  if (changed.length)
    ctx.log.info(
      {
        domain: row.hostname,
        from: current,
        to: next,
        ...(outcome.kind === 'served' ? { notAfter: outcome.notAfter.toISOString() } : { reason: outcome.reason }),
      },
      'certificate state changed',
    );
  return outcome;
}

/**
 * Probes every active custom domain whose certificate is in `states` (and that `due` accepts, when given) through
 * TLS_PROBE_ADDRESS (nothing when unset), a few at a time, and records what each probe found. Returns how many were
 * probed and what was found.
 */
export async function probeCertificates(
  ctx: JobContext,
  states: readonly ProbedState[],
  due: (row: ProbeRow, now: Date) => boolean = () => true,
): Promise<{ probed: number; served: number; refused: number; unreachable: number }> {
  const counts = { probed: 0, served: 0, refused: 0, unreachable: 0 };
  const address = ctx.config.TLS_PROBE_ADDRESS;
  if (!address) return counts;
  const limit = pLimit(CONCURRENCY);
  // Once the proxy cannot be reached, the rest of the run would learn nothing either: said once, then skipped.
  let down: ProbeOutcome | null = null;
  const probe = async (row: ProbeRow): Promise<ProbeOutcome> => {
    if (down) return down;
    const outcome = await probeDomain(ctx, address, row);
    if (outcome.kind === 'unreachable' && !down) {
      down = outcome;
      ctx.log.warn({ address, reason: outcome.reason }, 'TLS proxy not reachable: certificate states left as they are');
    }
    return outcome;
  };
  let after = '';
  for (;;) {
    const rows: ProbeRow[] = await ctx.db
      .select({
        id: storeDomains.id,
        hostname: storeDomains.hostname,
        certificate: storeDomains.certificate,
        activatedAt: storeDomains.activatedAt,
      })
      .from(storeDomains)
      .where(
        and(
          eq(storeDomains.status, 'active'),
          eq(storeDomains.kind, 'custom'),
          inArray(storeDomains.certificate, [...states]),
          ...(after ? [gt(storeDomains.id, after)] : []),
        ),
      )
      .orderBy(asc(storeDomains.id))
      .limit(PAGE);
    const now = new Date();
    const chosen = rows.filter((row) => due(row, now));
    const outcomes = await Promise.all(chosen.map((row) => limit(() => probe(row))));
    for (const o of outcomes) counts[o.kind]++;
    counts.probed += chosen.length;
    if (rows.length < PAGE || down) return counts;
    after = rows[rows.length - 1]!.id;
  }
}

/** Every minute: the domains waiting for their first certificate whose turn it is (firstIssueProbeDue). */
export const certificatesProbeJob = defineJob(
  'certificates-probe',
  async (_p, ctx) => probeCertificates(ctx, ['requested'], (row, now) => firstIssueProbeDue(row.activatedAt, now)),
  { cron: '* * * * *', retryLimit: 0 },
);

/**
 * Hourly: the issued ones (one entering its renewal third, or no longer served), the renewing ones (renewed, or
 * expired) and the failed ones (served again). Caddy renews on its own schedule; an hour is soon enough to see it.
 */
export const certificatesReviewJob = defineJob(
  'certificates-review',
  async (_p, ctx) => probeCertificates(ctx, ['issued', 'renewing', 'failed']),
  { cron: '23 * * * *', retryLimit: 0 },
);
