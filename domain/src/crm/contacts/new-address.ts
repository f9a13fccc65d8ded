import { z } from 'zod';
import { addressSchema } from '../../shared/input/address.js';
import { freeText, optionalText } from '../../shared/input/text.js';
import { COUNTRY_NAMES } from '../../shared/regions/regions.js';
import { countryOf, normalizedPostalCode, regionCodeOf } from '../../shared/regions/postal.js';
import { contactIdParam } from '../params.js';

/** Messages of the checks `add-new-address` makes beyond the spec's required fields; ours. */
export const NewAddressMessage = {
  countryUnsupported: 'Country must be Canada or the United States',
  provinceUnknownCA: 'Province must be a province or territory of Canada',
  provinceUnknownUS: 'State must be a state of the United States',
  postalCodeInvalidCA: 'Postal code must be like A1A 1A1',
  postalCodeInvalidUS: 'ZIP code must be like 12345 or 12345-6789',
} as const;

/**
 * `POST /addresses/add-new-address` (foundations §7): the spec's address (line1, line2, city,
 * province, countryName, postalCode, postCodeAnywhereId) kept as an address of the contact named by
 * `contactId` (ours: the spec names no owner, and an address is always someone's), with the contact
 * area's optional label and primary flag. The address must be one the post delivers to in Canada or
 * the United States, as the completion provider finds them: the country by code or name (stored by
 * name), the province or state by code or name (stored as its code), the postal code in its
 * country's form (stored written as the post writes it).
 */
export const addNewAddressSchema = addressSchema
  .extend({
    contactId: contactIdParam,
    label: optionalText(),
    primary: z.boolean().default(false),
  })
  .transform((address, ctx) => {
    const country = countryOf(address.countryName);
    if (!country) {
      ctx.addIssue({ code: 'custom', message: NewAddressMessage.countryUnsupported, path: ['countryName'] });
      return z.NEVER;
    }
    const province = regionCodeOf(country, address.province);
    if (!province) {
      const message = country === 'CA' ? NewAddressMessage.provinceUnknownCA : NewAddressMessage.provinceUnknownUS;
      ctx.addIssue({ code: 'custom', message, path: ['province'] });
    }
    const postalCode = normalizedPostalCode(country, address.postalCode);
    if (!postalCode) {
      const message = country === 'CA' ? NewAddressMessage.postalCodeInvalidCA : NewAddressMessage.postalCodeInvalidUS;
      ctx.addIssue({ code: 'custom', message, path: ['postalCode'] });
    }
    if (!province || !postalCode) return z.NEVER;
    return { ...address, countryName: COUNTRY_NAMES[country], province, postalCode };
  });
export type AddNewAddressInput = z.output<typeof addNewAddressSchema>;

// ─── Address completion (an outside provider such as Loqate; optional) ──────────────────────────

/** Messages of address completion; ours. */
export const AddressCompletionMessage = {
  notConfigured: 'Address completion is not configured',
  textTooLong: 'Search must be at most 200 characters',
} as const;

/** The longest text sent to the provider; an address line fits well within it. */
export const ADDRESS_SEARCH_MAX_LENGTH = 200;

/**
 * `GET /addresses/suggestions?text=&container=`: what the user typed, or the container (a street or
 * building) whose addresses to list. Without either it only says whether completion is configured.
 */
export const addressSuggestionsQuerySchema = z.object({
  text: optionalText({ max: ADDRESS_SEARCH_MAX_LENGTH, tooLong: AddressCompletionMessage.textTooLong }).transform(
    (text) => text ?? undefined,
  ),
  container: optionalText({ kind: 'identifier' }).transform((container) => container ?? undefined),
});
export type AddressSuggestionsQuery = z.output<typeof addressSuggestionsQuerySchema>;

/** A suggestion: an address to retrieve, or a container that lists more suggestions when opened. */
export const addressSuggestionSchema = z.object({
  id: z.string(),
  /** ADDRESS: retrieve it; CONTAINER: list its addresses (find again with `container`). */
  kind: z.enum(['ADDRESS', 'CONTAINER']),
  text: z.string(),
  description: z.string(),
});
export type AddressSuggestion = z.output<typeof addressSuggestionSchema>;

export const addressSuggestionsSchema = z.object({
  /** False when no provider is configured: the forms then offer no completion. */
  configured: z.boolean(),
  suggestions: z.array(addressSuggestionSchema),
});
export type AddressSuggestions = z.output<typeof addressSuggestionsSchema>;

/** `GET /addresses/suggestions/{id}`: the id of a suggestion of kind ADDRESS. */
export const addressSuggestionParamsSchema = z.object({
  id: freeText({ kind: 'identifier' }).min(1),
});

/** A retrieved address, in the keys of `add-new-address`; `postCodeAnywhereId` is the provider's id. */
export const completedAddressSchema = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  province: z.string(),
  postalCode: z.string(),
  countryName: z.string(),
  postCodeAnywhereId: z.string(),
});
export type CompletedAddress = z.output<typeof completedAddressSchema>;
