/**
 * The DNS records a custom domain needs and what the DNS says of them (decision 145). Two jobs: routing (the domain
 * reaches the platform: a CNAME to DOMAIN_CNAME_TARGET, or for an apex A / AAAA records holding the platform's
 * addresses) and ownership (a TXT record at `_vitrina.<domain>` with the domain's own token, which only whoever
 * controls the domain's DNS can publish). Looked up through DNS_SERVERS when set (a test's server on loopback), else
 * the system's resolvers; a lookup that times out or fails is `unknown`, never a false "missing".
 */
import { Resolver } from 'node:dns/promises';
import type { AppConfig } from '../../config.js';
import type { DnsRecord } from '../../../shared/contracts/domains.js';

/** Where the ownership TXT record lives, below the domain. */
export const OWNERSHIP_LABEL = '_vitrina';
const TXT_PREFIX = 'vitrina-verify=';

/** What the records must point at: from the configuration. */
export interface DomainTargets {
  /** Host name a CNAME must name. */
  cname: string;
  /** Addresses an apex's A / AAAA records must hold; empty: those the CNAME target resolves to. */
  ipv4: string[];
  ipv6: string[];
  /** DNS servers to ask (`ip` or `ip:port`); empty: the system's. */
  servers: string[];
}

export function domainTargets(config: AppConfig): DomainTargets {
  return {
    cname: config.DOMAIN_CNAME_TARGET ?? `stores.${config.PLATFORM_DOMAIN}`,
    ipv4: config.PLATFORM_IPV4,
    ipv6: config.PLATFORM_IPV6,
    servers: config.DNS_SERVERS,
  };
}

/** A domain as the checks need it. */
export interface DomainToCheck {
  hostname: string;
  apex: boolean;
  token: string;
}

/** What a check found: every record with its state, and the first problem as an error code (null: all found). */
export interface DnsCheck {
  records: DnsRecord[];
  /** DNS_TXT_MISSING | DNS_TXT_WRONG | DNS_ROUTING_MISSING | DNS_ROUTING_WRONG | DNS_UNAVAILABLE, or null. */
  problem: string | null;
  /** Routing and ownership both found. */
  verified: boolean;
}

/** The records to create, before any check (state `unknown`). The routing record comes first. */
export function expectedRecords(d: DomainToCheck, t: DomainTargets): DnsRecord[] {
  const routing: DnsRecord[] =
    d.apex && (t.ipv4.length || t.ipv6.length)
      ? [
          ...t.ipv4.map((ip) => ({ type: 'A' as const, name: d.hostname, value: ip })),
          ...t.ipv6.map((ip) => ({ type: 'AAAA' as const, name: d.hostname, value: ip })),
        ].map((r) => ({ ...r, purpose: 'routing' as const, state: 'unknown' as const }))
      : [{ type: 'CNAME', name: d.hostname, value: t.cname, purpose: 'routing', state: 'unknown' }];
  const www: DnsRecord[] = d.apex
    ? [{ type: 'CNAME', name: `www.${d.hostname}`, value: t.cname, purpose: 'routing', state: 'unknown' }]
    : [];
  return [
    ...routing,
    ...www,
    {
      type: 'TXT',
      name: `${OWNERSHIP_LABEL}.${d.hostname}`,
      value: `${TXT_PREFIX}${d.token}`,
      purpose: 'ownership',
      state: 'unknown',
    },
  ];
}

const ABSENT = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);
type Lookup<T> = { ok: true; value: T } | { ok: false; absent: boolean };

async function ask<T>(fn: () => Promise<T>): Promise<Lookup<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (err) {
    return { ok: false, absent: ABSENT.has((err as NodeJS.ErrnoException).code ?? '') };
  }
}

