/** The shipping module's operations (routes in shipping.ts). */
import { z } from 'zod';
import { rateServiceBody, rateServiceResponse } from '../contracts/checkout.js';
import { pickupBranch, pickupSettings, pickupSettingsInput } from '../contracts/pickups.js';
import { defineOps } from './op.js';
import * as routes from './shipping.js';

export const shippingOps = defineOps(routes, {
  quoteShipping: {
    tags: ['shipping'],
    summary: 'Shipping options and prices for a cart to a postal code',
    body: rateServiceBody,
    response: { 200: rateServiceResponse },
  },
  getPickupSettings: {
    tags: ['admin'],
    summary: 'The store’s pickup configuration (null before it is saved)',
    response: { 200: z.object({ settings: pickupSettings.nullable() }) },
  },
  savePickupSettings: {
    tags: ['admin'],
    summary: 'Save the store’s pickup configuration',
    body: pickupSettingsInput,
    response: { 200: pickupSettings },
  },
  pickupBranch: {
    tags: ['shipping'],
    summary: 'Where buyers pick up their orders, with days and hour',
    response: { 200: pickupBranch },
  },
});
