/**
 * Supported currencies: ISO 4217 codes, CAD and USD first (foundations §3), then the currencies a
 * Canadian or US advisory firm commonly meets in client holdings, accounts and travel.
 */
export const CURRENCY_CODES = [
  'CAD',
  'USD',
  'EUR',
  'GBP',
  'CHF',
  'JPY',
  'AUD',
  'NZD',
  'CNY',
  'HKD',
  'SGD',
  'TWD',
  'KRW',
  'INR',
  'PKR',
  'PHP',
  'IDR',
  'MYR',
  'THB',
  'VND',
  'MXN',
  'BRL',
  'ARS',
  'CLP',
  'COP',
  'PEN',
  'JMD',
  'TTD',
  'BBD',
  'BSD',
  'BMD',
  'KYD',
  'SEK',
  'NOK',
  'DKK',
  'ISK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'TRY',
  'ILS',
  'AED',
  'SAR',
  'QAR',
  'KWD',
  'EGP',
  'ZAR',
  'NGN',
  'KES',
] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** A currency reads as its ISO code wherever an amount is shown (foundations §9): 'CAD', 'USD'. */
export const CURRENCY_LABELS: Readonly<Record<CurrencyCode, string>> = Object.fromEntries(
  CURRENCY_CODES.map((code) => [code, code]),
) as Record<CurrencyCode, string>;

const SUPPORTED: ReadonlySet<string> = new Set(CURRENCY_CODES);

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && SUPPORTED.has(value);
}
