/**
 * A custom domain's name as a seller types it, made into the one form Vitrina stores (decision 145): lower-case ASCII
 * (an IDN in punycode), no scheme, path, port, trailing dot or leading "www." (the store answers on both). The public
 * suffix list (tldts) says where the registrable part starts, so "tienda.com.mx" is an apex and "tienda.mitienda.mx"
 * a subdomain. Refuses what could pass for the platform: its own domain and subdomains, and a registrable name whose
 * skeleton (accents, digits that look like letters and hyphens folded) equals the platform's.
 */
import { domainToASCII, domainToUnicode } from 'node:url';
import { parse } from 'tldts';
import { AppError } from '../../lib/app-error.js';

/** A domain name ready to store, with its Unicode form and whether it is the registrable name itself (apex). */
export interface DomainName {
  /** ASCII, lower case, without "www.". */
  ascii: string;
  /** For display: the Unicode form of `ascii`. */
  display: string;
  /** True for "tienda.mx" or "tienda.com.mx"; false for "shop.tienda.mx". */
  apex: boolean;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The host name inside whatever was pasted: "https://www.Tienda.mx/ruta" → "www.tienda.mx"; null when none. */
function hostOf(input: string): string | null {
  const raw = input.trim();
  if (!raw || /\s/.test(raw)) return null;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`).hostname;
  } catch {
    return null;
  }
}

/**
 * What a name looks like to a shopper: Unicode folded to ASCII without accents, digits that look like letters made
 * letters, letters that pass for one another made one, hyphens and dots dropped: "vitrína", "v1trina" and "vi-trina"
 * have the same skeleton.
 */
export function nameSkeleton(label: string): string {
  return (
    domainToUnicode(label)
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/0/g, 'o')
      // "1", "i" and "l" pass for one another in many fonts.
      .replace(/[1il|]/g, 'l')
      .replace(/3/g, 'e')
      .replace(/5/g, 's')
      .replace(/rn/g, 'm')
      .replace(/[^a-z0-9]/g, '')
  );
}

/**
 * Whether a registrable name (without its suffix) would pass for the platform's: the same skeleton, or the skeleton
 * followed by the platform's suffix ("vitrina-mx.com" for vitrina.mx). Platforms named by fewer than 4 letters (or
 * `localhost`) are not guarded: too many real names would match.
 */
function looksLikePlatform(name: string, platform: string): boolean {
  const p = parse(platform);
  if (!p.domainWithoutSuffix || p.domainWithoutSuffix.length < 4) return false;
  const mine = nameSkeleton(name);
  const theirs = nameSkeleton(p.domainWithoutSuffix);
  return mine === theirs || mine === theirs + nameSkeleton(p.publicSuffix ?? '');
}

/**
 * Parses a seller's domain. `platformDomain` is PLATFORM_DOMAIN. Throws AppError DOMAIN_INVALID (not a public domain
 * name: an IP, a single label, bad characters, over 253 characters), DOMAIN_IS_PLATFORM (the platform's domain or a
 * subdomain of it) or DOMAIN_LOOKALIKE.
 */
export function parseDomainName(input: string, platformDomain: string): DomainName {
  let host = hostOf(input);
  if (!host) throw new AppError('DOMAIN_INVALID');
  host = domainToASCII(host.replace(/\.$/, '')).toLowerCase();
  if (!host || host.length > 253) throw new AppError('DOMAIN_INVALID');
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) throw new AppError('DOMAIN_INVALID');
  if (labels[0] === 'www') labels.shift();
  const ascii = labels.join('.');
  const parsed = parse(ascii, { allowPrivateDomains: false });
  // A name under a bare suffix ("com.mx" alone) or an address is not a seller's domain.
  if (parsed.isIp || !parsed.domain || /^\d+$/.test(labels[labels.length - 1]!)) throw new AppError('DOMAIN_INVALID');

  const platform = platformDomain.toLowerCase();
  if (ascii === platform || ascii.endsWith(`.${platform}`)) throw new AppError('DOMAIN_IS_PLATFORM');
  if (looksLikePlatform(parsed.domainWithoutSuffix ?? '', platform)) throw new AppError('DOMAIN_LOOKALIKE');
  return { ascii, display: domainToUnicode(ascii) || ascii, apex: parsed.subdomain === '' };
}

/** Whether a stored ASCII host name is a registrable name itself (apex), by the public suffix list. */
export function isApexDomain(ascii: string): boolean {
  return parse(ascii).subdomain === '';
}
