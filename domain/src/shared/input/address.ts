import { z } from 'zod';
import { freeText, optionalText, requiredString } from './text.js';

/** Address messages; all are the spec's wording (foundations §5, crm §5). */
export const AddressMessage = {
  cityRequired: 'City is required',
  countryRequired: 'Country is required',
  line1Required: 'Line 1 is required',
  postalCodeRequired: 'Postal code is required',
  provinceRequired: 'Province is required',
} as const;

/**
 * A postal address (foundations §3). Line 2 and the postcode lookup id (`postCodeAnywhereId`) may be
 * absent or null; blank becomes null, so the stored record always has both keys.
 */
export const addressSchema = z.object({
  line1: requiredString(AddressMessage.line1Required),
  line2: optionalText(),
  city: requiredString(AddressMessage.cityRequired),
  province: requiredString(AddressMessage.provinceRequired),
  postalCode: requiredString(AddressMessage.postalCodeRequired),
  countryName: requiredString(AddressMessage.countryRequired),
  postCodeAnywhereId: optionalText({ kind: 'identifier' }),
});
export type Address = z.output<typeof addressSchema>;

/**
 * The form variant of the address: the same rules, but an absent line 2 or lookup id stays absent
 * (the form only sends what the user filled in).
 */
export const addressFormSchema = addressSchema.extend({
  line2: freeText().nullish(),
  postCodeAnywhereId: freeText({ kind: 'identifier' }).optional(),
});
export type AddressForm = z.output<typeof addressFormSchema>;

/**
 * An address of the contact area (foundations §3, crm §3), with its capitalised keys: Line1, City,
 * Province, PostalCode and CountryName required; Line2, Id, Label and PostCodeAnywhereId optional;
 * a primary flag, false unless given.
 */
export const contactAddressSchema = z.object({
  Id: freeText({ kind: 'identifier' }).min(1).optional(),
  Label: freeText().optional(),
  Line1: requiredString(AddressMessage.line1Required),
  Line2: optionalText(),
  City: requiredString(AddressMessage.cityRequired),
  Province: requiredString(AddressMessage.provinceRequired),
  PostalCode: requiredString(AddressMessage.postalCodeRequired),
  CountryName: requiredString(AddressMessage.countryRequired),
  PostCodeAnywhereId: freeText({ kind: 'identifier' }).optional(),
  primary: z.boolean().default(false),
});
export type ContactAddress = z.output<typeof contactAddressSchema>;

/** The body of `PATCH /contact/{contactId}/add-address` and its family twin: `{ primary, address }`. */
export const addContactAddressSchema = z.object({
  primary: z.boolean().default(false),
  address: contactAddressSchema.omit({ primary: true }),
});
export type AddContactAddressInput = z.output<typeof addContactAddressSchema>;
