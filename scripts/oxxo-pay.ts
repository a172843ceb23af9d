/**
 * `npm run oxxo:pay -- <reference>`: pays a sandbox OXXO voucher at the sandbox's "OXXO counter" of the RUNNING server
 * (decision 027). It never opens the database: it sends POST
 * /api/payments/sandbox/oxxo/<reference>/pay signed with the sandbox operator key, derived from APP_SECRET or from the
 * DATA_DIR/app-secret file the server wrote on its first start. The server then hears of the payment through its own
 * signed webhook, exactly as from a real provider, so the order page shows it paid and the buyer gets one email.
 * Server address: VITRINA_URL, else http://127.0.0.1:$PORT.
 */
import { loadConfig } from '../src/server/config.js';
import { deriveKey, loadAppSecret } from '../src/server/lib/secrets.js';
import { signPayload } from '../src/server/providers/payments/signature.js';
import { operatorPayload, SANDBOX_OPERATOR_HEADER } from '../src/server/providers/payments/sandbox/routes.js';

const reference = process.argv[2];
if (!reference || !/^\d{8,30}$/.test(reference)) {
  console.error('Usage: npm run oxxo:pay -- <voucher reference (digits)>');
  process.exit(2);
}
const config = loadConfig();
const base = process.env.VITRINA_URL ?? `http://127.0.0.1:${config.PORT}`;
let secret: string;
try {
  secret = loadAppSecret(config, false);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
const signature = signPayload(deriveKey(secret, 'sandbox-operator'), operatorPayload(reference));
try {
  const res = await fetch(`${base}/api/payments/sandbox/oxxo/${reference}/pay`, {
    method: 'POST',
    headers: { [SANDBOX_OPERATOR_HEADER]: signature, 'accept-language': 'es' },
  });
  const body = (await res.json().catch(() => ({}))) as { message?: string; notified?: boolean; amountCents?: number };
  if (!res.ok) {
    console.error(`Voucher ${reference} not paid: ${body.message ?? `HTTP ${res.status}`}`);
    process.exitCode = 1;
  } else {
    const amount = ((body.amountCents ?? 0) / 100).toFixed(2);
    console.log(
      `Voucher ${reference} paid ($${amount} MXN). ${body.notified ? 'The store was notified.' : 'The store will be notified shortly.'}`,
    );
  }
} catch (e) {
  console.error(`Could not reach the server at ${base} (is it running? set VITRINA_URL): ${(e as Error).message}`);
  process.exitCode = 1;
}