const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** A resolver for `t.servers` (or the system's), answering within about 4 seconds at worst. */
export function createResolver(t: Pick<DomainTargets, 'servers'>): Resolver {
  const r = new Resolver({ timeout: 2000, tries: 2 });
  if (t.servers.length) r.setServers(t.servers);
  return r;
}

/**
 * Looks up every record of `d` (expectedRecords) and says which were found. Never throws: a failing DNS server makes
 * the records `unknown` and the problem DNS_UNAVAILABLE.
 */
export async function checkDomainDns(d: DomainToCheck, t: DomainTargets, resolver: Resolver): Promise<DnsCheck> {
  const records = expectedRecords(d, t);
  let unavailable = false;
  // The platform's own addresses, for a routing record made as A / AAAA (CNAME flattening, ALIAS, apex).
  let targetV4: string[] | null = null;
  let targetV6: string[] | null = null;
  const platformV4 = async () => {
    if (t.ipv4.length) return t.ipv4;
    if (!targetV4) {
      const r = await ask(() => resolver.resolve4(t.cname));
      targetV4 = r.ok ? r.value : [];
    }
    return targetV4;
  };
  const platformV6 = async () => {
    if (t.ipv6.length) return t.ipv6;
    if (!targetV6) {
      const r = await ask(() => resolver.resolve6(t.cname));
      targetV6 = r.ok ? r.value : [];
    }
    return targetV6;
  };
  /** A name whose A (or AAAA) records are all the platform's: as good as the CNAME. */
  const addressesMatch = async (name: string): Promise<DnsRecord['state'] | 'unknown'> => {
    const [v4, v6] = await Promise.all([ask(() => resolver.resolve4(name)), ask(() => resolver.resolve6(name))]);
    if ((!v4.ok && !v4.absent) || (!v6.ok && !v6.absent)) return 'unknown';
    const found4 = v4.ok ? v4.value : [];
    const found6 = v6.ok ? v6.value : [];
    if (!found4.length && !found6.length) return 'missing';
    const [p4, p6] = await Promise.all([platformV4(), platformV6()]);
    return found4.every((ip) => p4.includes(ip)) && found6.every((ip) => p6.includes(ip)) ? 'ok' : 'wrong';
  };

  // Every record at once: a DNS server that does not answer costs one timeout, not one per record.
  await Promise.all(records.map((rec) => look(rec)));
  async function look(rec: DnsRecord): Promise<void> {
    if (rec.type === 'TXT') {
      const r = await ask(() => resolver.resolveTxt(rec.name));
      if (!r.ok) {
        rec.state = r.absent ? 'missing' : 'unknown';
        unavailable ||= !r.absent;
        return;
      }
      const values = r.value.map((chunks) => chunks.join(''));
      rec.state = values.includes(rec.value)
        ? 'ok'
        : values.some((v) => v.startsWith(TXT_PREFIX))
          ? 'wrong'
          : 'missing';
      if (rec.state === 'wrong') rec.found = values.filter((v) => v.startsWith(TXT_PREFIX)).slice(0, 5);
    } else if (rec.type === 'CNAME') {
      const r = await ask(() => resolver.resolveCname(rec.name));
      if (r.ok && r.value.length) {
        const found = r.value.map(bare);
        rec.state = found.includes(bare(rec.value)) ? 'ok' : 'wrong';
        if (rec.state === 'wrong') rec.found = found.slice(0, 5);
      } else if (!r.ok && !r.absent) {
        rec.state = 'unknown';
        unavailable = true;
      } else {
        // No CNAME: a flattened CNAME (or ALIAS) answers with the platform's addresses instead.
        rec.state = await addressesMatch(rec.name);
        unavailable ||= rec.state === 'unknown';
      }
    } else {
      const r = await ask(() => (rec.type === 'A' ? resolver.resolve4(rec.name) : resolver.resolve6(rec.name)));
      if (!r.ok) {
        rec.state = r.absent ? 'missing' : 'unknown';
        unavailable ||= !r.absent;
      } else {
        rec.state = r.value.includes(rec.value) ? 'ok' : 'wrong';
        if (rec.state === 'wrong') rec.found = r.value.slice(0, 5);
      }
    }
  }
  // The www record of an apex is advice, not a condition: the apex itself must reach the platform.
  const main = records.filter((r) => r.purpose === 'routing' && !(d.apex && r.name === `www.${d.hostname}`));
  const routingOk = main.length > 0 && main.every((r) => r.state === 'ok');
  const txt = records.find((r) => r.purpose === 'ownership')!;
  const problem = unavailable
    ? 'DNS_UNAVAILABLE'
    : txt.state === 'missing'
      ? 'DNS_TXT_MISSING'
      : txt.state === 'wrong'
        ? 'DNS_TXT_WRONG'
        : routingOk
          ? null
          : main.some((r) => r.state === 'wrong')
            ? 'DNS_ROUTING_WRONG'
            : 'DNS_ROUTING_MISSING';
  return { records, problem, verified: routingOk && txt.state === 'ok' };
}
