/**
 * A store's domains on the admin's Dominios page (`/admin/domains`: each domain's name, certificate and status;
 * pending validation → active, then a certificate; decision 145). A seller adds a domain, creates the DNS records
 * shown, checks them (or waits for the background check), activates the domain and may make it the primary address;
 * removing it stops it serving at once on every instance (the store_domains triggers tell every instance's domain
 * cache). Every query is scoped by the context's store.
 */
import { randomBytes } from 'node:crypto';
import { domainToUnicode } from 'node:url';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { storeDomains, stores } from '../../db/schema/stores.js';
import { runTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import type { DbContext, StoreContext } from '../../lib/context.js';
import { withTx } from '../../lib/context.js';
import { publicOrigin } from '../../lib/public-url.js';
import {
  DNS_PROPAGATION_MINUTES,
  DOMAIN_CHECK_HOURS,
  MAX_DOMAINS_PER_STORE,
  type DomainsPage,
  type StoreDomain,
} from '../../../shared/contracts/domains.js';
import { isApexDomain, parseDomainName } from './domain-names.js';
import { checkDomainDns, createResolver, domainTargets, expectedRecords, type DomainTargets } from './domain-dns.js';
import { lockStoreRow } from './store-lock.js';

type Ctx = Pick<StoreContext, 'db' | 'storeId' | 'config'>;
type Row = typeof storeDomains.$inferSelect;

/** The first background check a minute after adding; then twice as long each time, at most an hour apart. */
export function nextCheckDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** attempts, 3_600_000);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function view(row: Row, targets: DomainTargets, config: Ctx['config']): StoreDomain {
  const custom = row.kind === 'custom';
  const found = row.lastRecords ?? {};
  const records = custom
    ? expectedRecords(
        { hostname: row.hostname, apex: isApexDomain(row.hostname), token: row.verificationToken ?? '' },
        targets,
      ).map((r) => {
        const seen = found[`${r.type}:${r.name}`];
        return seen
          ? {
              ...r,
              state: seen.state as StoreDomain['records'][number]['state'],
              ...(seen.found && { found: seen.found }),
            }
          : r;
      })
    : [];
  return {
    id: row.id,
    hostname: row.hostname,
    displayName: domainToUnicode(row.hostname) || row.hostname,
    url: publicOrigin(config, row.hostname),
    kind: custom ? 'custom' : 'platform',
    status: row.status as StoreDomain['status'],
    isPrimary: row.isPrimary,
    certificate: row.certificate as StoreDomain['certificate'],
    records,
    lastError: row.lastError,
    lastCheckAt: iso(row.lastCheckAt),
    nextCheckAt: row.status === 'pending_validation' ? iso(row.nextCheckAt) : null,
    checkUntil: custom ? new Date(row.createdAt.getTime() + DOMAIN_CHECK_HOURS * 3_600_000).toISOString() : null,
    verifiedAt: iso(row.verifiedAt),
    activatedAt: iso(row.activatedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

async function findRow(ctx: Pick<Ctx, 'db' | 'storeId'>, id: string, lock = false): Promise<Row> {
  const q = ctx.db
    .select()
    .from(storeDomains)
    .where(and(eq(storeDomains.id, id), eq(storeDomains.storeId, ctx.storeId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new AppError('DOMAIN_NOT_FOUND');
  return row;
}

/** The store's domains, primary first, with the records each custom one needs and the last check's findings. */
export async function listStoreDomains(ctx: Ctx): Promise<DomainsPage> {
  const rows = await ctx.db
    .select()
    .from(storeDomains)
    .where(eq(storeDomains.storeId, ctx.storeId))
    .orderBy(desc(storeDomains.isPrimary), asc(storeDomains.kind), asc(storeDomains.createdAt), asc(storeDomains.id));
  const targets = domainTargets(ctx.config);
  return {
    domains: rows.map((r) => view(r, targets, ctx.config)),
    propagationMinutes: DNS_PROPAGATION_MINUTES,
    maxDomains: MAX_DOMAINS_PER_STORE,
  };
}

/**
 * Adds `input` (as typed) as a custom domain pending validation, with a fresh ownership token; the background check
 * starts a minute later. Adding a name the store already has returns it (`created: false`). Throws DOMAIN_INVALID,
 * DOMAIN_IS_PLATFORM, DOMAIN_LOOKALIKE (parseDomainName), DOMAIN_TAKEN (another store's), DOMAIN_LIMIT_REACHED.
 */
export async function addCustomDomain(ctx: Ctx, input: string): Promise<{ domain: StoreDomain; created: boolean }> {
  const name = parseDomainName(input, ctx.config.PLATFORM_DOMAIN);
  const targets = domainTargets(ctx.config);
  return runTransaction(ctx.db, async (tx) => {
    const txCtx = withTx(ctx, tx);
    // Counting then inserting under the store's row lock: 20 requests at once cannot pass the limit together.
    await lockStoreRow(txCtx);
    const mine = await tx.select().from(storeDomains).where(eq(storeDomains.storeId, ctx.storeId));
    const existing = mine.find((d) => d.hostname === name.ascii);
    if (existing) return { domain: view(existing, targets, ctx.config), created: false };
    if (mine.length >= MAX_DOMAINS_PER_STORE)
      throw new AppError('DOMAIN_LIMIT_REACHED', { max: MAX_DOMAINS_PER_STORE });
    const [row] = await tx
      .insert(storeDomains)
      .values({
        storeId: ctx.storeId,
        hostname: name.ascii,
        kind: 'custom',
        status: 'pending_validation',
        isPrimary: false,
        verificationToken: randomBytes(16).toString('hex'),
        nextCheckAt: sql`now() + interval '1 minute'`,
      })
      // Another store's domain (or one it adds at this very moment): nothing written.
      .onConflictDoNothing({ target: storeDomains.hostname })
      .returning();
    if (!row) throw new AppError('DOMAIN_TAKEN');
    return { domain: view(row, targets, ctx.config), created: true };
  });
}

/**
 * Writes what a DNS check of `row` found: verified when routing and ownership were both found (a failed domain comes
 * back too); a pending domain not verified is checked again later with back-off, and marked failed once its 72 hours
 * are over. An active or verified domain keeps its status (the findings are shown). Returns the updated row.
 */
export async function recordDnsCheck(ctx: DbContext, row: Row, targets: DomainTargets): Promise<Row> {
  const check = await checkDomainDns(
    { hostname: row.hostname, apex: isApexDomain(row.hostname), token: row.verificationToken ?? '' },
    targets,
    createResolver(targets),
  );
  const lastRecords = Object.fromEntries(
    check.records.map((r) => [`${r.type}:${r.name}`, { state: r.state, ...(r.found && { found: r.found }) }]),
  );
  const waiting = row.status === 'pending_validation' || row.status === 'failed';
  const expired = Date.now() >= row.createdAt.getTime() + DOMAIN_CHECK_HOURS * 3_600_000;
  const status = waiting ? (check.verified ? 'verified' : expired ? 'failed' : 'pending_validation') : row.status;
  const attempts = row.checkAttempts + 1;
  const [updated] = await ctx.db
    .update(storeDomains)
    .set({
      status,
      lastRecords,
      lastError: check.problem,
      lastCheckAt: new Date(),
      checkAttempts: attempts,
      nextCheckAt: status === 'pending_validation' ? new Date(Date.now() + nextCheckDelayMs(attempts)) : null,
      ...(waiting && check.verified && { verifiedAt: new Date() }),
    })
    // Only if nobody removed or changed it meanwhile (a check takes seconds).
    .where(and(eq(storeDomains.id, row.id), eq(storeDomains.status, row.status)))
    .returning();
  return updated ?? row;
}

/**
 * Looks up the records of the store's custom domain `id` now (the "Verificar" button). Throws DOMAIN_NOT_FOUND,
 * DOMAIN_IS_PLATFORM_ADDRESS for the platform address.
 */
export async function verifyCustomDomain(ctx: Ctx, id: string): Promise<StoreDomain> {
  const row = await findRow(ctx, id);
  if (row.kind !== 'custom') throw new AppError('DOMAIN_IS_PLATFORM_ADDRESS');
  const targets = domainTargets(ctx.config);
  return view(await recordDnsCheck(ctx, row, targets), targets, ctx.config);
}

async function setPrimary(ctx: Pick<Ctx, 'db' | 'storeId'>, id: string): Promise<void> {
  await ctx.db
    .update(storeDomains)
    .set({ isPrimary: false })
    .where(and(eq(storeDomains.storeId, ctx.storeId), eq(storeDomains.isPrimary, true)));
  await ctx.db
    .update(storeDomains)
    .set({ isPrimary: true })
    .where(and(eq(storeDomains.id, id), eq(storeDomains.storeId, ctx.storeId)));
}

/**
 * Makes the verified domain `id` serve the store (its certificate is then requested by the TLS proxy on the first
 * visit); with `primary`, also the address links are built on, the others redirecting to it. Activating an active
 * domain again only applies `primary`. Throws DOMAIN_NOT_FOUND, DOMAIN_NOT_VERIFIED.
 */
export async function activateCustomDomain(ctx: Ctx, id: string, opts: { primary: boolean }): Promise<StoreDomain> {
  const row = await runTransaction(ctx.db, async (tx) => {
    const txCtx = withTx(ctx, tx);
    await lockStoreRow(txCtx);
    const d = await findRow(txCtx, id, true);
    if (d.status !== 'verified' && d.status !== 'active') throw new AppError('DOMAIN_NOT_VERIFIED');
    if (d.status === 'verified')
      await tx
        .update(storeDomains)
        .set({
          status: 'active',
          activatedAt: new Date(),
          certificate: d.kind === 'custom' ? 'requested' : d.certificate,
        })
        .where(eq(storeDomains.id, d.id));
    if (opts.primary) await setPrimary(txCtx, d.id);
    return findRow(txCtx, id);
  });
  return view(row, domainTargets(ctx.config), ctx.config);
}

/** Makes the active domain `id` the store's primary address. Throws DOMAIN_NOT_FOUND, DOMAIN_NOT_ACTIVE. */
export async function makeDomainPrimary(ctx: Ctx, id: string): Promise<StoreDomain> {
  const row = await runTransaction(ctx.db, async (tx) => {
    const txCtx = withTx(ctx, tx);
    await lockStoreRow(txCtx);
    const d = await findRow(txCtx, id, true);
    if (d.status !== 'active') throw new AppError('DOMAIN_NOT_ACTIVE');
    await setPrimary(txCtx, d.id);
    return findRow(txCtx, id);
  });
  return view(row, domainTargets(ctx.config), ctx.config);
}

/**
 * Removes the custom domain `id`: it stops serving the store on every instance at once. When it was the primary
 * address, the platform address becomes primary again. Throws DOMAIN_NOT_FOUND, DOMAIN_IS_PLATFORM_ADDRESS.
 */
export async function removeCustomDomain(ctx: Ctx, id: string): Promise<void> {
  await runTransaction(ctx.db, async (tx) => {
    const txCtx = withTx(ctx, tx);
    await lockStoreRow(txCtx);
    const d = await findRow(txCtx, id, true);
    if (d.kind !== 'custom') throw new AppError('DOMAIN_IS_PLATFORM_ADDRESS');
    await tx.delete(storeDomains).where(eq(storeDomains.id, d.id));
    if (d.isPrimary) {
      const [platform] = await tx
        .select({ id: storeDomains.id })
        .from(storeDomains)
        .where(and(eq(storeDomains.storeId, ctx.storeId), eq(storeDomains.status, 'active')))
        .orderBy(sql`${storeDomains.kind} = 'platform' desc`, asc(storeDomains.createdAt))
        .limit(1);
      if (platform) await setPrimary(txCtx, platform.id);
    }
  });
}

/**
 * The TLS proxy's question: may a certificate be issued for `host`? Yes only for an active domain of a store that is
 * not suspended (one indexed look-up by host name; it writes nothing, whoever asks).
 */
export async function mayIssueCertificate(ctx: DbContext, host: string): Promise<boolean> {
  const name = host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  if (!/^[a-z0-9.-]{1,253}$/.test(name)) return false;
  const [row] = await ctx.db
    .select({ id: storeDomains.id })
    .from(storeDomains)
    .innerJoin(stores, eq(stores.id, storeDomains.storeId))
    .where(
      and(eq(storeDomains.hostname, name), eq(storeDomains.status, 'active'), sql`${stores.status} <> 'suspended'`),
    )
    .limit(1);
  return row !== undefined;
}
