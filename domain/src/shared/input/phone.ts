import { z } from 'zod';

/** Phone limits (foundations §9). */
export const PHONE_COUNTRY_CODE_LENGTH = { min: 1, max: 3 } as const;
export const PHONE_NUMBER_LENGTH = { min: 4, max: 12 } as const;

/**
 * Phone messages. The two "only digits" messages are the spec's (foundations §5); the length
 * messages are ours, as the spec gives the limits without wording.
 */
export const PhoneMessage = {
  countryCodeDigits: 'Country code must be only digits',
  numberDigits: 'Phone number must be only digits',
  countryCodeLength: `Country code must be ${PHONE_COUNTRY_CODE_LENGTH.min} to ${PHONE_COUNTRY_CODE_LENGTH.max} digits`,
  numberLength: `Phone number must be ${PHONE_NUMBER_LENGTH.min} to ${PHONE_NUMBER_LENGTH.max} digits`,
} as const;

const DIGITS = /^\d*$/;

/**
 * What people type between the digits of a phone number: spaces, hyphens, dots, brackets, and a
 * plus before the country code. They are dropped before the spec's digits rule applies, so
 * `(416) 555-0199` and `+1` are taken as `4165550199` and `1`; a letter is still refused.
 */
const PHONE_SEPARATORS = /[\s\-.()\u2010-\u2015]/g;

/** The digits a person meant: `value` without the separators of a typed phone number. */
export function phoneDigits(value: string): string {
  return value.replace(PHONE_SEPARATORS, '').replace(/^\+/, '');
}

/** A phone: country code of 1-3 digits, number of 4-12 digits, separators as typed dropped. */
export const phoneSchema = z.object({
  countryCode: z
    .string({ error: PhoneMessage.countryCodeLength })
    .overwrite(phoneDigits)
    .regex(DIGITS, PhoneMessage.countryCodeDigits)
    .min(PHONE_COUNTRY_CODE_LENGTH.min, PhoneMessage.countryCodeLength)
    .max(PHONE_COUNTRY_CODE_LENGTH.max, PhoneMessage.countryCodeLength),
  number: z
    .string({ error: PhoneMessage.numberLength })
    .overwrite(phoneDigits)
    .regex(DIGITS, PhoneMessage.numberDigits)
    .min(PHONE_NUMBER_LENGTH.min, PhoneMessage.numberLength)
    .max(PHONE_NUMBER_LENGTH.max, PhoneMessage.numberLength),
});
export type Phone = z.output<typeof phoneSchema>;
