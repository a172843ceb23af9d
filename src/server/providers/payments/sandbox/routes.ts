/**
 * The sandbox provider's own pages, as a real provider hosts them on its domain (decision 027). Registered only when
 * PAYMENTS_SANDBOX is on:
 *   POST /api/payments/sandbox/3ds/:challengeId     the shopper's answer at the sandbox bank's 3-D Secure page (the
 *                                                   challenge id is random and known only to the shopper)
 *   POST /api/payments/sandbox/oxxo/:reference/pay  cash paid at the counter: an operator action, signed with the
 *                                                   operator key (`npm run oxxo:pay`), never open to the buyer
 * Each changes the sandbox's state, then the app hears of it through a signed webhook.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.js';
import { sandboxOps as ops } from '../../../../shared/routes/sandbox.ops.js';
import { sandboxClientSecret, sandboxPaymentRef } from '../../../../shared/contracts/sandbox.js';
import { route } from '../../../lib/route.js';
import { verifySignature } from '../signature.js';
import type { CardInput, ProviderPayment } from '../types.js';
import { formatMoney } from '../../../../shared/money.js';
import esWallet from '../../../../locales/es/wallet.json' with { type: 'json' };
import enWallet from '../../../../locales/en/wallet.json' with { type: 'json' };

export const SANDBOX_OPERATOR_HEADER = 'sandbox-operator-signature';

/** What the operator signs to pay a voucher: method and path, so a signature pays only that voucher. */
export const operatorPayload = (reference: string) => `POST /api/payments/sandbox/oxxo/${reference}/pay`;

interface SandboxActions {
  operatorKey: string;
  answerChallenge(challengeId: string, approved: boolean): Promise<{ payment: ProviderPayment; delivered: boolean }>;
  payVoucher(reference: string): Promise<{ payment: ProviderPayment; delivered: boolean }>;
  confirmFromBrowser(
    providerRef: string,
    clientSecret: string,
    card: CardInput,
  ): Promise<{ payment: ProviderPayment; delivered: boolean }>;
  walletPayment(ref: string, secret: string): Promise<ProviderPayment | null>;
  answerWallet(ref: string, secret: string, approved: boolean): Promise<string>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The sandbox wallet's approval page (plain HTML, no script: the app's CSP applies): the amount and two buttons that
 * post the page's secret back, as PayPal's own page does with the buyer's session.
 */
/** The page's few styles (in a nonce'd style element: the CSP allows no other inline style). */
const WALLET_CSS =
  'body{font-family:system-ui,sans-serif;margin:0;background:#f5f7fa;color:#111827}' +
  'main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;' +
  'box-shadow:0 1px 3px rgba(0,0,0,.15)}h1{margin-top:0;color:#003087}form{margin:.75rem 0}' +
  'button{width:100%;min-height:2.75rem;font-size:1rem;border-radius:1.5rem;border:1px solid #003087;' +
  'background:#fff;color:#003087;cursor:pointer}form:first-of-type button{background:#ffc439;border-color:#ffc439;' +
  'color:#111827;font-weight:700}';

function walletPage(
  lang: 'es' | 'en',
  ref: string,
  secret: string,
  payment: ProviderPayment,
  styleNonce: string,
): string {
  const t = (lang === 'en' ? enWallet : esWallet).sandbox;
  const body = `<p>${escapeHtml(t.intro)}</p>
<p><strong>${escapeHtml(t.amount.replace('{{amount}}', formatMoney(payment.amountCents, lang)))}</strong></p>
<form method="post" action="/api/payments/sandbox/wallet/${ref}/approve?lang=${lang}">
<input type="hidden" name="secret" value="${escapeHtml(secret)}"><button type="submit">${escapeHtml(t.approve)}</button></form>
<form method="post" action="/api/payments/sandbox/wallet/${ref}/cancel?lang=${lang}">
<input type="hidden" name="secret" value="${escapeHtml(secret)}"><button type="submit">${escapeHtml(t.cancel)}</button></form>`;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)}</title>
<style nonce="${escapeHtml(styleNonce)}">${WALLET_CSS}</style></head>
<body><main><h1>${escapeHtml(t.title)}</h1>${body}</main></body></html>`;
}

const walletRef = sandboxPaymentRef;
const walletSecret = sandboxClientSecret;
const walletLang = z.enum(['es', 'en']).catch('es');

export function sandboxRoutes(sandbox: SandboxActions): FastifyPluginAsyncZod {
  return async (app) => {
    // The wallet page's forms post url-encoded bodies (this plugin's scope only).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get(
      '/api/payments/sandbox/wallet/:ref',
      {
        schema: {
          tags: ['sandbox'],
          summary: 'Sandbox wallet: the page where the buyer approves a PayPal payment (HTML)',
          params: z.object({ ref: walletRef }),
          querystring: z.object({ secret: walletSecret, lang: walletLang.optional() }),
        },
      },
      async (request, reply) => {
        const lang = request.query.lang ?? 'es';
        const { secret } = request.query;
        const payment = await sandbox.walletPayment(request.params.ref, secret);
        if (!payment) throw new AppError('PAYMENT_NOT_FOUND');
        return reply
          .status(200)
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .type('text/html; charset=utf-8')
          .send(walletPage(lang, request.params.ref, secret, payment, reply.cspNonce?.style ?? ''));
      },
    );

    for (const action of ['approve', 'cancel'] as const)
      app.post(
        `/api/payments/sandbox/wallet/:ref/${action}`,
        {
          schema: {
            tags: ['sandbox'],
            summary: `Sandbox wallet: the buyer ${action === 'approve' ? 'approves' : 'cancels'} a PayPal payment`,
            params: z.object({ ref: walletRef }),
            querystring: z.object({ lang: walletLang.optional() }),
            body: z.object({ secret: walletSecret }),
          },
        },
        async (request, reply) => {
          const to = await sandbox.answerWallet(request.params.ref, request.body.secret, action === 'approve');
          return reply.redirect(to, 303);
        },
      );

    route(app, ops.sandboxConfirmPayment, async (request) => {
      const r = await sandbox.confirmFromBrowser(request.params.ref, request.body.clientSecret, request.body.card);
      return {
        status: r.payment.status,
        challengeId: r.payment.challengeId ?? null,
        failureCode: r.payment.failureCode ?? null,
        notified: r.delivered,
      };
    });

    route(app, ops.sandboxAnswerChallenge, async (request) => {
      const r = await sandbox.answerChallenge(request.params.challengeId, request.body.approved);
      return { status: r.payment.status, notified: r.delivered };
    });

    route(app, ops.sandboxPayOxxo, async (request) => {
      const { reference } = request.params;
      if (!verifySignature(sandbox.operatorKey, operatorPayload(reference), request.headers[SANDBOX_OPERATOR_HEADER]))
        throw new AppError('UNAUTHORIZED');
      const r = await sandbox.payVoucher(reference);
      return { reference, amountCents: r.payment.amountCents, status: r.payment.status, notified: r.delivered };
    });
  };
}
