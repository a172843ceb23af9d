/**
 * The shop state: cart, address, shipping service, searched words and recently viewed,
 * restored from localStorage keys carrito, direccion, servicioEnvio, palabrasbuscadas, vistosrecientes,
 * with their defaults, and written back on every set.
 */
import { create } from 'zustand';
import { RECENTLY_VIEWED_MAX, SEARCHED_WORDS_MAX } from '../../shared/limits';
import type { AddressInput } from '../../shared/contracts/accounts';

/** A cart line (each item has codigo). `sku` picks the variant; prices are centavos. */
export interface CartItem {
  codigo: string;
  sku: string;
  name: string;
  image: string | null;
  options: Record<string, string>;
  unitPriceCents: number;
  quantity: number;
  minOrderQty: number;
  stock: number;
}

/** Delivery address. */
export type ShopAddress = AddressInput & {
  /** A saved address's id (signed-in customers). */
  id?: string;
  /** A guest's email for the order confirmation. */
  email?: string;
};

/** servicioEnvio: proveedor, servicio, precio (centavos). */
export interface ShippingService {
  proveedor: string;
  servicio: string;
  precio: number | '';
  descripcion?: string;
  entrega?: string;
}

/** Recently viewed product (objects with codigo). */
export interface ViewedProduct {
  codigo: string;
  name: string;
  priceCents: number;
  image: string | null;
  [k: string]: unknown;
}

export const EMPTY_SHIPPING: ShippingService = { proveedor: '', servicio: '', precio: '' };

export const STORAGE_KEYS = {
  cart: 'carrito',
  address: 'direccion',
  shipping: 'servicioEnvio',
  searchedWords: 'palabrasbuscadas',
  recentlyViewed: 'vistosrecientes',
  /** The coupon code the buyer applied (decision 053): not a key, kept beside them. */
  coupon: 'cupon',
} as const;

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return fallback;
    const v = JSON.parse(raw) as T | null;
    return v ?? fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown): void {
  localStorage.setItem(key, JSON.stringify(value));
}

interface ShopState {
  cart: CartItem[];
  address: ShopAddress | null;
  shipping: ShippingService;
  searchedWords: string[];
  recentlyViewed: ViewedProduct[];
  /** The applied coupon code (upper-case), or null. */
  coupon: string | null;
  setCart(cart: CartItem[]): void;
  setCoupon(code: string | null): void;
  addToCart(item: CartItem): void;
  setQuantity(sku: string, quantity: number): void;
  removeFromCart(sku: string): void;
  clearCart(): void;
  setAddress(address: ShopAddress | null): void;
  setShipping(shipping: ShippingService | null): void;
  addSearchedWord(word: string): void;
  setSearchedWords(words: string[]): void;
  addRecentlyViewed(product: ViewedProduct): void;
  setRecentlyViewed(products: ViewedProduct[]): void;
}

export const useShop = create<ShopState>((set, get) => ({
  cart: read<CartItem[]>(STORAGE_KEYS.cart, []),
  address: read<ShopAddress | null>(STORAGE_KEYS.address, null),
  shipping: read<ShippingService>(STORAGE_KEYS.shipping, EMPTY_SHIPPING),
  searchedWords: read<string[]>(STORAGE_KEYS.searchedWords, []),
  recentlyViewed: read<ViewedProduct[]>(STORAGE_KEYS.recentlyViewed, []),
  coupon: read<string | null>(STORAGE_KEYS.coupon, null),

  setCart(cart) {
    write(STORAGE_KEYS.cart, cart);
    set({ cart });
  },
  setCoupon(code) {
    const value = code?.trim().toUpperCase() || null;
    if (value) write(STORAGE_KEYS.coupon, value);
    else localStorage.removeItem(STORAGE_KEYS.coupon);
    set({ coupon: value });
  },
  addToCart(item) {
    const cart = get().cart;
    const existing = cart.find((l) => l.sku === item.sku);
    const next = existing
      ? cart.map((l) => (l.sku === item.sku ? { ...l, ...item, quantity: l.quantity + item.quantity } : l))
      : [...cart, item];
    get().setCart(next);
  },
  setQuantity(sku, quantity) {
    get().setCart(get().cart.map((l) => (l.sku === sku ? { ...l, quantity } : l)));
  },
  removeFromCart(sku) {
    get().setCart(get().cart.filter((l) => l.sku !== sku));
  },
  clearCart() {
    get().setCart([]);
    get().setCoupon(null);
  },
  setAddress(address) {
    const empty = !address || Object.values(address).every((v) => v === '' || v === undefined || v === null);
    write(STORAGE_KEYS.address, empty ? null : address);
    set({ address: empty ? null : address });
  },
  setShipping(shipping) {
    const empty =
      !shipping ||
      (!shipping.proveedor && !shipping.servicio && (shipping.precio === '' || shipping.precio === undefined));
    const value = empty ? EMPTY_SHIPPING : shipping!;
    write(STORAGE_KEYS.shipping, value);
    set({ shipping: value });
  },
  addSearchedWord(word) {
    const w = word.trim();
    if (!w) return;
    get().setSearchedWords(
      [w, ...get().searchedWords.filter((x) => x.toLowerCase() !== w.toLowerCase())].slice(0, SEARCHED_WORDS_MAX),
    );
  },
  setSearchedWords(words) {
    write(STORAGE_KEYS.searchedWords, words);
    set({ searchedWords: words });
  },
  addRecentlyViewed(product) {
    get().setRecentlyViewed(
      [product, ...get().recentlyViewed.filter((p) => p.codigo !== product.codigo)].slice(0, RECENTLY_VIEWED_MAX),
    );
  },
  setRecentlyViewed(products) {
    write(STORAGE_KEYS.recentlyViewed, products);
    set({ recentlyViewed: products });
  },
}));
