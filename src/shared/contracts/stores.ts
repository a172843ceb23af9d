/** Store configuration (GET /api/reseller/configwebsite) and admin dashboard. */
import { z } from 'zod';

/** GET /api/reseller/configwebsite: `lang`, `nombretienda` and `icon` are the original fields; the rest are ours. */
export const websiteConfig = z.object({
  lang: z.enum(['es', 'en']),
  nombretienda: z.string(),
  icon: z.string().nullable(),
  logo: z.string().nullable(),
  slug: z.string(),
  websiteActive: z.boolean(),
  colors: z.record(z.string(), z.string()),
  banners: z.array(
    z.object({
      url: z.string(),
      /** `srcset` of the image's WebP sizes (480, 960, 1600 px) when it is an upload; absent for other URLs. */
      srcset: z.string().optional(),
      title: z.string().optional(),
      buttonTitle: z.string().optional(),
      buttonUrl: z.string().optional(),
      /** Text colour of the banner button (#rrggbb), set on /admin/website. */
      buttonTextColor: z.string().optional(),
    }),
  ),
  /** Store-builder icons: image URLs, or absent. */
  cartIcon: z.string().nullable().optional(),
  verificationIcon: z.string().nullable().optional(),
  social: z.object({
    facebook: z.string().optional(),
    instagram: z.string().optional(),
    youtube: z.string().optional(),
  }),
  supportPhone: z.string().nullable(),
  supportEmail: z.string().nullable(),
  menuName: z.string().nullable(),
  aboutUs: z.string().nullable(),
  /** Fee added to OXXO cash payments, centavos. */
  oxxoFeeCents: z.number().int(),
  /** The payment methods this deployment takes (its payment providers): what the footer names. */
  paymentMethods: z.array(z.enum(['card', 'oxxo', 'paypal'])),
});
export type WebsiteConfig = z.infer<typeof websiteConfig>;

/** GET /api/admin/dashboard: admin home. */
export const adminDashboard = z.object({
  store: z.object({ name: z.string(), slug: z.string() }),
  domains: z.array(
    z.object({ hostname: z.string(), status: z.enum(['pending_validation', 'active']), url: z.string() }),
  ),
  /**
   * The external store-floor app URL with an access token as the `token` query parameter: a one-time code valid 60 s
   * that the app's server exchanges at POST /api/store-floor/exchange (decision 026).
   */
  storeFloorUrl: z.string(),
  counts: z.object({ pendingOrders: z.number().int(), ordersToday: z.number().int(), products: z.number().int() }),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;
