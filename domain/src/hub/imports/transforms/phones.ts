import type { Phone } from '../../../shared/input/phone.js';
import { PHONE_NUMBER_LENGTH, PhoneMessage } from '../../../shared/input/phone.js';
import { fail, ok, type TransformResult } from './result.js';

/** Two-digit country calling codes; other codes after `+` are taken as 1 (NANP, Russia) or 3 digits. */
const TWO_DIGIT_CODES = new Set([
  '20',
  '27',
  '30',
  '31',
  '32',
  '33',
  '34',
  '36',
  '39',
  '40',
  '41',
  '43',
  '44',
  '45',
  '46',
  '47',
  '48',
  '49',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '57',
  '58',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '81',
  '82',
  '84',
  '86',
  '90',
  '91',
  '92',
  '93',
  '94',
  '95',
  '98',
]);

const EXTENSION = /\s*(?:x|ext\.?|extension|poste|#)\s*(\d+)\s*$/i;

/**
 * The extension written after a number (`x123`, `ext. 5`, `poste 12`), or null. Our phones have no
 * extension field, so the import keeps it in the phone's label (`Work ext. 123`), where the
 * contact's page shows it.
 */
export function phoneExtension(text: string): string | null {
  return EXTENSION.exec(text.trim())?.[1] ?? null;
}

/**
 * A phone as our `{ countryCode, number }` (foundations §9: code 1-3 digits, number 4-12 digits):
 * an extension (`x123`, `ext. 5`, `poste 12`: `phoneExtension` reads it) is left out, as is
 * Excel's `.0` on numbers stored as floats; a leading `+` or `011` carries the country code; 11
 * digits starting with 1 are North American; anything else takes the profile's default country code.
 */
export function parsePhone(text: string, defaultCountryCode = '1'): TransformResult<Phone> {
  let value = text.trim().replace(EXTENSION, '');
  value = value.replace(/^(\d+)\.0+$/, '$1');
  if (/[a-z]/i.test(value)) return fail(PhoneMessage.numberDigits);
  let international = value.startsWith('+');
  let digits = value.replace(/\D/g, '');
  if (!international && digits.startsWith('011')) {
    international = true;
    digits = digits.slice(3);
  }
  let countryCode = defaultCountryCode;
  if (international) {
    const length =
      digits.startsWith('1') || digits.startsWith('7') ? 1 : TWO_DIGIT_CODES.has(digits.slice(0, 2)) ? 2 : 3;
    countryCode = digits.slice(0, length);
    digits = digits.slice(length);
  } else if (digits.length === 11 && digits.startsWith('1')) {
    countryCode = '1';
    digits = digits.slice(1);
  }
  if (digits.length < PHONE_NUMBER_LENGTH.min || digits.length > PHONE_NUMBER_LENGTH.max) {
    return fail(PhoneMessage.numberLength);
  }
  return ok({ countryCode, number: digits });
}
