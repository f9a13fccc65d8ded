import { formatMoney, type CurrencyCode } from '@meridian/domain';

/** An amount as the API sends it: the value as a decimal string. */
interface MoneyJsonValue {
  value: string;
  currency: string;
}

/** The currencies the page can show amounts in (foundations §3: CAD and USD first). */
export const VIEW_CURRENCIES = ['CAD', 'USD'] as const satisfies readonly CurrencyCode[];
export type ViewCurrency = (typeof VIEW_CURRENCIES)[number];

/** '$1,234' or '$1,234.50' (the spec's display helper); '—' when there is no amount. */
export function showMoney(money: MoneyJsonValue | null | undefined): string {
  return money ? formatMoney(money.value) : '—';
}

/** As showMoney, with the currency code when it is not the page's currency: '$1,234 USD'. */
export function showOwnMoney(money: MoneyJsonValue | null | undefined, pageCurrency: string): string {
  if (!money) return '—';
  return money.currency === pageCurrency ? showMoney(money) : `${showMoney(money)} ${money.currency}`;
}

/** A chart needs numbers; figures on screen stay the API's decimal strings. */
export function chartValue(money: MoneyJsonValue): number {
  return Number(money.value);
}

/** Whole dollars for chart axes and tooltips. */
export function chartDollars(value: number): string {
  return formatMoney(Math.round(value));
}
