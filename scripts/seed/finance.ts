// Arithmetic for plausible figures: dates around the seed's reference date, amounts rounded to
// cents (as decimal strings, the money columns' input), and the loan formulas lenders use.

const DAY_MS = 86_400_000;

/** A calendar date (UTC midnight). */
export function day(year: number, month: number, date: number): Date {
  return new Date(Date.UTC(year, month - 1, date));
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

function daysInMonth(year: number, monthIndex: number): number {
  if (monthIndex === 1) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return monthIndex === 3 || monthIndex === 5 || monthIndex === 8 || monthIndex === 10 ? 30 : 31;
}

/** Adds calendar months, keeping the time of day and the day of month (clamped: 31 Jan + 1 month = 28 Feb). */
export function addMonths(date: Date, months: number): Date {
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const monthIndex = total - year * 12;
  const dayOfMonth = Math.min(date.getUTCDate(), daysInMonth(year, monthIndex));
  const timeOfDay = date.getTime() - Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return new Date(Date.UTC(year, monthIndex, dayOfMonth) + timeOfDay);
}

export function addYears(date: Date, years: number): Date {
  return addMonths(date, years * 12);
}

/** The calendar date of a moment (drops the time of day). */
export function dateOf(moment: Date): Date {
  return day(moment.getUTCFullYear(), moment.getUTCMonth() + 1, moment.getUTCDate());
}

/** Whole months from `from` to `to` (0 when `to` is earlier). */
export function monthsBetween(from: Date, to: Date): number {
  const months =
    (to.getUTCFullYear() - from.getUTCFullYear()) * 12 +
    (to.getUTCMonth() - from.getUTCMonth()) -
    (to.getUTCDate() < from.getUTCDate() ? 1 : 0);
  return Math.max(0, months);
}

/** Whole days from `from` to `to` (0 when `to` is earlier). */
export function daysBetween(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / DAY_MS));
}

/** Age in whole years on `on`. */
export function ageOn(birth: Date, on: Date): number {
  return Math.floor(monthsBetween(birth, on) / 12);
}

/** A money amount as the decimal string the numeric(20,8) columns take: cents, no float noise. */
export function money(value: number): string {
  return (Math.round(value * 100) / 100).toFixed(2);
}

/** A round figure: to the nearest `step` (1,000 for balances people quote in thousands...). */
export function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

/** A percentage with at most `places` decimals, as a string for numeric(9,6). */
export function percent(value: number, places = 2): string {
  return value.toFixed(places);
}

/**
 * The periodic rate of a loan. Canadian fixed-rate mortgages compound semi-annually by law (the
 * Interest Act); other loans compound once per payment period.
 */
export function periodicRate(annualPercent: number, paymentsPerYear: number, semiAnnualCompounding: boolean): number {
  const annual = annualPercent / 100;
  return semiAnnualCompounding ? Math.pow(1 + annual / 2, 2 / paymentsPerYear) - 1 : annual / paymentsPerYear;
}

/** The level payment that repays `principal` in `payments` periods at `rate` per period. */
export function levelPayment(principal: number, rate: number, payments: number): number {
  if (rate === 0) return principal / payments;
  return (principal * rate) / (1 - Math.pow(1 + rate, -payments));
}

/** What is left of `principal` after `paid` level payments of `payment`. */
export function remainingBalance(principal: number, rate: number, payment: number, paid: number): number {
  if (rate === 0) return Math.max(0, principal - payment * paid);
  const growth = Math.pow(1 + rate, paid);
  return Math.max(0, principal * growth - (payment * (growth - 1)) / rate);
}
