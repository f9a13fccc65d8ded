import { z } from 'zod';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { idParam } from '../../shared/input/id-param.js';
import { CURRENCY_CODES } from '../../shared/money/currency.js';
import { BillingStart, PaymentSource, ServiceCategory, ServiceType } from '../../crm/proposals/enums.js';
import { BillingInvoiceKind, BillingInvoiceStatus, HouseholdServiceBillingStatus } from './enums.js';

export const householdServiceIdParamsSchema = z.object({
  householdServiceId: idParam(EntityType.householdService, 'household service'),
});
export type HouseholdServiceIdParams = z.infer<typeof householdServiceIdParamsSchema>;

/** An invoice of a service, as the billing tab lists it. Amounts are decimal strings in `currency`. */
export const billingInvoiceResponseSchema = z.object({
  id: z.string(),
  householdServiceId: z.string(),
  kind: z.enum(BillingInvoiceKind),
  kindLabel: z.string(),
  status: z.enum(BillingInvoiceStatus),
  statusLabel: z.string(),
  amount: z.string(),
  currency: z.enum(CURRENCY_CODES),
  /** The period billed (first and last day, `YYYY-MM-DD`); null for a one-time fee. */
  periodStart: z.iso.date().nullable(),
  periodEnd: z.iso.date().nullable(),
  paidAt: z.iso.datetime().nullable(),
  /** The provider's page where the client reads and pays the invoice. */
  hostedInvoiceUrl: z.string().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type BillingInvoiceResponse = z.infer<typeof billingInvoiceResponseSchema>;

/** A service of the household (an accepted offer) and where its billing stands. */
export const householdServiceResponseSchema = z.object({
  id: z.string(),
  householdId: z.string(),
  proposalId: z.string(),
  offerId: z.string(),
  name: z.string(),
  category: z.enum(ServiceCategory),
  type: z.enum(ServiceType),
  paymentSource: z.enum(PaymentSource),
  billingStartType: z.enum(BillingStart),
  billingStartDate: z.iso.date().nullable(),
  billingStatus: z.enum(HouseholdServiceBillingStatus),
  billingStatusLabel: z.string(),
  /** Why the set-up failed, and what to do (FAILED only). */
  billingError: z.string().nullable(),
  /** Whether `POST /household-services/{id}/retry-billing` applies (FAILED). */
  canRetry: z.boolean(),
  nextChargeAt: z.iso.datetime().nullable(),
  acceptedAt: z.iso.datetime(),
  invoices: z.array(billingInvoiceResponseSchema),
});
export type HouseholdServiceResponse = z.infer<typeof householdServiceResponseSchema>;

export const householdBillingResponseSchema = z.object({
  householdId: z.string(),
  services: z.array(householdServiceResponseSchema),
  /** The soonest next charge of the household's services; null when none is scheduled. */
  nextChargeAt: z.iso.datetime().nullable(),
});
export type HouseholdBillingResponse = z.infer<typeof householdBillingResponseSchema>;
