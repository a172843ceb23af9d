/**
 * The certificate probe on its own (decision 146): what a handshake with a TLS server tells (a certificate of the name
 * within its dates, of another name, expired, none, no server at all), and the state each outcome moves a domain to.
 * The same probe against a real Caddy: tests/deploy/caddy-tls.test.ts.
 */
import net from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_ISSUE_WINDOW_MS,
  firstIssueProbeDue,
  nextCertificateState,
  parseProbeAddress,
  probeCertificate,
  type ProbeOutcome,
} from './certificate-probe.js';

// A self-signed certificate for probe.test, valid 2026-11-28 to 2036-11-25; the probe is given its own clock.
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgr5NNFXAAQNk7gt/j
EEagXJ4g8k22Rkqc0hFVxdQzBGWhRANCAARBiGKAlAZzGxCX0E/i5oXF+3243mx5
wAtul82IvwVmeh/UApJc43uJJ2CxbFgPgr1KyEGCshWpexDoEDg3V8a8
-----END PRIVATE KEY-----`;
const CERT = `-----BEGIN CERTIFICATE-----
MIIBlzCCATygAwIBAgIUU0ezlCNKOkRPMwqHkegGYpUN5cswCgYIKoZIzj0EAwIw
FTETMBEGA1UEAwwKcHJvYmUudGVzdDAeFw0yNjExMjgwMzExMTVaFw0zNjExMjUw
MzExMTVaMBUxEzARBgNVBAMMCnByb2JlLnRlc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAARBiGKAlAZzGxCX0E/i5oXF+3243mx5wAtul82IvwVmeh/UApJc43uJ
J2CxbFgPgr1KyEGCshWpexDoEDg3V8a8o2owaDAdBgNVHQ4EFgQUZVI9l9RdoJti
rRgqGYHil1ZoX+4wHwYDVR0jBBgwFoAUZVI9l9RdoJtirRgqGYHil1ZoX+4wDwYD
VR0TAQH/BAUwAwEB/zAVBgNVHREEDjAMggpwcm9iZS50ZXN0MAoGCCqGSM49BAMC
A0kAMEYCIQCsCEeDeSWLjO0I00Gu01C4pssFvz92m7BIE8/0sZN5ZQIhAIqdxvT4
tea0qLUsjFwGSS/utUldUwgmgOgp2AOa4DB9
-----END CERTIFICATE-----`;

const at = (iso: string) => () => new Date(iso);

describe('the certificate probe', () => {
  let server: tls.Server;
  let plain: net.Server;
  let address: string;
  let plainAddress: string;

  beforeAll(async () => {
    // Like Caddy: the certificate of probe.test for that name, a TLS alert for any other.
    const context = tls.createSecureContext({ key: KEY, cert: CERT });
    server = tls.createServer({
      SNICallback: (name, cb) =>
        name === 'probe.test' || name === 'other.test' ? cb(null, context) : cb(new Error('no certificate')),
    });
    server.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    address = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    // Accepts the connection and closes it at once: answered, but no certificate.
    plain = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    plainAddress = `127.0.0.1:${(plain.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await new Promise((resolve) => plain?.close(resolve));
  });

  it('reads host and port, IPv6 in brackets', () => {
    expect(parseProbeAddress('10.0.0.5:443')).toEqual({ host: '10.0.0.5', port: 443 });
    expect(parseProbeAddress('[::1]:8443')).toEqual({ host: '::1', port: 8443 });
    expect(parseProbeAddress('proxy.internal:443')).toEqual({ host: 'proxy.internal', port: 443 });
    expect(() => parseProbeAddress('10.0.0.5')).toThrow();
  });

  it('finds a certificate of the name within its dates, with them', async () => {
    const outcome = await probeCertificate(address, 'probe.test', { now: at('2030-01-01T00:00:00Z') });
    expect(outcome).toEqual({
      kind: 'served',
      notBefore: new Date('2026-11-28T03:11:15Z'),
      notAfter: new Date('2036-11-25T03:11:15Z'),
    });
  });

  it('counts a certificate of another name, an expired one or one not yet valid as refused', async () => {
    expect(await probeCertificate(address, 'other.test', { now: at('2030-01-01T00:00:00Z') })).toMatchObject({
      kind: 'refused',
      reason: expect.stringMatching(/probe\.test/),
    });
    expect(await probeCertificate(address, 'probe.test', { now: at('2037-01-01T00:00:00Z') })).toEqual({
      kind: 'refused',
      reason: 'certificate expired',
    });
    expect(await probeCertificate(address, 'probe.test', { now: at('2020-01-01T00:00:00Z') })).toEqual({
      kind: 'refused',
      reason: 'certificate not yet valid',
    });
  });

  it('counts a TLS alert or a closed connection as refused, and no listener as unreachable', async () => {
    expect((await probeCertificate(address, 'nadie.test')).kind).toBe('refused');
    expect((await probeCertificate(plainAddress, 'probe.test')).kind).toBe('refused');
    // Port 9 (discard) is closed on loopback, as the test apps' DNS_SERVERS rely on.
    expect((await probeCertificate('127.0.0.1:9', 'probe.test')).kind).toBe('unreachable');
  });
});

