/**
 * The storefront's checkout walk as a shopper does it in the browser, for the specs that pay (re-exported by
 * e2e/fixtures.ts): a product into the cart, then from the cart to the payment page as a guest who picks the order up
 * at the branch.
 */
import { expect, type Page } from '@playwright/test';

/** Opens the product page at `url`, adds the product (its first variant) to the cart and opens the cart. */
export async function addToCart(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('button', { name: /Agregar al carrito/ }).click();
  await page.getByRole('link', { name: /Ver carrito/ }).click();
}

/** A guest's details as the Spanish address form asks for them; the postal code's state is checked once filled in. */
export interface GuestAddress {
  email: string;
  name: string;
  postalCode: string;
  /** The state the postal code fills in by itself (SEPOMEX). */
  state: string;
  street: string;
  number: string;
  phone: string;
}

/** A Monterrey address (64000, Nuevo León, on the demo seed's SEPOMEX catalogue); `email` and `name` are the spec's. */
export const MONTERREY = {
  postalCode: '64000',
  state: 'Nuevo León',
  street: 'Padre Mier',
  number: '500',
  phone: '81 8123 4567',
};

/**
 * From the cart to the payment page in Spanish: "Continuar con la compra", the guest's address (the first colonia of
 * the postal code), "Continuar", pickup at the branch ("Recoger en sucursal"), "Continuar al pago". Does not pay.
 */
export async function checkoutAsGuest(page: Page, guest: GuestAddress): Promise<void> {
  await page.getByRole('button', { name: 'Continuar con la compra' }).click();
  await page.getByLabel('Correo electrónico').fill(guest.email);
  await page.getByLabel('Nombre completo').fill(guest.name);
  await page.getByLabel('Código postal').fill(guest.postalCode);
  await expect.poll(() => page.getByLabel('Estado').inputValue()).toBe(guest.state);
  await page.getByLabel('Colonia').selectOption({ index: 1 });
  await page.getByLabel('Calle').fill(guest.street);
  await page.getByLabel('Número exterior').fill(guest.number);
  await page.getByLabel('Teléfono').fill(guest.phone);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('radio', { name: /Recoger en sucursal/ }).check();
  await page.getByRole('button', { name: 'Continuar al pago' }).click();
}
