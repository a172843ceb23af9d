/**
 * A store's domains as the admin's Dominios page sees them (a domain's name, certificate and status; pending
 * validation → active, then a certificate). A custom domain moves pending_validation → verified (its DNS records were
 * found) → active (it serves the store); `failed` when the records were not found for 72 hours (checking again is
 * always possible). Host names travel in ASCII (punycode) with their Unicode form for display.
 */
import { z } from 'zod';
import { text } from './common.js';

export const DOMAIN_STATUSES = ['pending_validation', 'verified', 'active', 'failed'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** The certificate of an active custom domain: none until it serves, then as the TLS proxy reports it. */
export const CERTIFICATE_STATES = ['none', 'requested', 'issued', 'renewing', 'failed'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];

/** What a DNS check found for one record: as asked, absent, or pointing elsewhere; `unknown` before any check. */
export const RECORD_STATES = ['ok', 'missing', 'wrong', 'unknown'] as const;

/** Domains a store may have, its platform address included. */
export const MAX_DOMAINS_PER_STORE = 10;
/** How long a new domain's records are looked for before the domain is marked failed, in hours. */
export const DOMAIN_CHECK_HOURS = 72;
/** What the page tells the seller about DNS propagation, in minutes (about 15 minutes). */
export const DNS_PROPAGATION_MINUTES = 15;

export const dnsRecord = z.object({
  type: z.enum(['CNAME', 'A', 'AAAA', 'TXT']),
  /** The full name to create the record at, in ASCII. */
  name: z.string(),
  value: z.string(),
  /** Why the record exists: `routing` sends the visitors, `ownership` proves the domain is the seller's. */
  purpose: z.enum(['routing', 'ownership']),
  state: z.enum(RECORD_STATES),
  /** What the DNS answered when it was not `value` (for `wrong`). */
  found: z.array(z.string()).optional(),
});
export type DnsRecord = z.infer<typeof dnsRecord>;

export const storeDomain = z.object({
  id: z.string(),
  /** ASCII (punycode) host name, without "www.". */
  hostname: z.string(),
  /** The same name in Unicode, to show. */
  displayName: z.string(),
  /** The store's home on this domain, with the platform's scheme and port. */
  url: z.string(),
  /** `platform`: the store's address on the platform (cannot be removed); `custom`: the seller's own. */
  kind: z.enum(['platform', 'custom']),
  status: z.enum(DOMAIN_STATUSES),
  isPrimary: z.boolean(),
  certificate: z.enum(CERTIFICATE_STATES),
  /** The records to create at the seller's DNS provider (empty for the platform address). */
  records: z.array(dnsRecord),
  /** The last check's problem, as an error code the page translates; null when none. */
  lastError: z.string().nullable(),
  lastCheckAt: z.string().nullable(),
  nextCheckAt: z.string().nullable(),
  /** When the automatic checks stop (creation + 72 h). */
  checkUntil: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  activatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StoreDomain = z.infer<typeof storeDomain>;

export const domainsPage = z.object({
  domains: z.array(storeDomain),
  propagationMinutes: z.number().int(),
  maxDomains: z.number().int(),
});
export type DomainsPage = z.infer<typeof domainsPage>;

export const addDomainBody = z.object({
  /** As the seller types it: "Tienda.mx", "www.tienda.mx", "https://zapatería-león.mx/" are all accepted. */
  hostname: text({ max: 300 }).min(1, { message: 'i18n:domain_invalid' }),
});
export const activateDomainBody = z.object({
  /** Also make it the store's primary address (the others redirect to it). */
  primary: z.boolean().default(false),
});
export const domainIdParams = z.object({ id: z.string().uuid() });

/** The TLS proxy's question (Caddy on-demand TLS `ask`): may a certificate be issued for `domain`? */
export const tlsAskQuery = z.object({ domain: text({ max: 300 }) });
