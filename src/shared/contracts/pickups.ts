/**
 * Pickup configuration (tipo_recoleccion, dias, hora, PickupLocation). The same location is the branch where buyers
 * pick up their orders ("pickup at branch"), shown with its days and hour.
 */
import { z } from 'zod';
import { asStored, postalCode, text } from './common.js';
import { phone } from './accounts.js';

/** Monday to Saturday (the `dias` field). */
export const PICKUP_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export const pickupDay = z.enum(PICKUP_DAYS);

/** Carriers collect between these times (decision 054). */
export const PICKUP_EARLIEST = '09:00';
export const PICKUP_LATEST = '18:00';

const required = (max: number) => text({ max }).min(1, { message: 'i18n:incomplete_data' });

export const pickupLocation = z.object({
  contact: z.object({
    personName: required(120),
    companyName: required(120),
    phoneNumber: phone,
  }),
  address: z.object({
    /** Street and number; neighbourhood or reference (the second line may be empty). */
    streetLines: z.tuple([required(120), text({ max: 120 })]),
    city: required(80),
    postalCode,
    countryCode: z.literal('MX').default('MX'),
  }),
});

export const pickupSettingsInput = z
  .object({
    pickupType: z.enum(['regular', 'on_call']),
    days: z.array(pickupDay).max(6).default([]),
    hour: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'i18n:schedule_out_of_range' }),
    location: pickupLocation,
  })
  .superRefine((v, ctx) => {
    if (v.pickupType === 'regular' && v.days.length === 0)
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'i18n:select_weekday' });
    if (/^\d\d:\d\d$/.test(v.hour) && (v.hour < PICKUP_EARLIEST || v.hour > PICKUP_LATEST))
      ctx.addIssue({ code: 'custom', path: ['hour'], message: 'i18n:schedule_out_of_range' });
  });
export type PickupSettingsInput = z.infer<typeof pickupSettingsInput>;
export type PickupSettingsFormValues = z.input<typeof pickupSettingsInput>;

const pickupSettingsShape = z.object({
  pickupType: z.enum(['regular', 'on_call']),
  days: z.array(pickupDay),
  hour: z.string(),
  location: pickupLocation,
  updatedAt: z.string(),
});
/** Read back without today's input rules (`asStored`): a row saved under an older rule never fails the answer. */
export const pickupSettings = asStored(pickupSettingsShape);
export type PickupSettings = z.infer<typeof pickupSettings>;

/** GET /api/reseller/pickup-branch: where a buyer picks up an order, or null when the store has not set it. */
export const pickupBranch = z.object({
  branch: z
    .object({
      companyName: z.string(),
      streetLines: z.array(z.string()),
      city: z.string(),
      postalCode: z.string(),
      state: z.string().nullable(),
      days: z.array(pickupDay),
      hour: z.string(),
      phoneNumber: z.string(),
    })
    .nullable(),
});
export type PickupBranch = z.infer<typeof pickupBranch>;
