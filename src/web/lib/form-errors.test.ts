/**
 * The web forms' zod error map against the real shared contracts: each refusal becomes the `errors:fields.<key>` the
 * screen translates, and every key it produces exists in both catalogues.
 */
import { describe, expect, it } from 'vitest';
import { addressInput, loginBody, registerBody } from '../../shared/contracts/accounts';
import { cardInput } from '../../shared/contracts/checkout';
import esErrors from '../../locales/es/errors.json';
import enErrors from '../../locales/en/errors.json';
import { decodeFieldMessage, formErrorMap } from './form-errors';

/** field path → decoded key (and params) of the first issue on it. */
function refusals(schema: { safeParse: (v: unknown, o: object) => unknown }, value: unknown) {
  const r = schema.safeParse(value, { error: formErrorMap }) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  const out: Record<string, { key: string; params: Record<string, unknown> } | null> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join('.')] ??= decodeFieldMessage(i.message);
  return out;
}

describe('formErrorMap', () => {
  it('says "required" for empty fields, including an empty email and password', () => {
    const r = refusals(loginBody, { email: '', password: '' });
    expect(r.email?.key).toBe('required');
    expect(r.password?.key).toBe('required');
  });

  it('maps the register form as the server does: email format, length with its minimum, mismatch, phone', () => {
    const r = refusals(registerBody, {
      fullName: 'A',
      email: 'not-an-email',
      phone: '55 1234',
      password: 'abc',
      passwordConfirm: 'abc',
    });
    expect(r.fullName).toEqual({ key: 'too_small_string', params: { minimum: 2 } });
    expect(r.email?.key).toBe('invalid_email');
    expect(r.phone?.key).toBe('invalid_phone');
    expect(r.password?.key).toBe('too_small_string');

    const mismatch = refusals(registerBody, {
      fullName: 'Ana Pérez',
      email: 'ana@example.com',
      password: 'Jardín-Original-77',
      passwordConfirm: 'Jardín-Original-78',
    });
    expect(mismatch).toEqual({ passwordConfirm: { key: 'passwords_do_not_match', params: {} } });
  });

  it("keeps a schema's own i18n message (postal code, card number, control characters)", () => {
    expect(refusals(addressInput.pick({ postalCode: true }), { postalCode: '0670' }).postalCode?.key).toBe(
      'invalid_postal_code',
    );
    expect(refusals(cardInput.pick({ number: true }), { number: '4242 42' }).number?.key).toBe('invalid_card');
    expect(refusals(loginBody, { email: 'a@b.mx', password: 'x\u0007y' }).password?.key).toBe('control_characters');
  });

  it('only produces keys both catalogues translate', () => {
    const keys = new Set<string>();
    const collect = (r: Record<string, { key: string } | null>) =>
      Object.values(r).forEach((v) => v && keys.add(v.key));
    collect(refusals(loginBody, { email: '', password: '' }));
    collect(refusals(registerBody, { fullName: 'A', email: 'x', phone: '1', password: 'a', passwordConfirm: 'b' }));
    collect(refusals(addressInput, { postalCode: 'x', phone: '' }));
    collect(refusals(cardInput, { number: '1', expMonth: 13, expYear: 1999, cvc: 'a', holderName: '' }));
    expect(keys.size).toBeGreaterThan(4);
    for (const key of keys) {
      expect(esErrors.fields, key).toHaveProperty(key);
      expect(enErrors.fields, key).toHaveProperty(key);
    }
  });
});
