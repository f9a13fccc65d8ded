import { freeText } from './text.js';

/**
 * Foundations §5: a local part, an at sign, then a bracketed IPv4 address or a dotted domain
 * whose last label has at least two letters.
 */
export const EMAIL_PATTERN =
  /^[^\s@"(),:;<>[\\\]]+@(?:\[(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\]|(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,})$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

export const emailSchema = (message = 'Please enter a valid email address') =>
  freeText({ kind: 'email' }).regex(EMAIL_PATTERN, message);
