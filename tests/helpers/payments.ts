/**
 * The sandbox provider's side of a payment, as tests drive it: the shopper answering 3-D Secure at the sandbox bank,
 * and cash paid at the OXXO counter (signed with the operator key, as `npm run oxxo:pay` does).
 */
import type { FastifyInstance } from 'fastify';
import { deriveKey, loadAppSecret } from '../../src/server/lib/secrets.js';
import { signPayload } from '../../src/server/providers/payments/signature.js';
import { operatorPayload, SANDBOX_OPERATOR_HEADER } from '../../src/server/providers/payments/sandbox/routes.js';

/** Pays voucher `reference` at the sandbox's OXXO counter, signed like the CLI. */
export function payVoucher(app: FastifyInstance, reference: string) {
  const key = deriveKey(loadAppSecret(app.config), 'sandbox-operator');
  return app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/oxxo/${reference}/pay`,
    headers: { [SANDBOX_OPERATOR_HEADER]: signPayload(key, operatorPayload(reference)) },
  });
}

/** The shopper's answer at the sandbox bank's 3-D Secure page. */
export function answerChallenge(app: FastifyInstance, challengeId: string, approved: boolean) {
  return app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/3ds/${challengeId}`,
    payload: { approved },
  });
}