describe('the state a probe moves a domain to', () => {
  const now = new Date('2030-06-01T00:00:00Z');
  const served = (notBefore: string, notAfter: string): ProbeOutcome => ({
    kind: 'served',
    notBefore: new Date(notBefore),
    notAfter: new Date(notAfter),
  });
  // A 90-day certificate (Let's Encrypt's), 10 and 80 days into its life.
  const fresh = served('2030-05-22T00:00:00Z', '2030-08-20T00:00:00Z');
  const old = served('2030-03-13T00:00:00Z', '2030-06-11T00:00:00Z');
  const refused: ProbeOutcome = { kind: 'refused', reason: 'no certificate' };
  const unreachable: ProbeOutcome = { kind: 'unreachable', reason: 'ECONNREFUSED' };
  const activatedAt = new Date(now.getTime() - 5 * 60_000);
  const longAgo = new Date(now.getTime() - FIRST_ISSUE_WINDOW_MS);

  it('issued when served, renewing in the last third of its life, issued again once renewed', () => {
    expect(nextCertificateState('requested', fresh, { now, activatedAt })).toBe('issued');
    expect(nextCertificateState('issued', fresh, { now, activatedAt })).toBeNull();
    expect(nextCertificateState('issued', old, { now, activatedAt })).toBe('renewing');
    expect(nextCertificateState('renewing', old, { now, activatedAt })).toBeNull();
    expect(nextCertificateState('renewing', fresh, { now, activatedAt })).toBe('issued');
    expect(nextCertificateState('failed', fresh, { now, activatedAt })).toBe('issued');
  });

  it('failed when refused, except a new domain within its first hour', () => {
    expect(nextCertificateState('requested', refused, { now, activatedAt })).toBeNull();
    expect(nextCertificateState('requested', refused, { now, activatedAt: longAgo })).toBe('failed');
    expect(nextCertificateState('issued', refused, { now, activatedAt: longAgo })).toBe('failed');
    expect(nextCertificateState('renewing', refused, { now, activatedAt: longAgo })).toBe('failed');
    expect(nextCertificateState('failed', refused, { now, activatedAt: longAgo })).toBeNull();
  });

  it('unchanged when the proxy cannot be reached', () => {
    for (const state of ['requested', 'issued', 'renewing', 'failed'] as const)
      expect(nextCertificateState(state, unreachable, { now, activatedAt: longAgo })).toBeNull();
  });
});

describe('when a domain waiting for its first certificate is probed', () => {
  const activatedAt = new Date('2030-06-01T12:00:00Z');
  const after = (minutes: number, seconds = 0) => new Date(activatedAt.getTime() + minutes * 60_000 + seconds * 1000);

  it('at once, then 1, 2, 4, 8, 16 and 32 minutes after activation, then at every run from the first hour on', () => {
    const due = Array.from({ length: 70 }, (_, m) => m).filter((m) => firstIssueProbeDue(activatedAt, after(m, 30)));
    expect(due).toEqual([0, 1, 2, 4, 8, 16, 32, ...Array.from({ length: 10 }, (_, i) => 60 + i)]);
    // A clock a little behind the database's: still the first probe.
    expect(firstIssueProbeDue(activatedAt, after(0, -5))).toBe(true);
    expect(firstIssueProbeDue(null, after(3))).toBe(true);
  });
});
