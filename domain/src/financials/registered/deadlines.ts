import { CONVERSION_AGE, conversionTargetAt71 } from './account-rules.js';

/** Dates here are ISO calendar dates (`YYYY-MM-DD`), read and written in UTC. */
type IsoDate = string;

const DAY_MS = 86_400_000;

function utcDate(iso: IsoDate): Date {
  return new Date(`${iso}T00:00:00Z`);
}

function iso(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((utcDate(to).getTime() - utcDate(from).getTime()) / DAY_MS);
}

/** Contributions for a tax year count when made in that year or in the first 60 days of the next. */
export const RRSP_CONTRIBUTION_DAYS_AFTER_YEAR_END = 60;

/**
 * The RRSP contribution deadline of a tax year: the 60th day after 31 December (1 March, or
 * 29 February in a leap year), moved to the Monday after when it falls on a weekend, as the CRA
 * announces it. Public holidays are not considered.
 */
export function rrspContributionDeadline(taxYear: number): IsoDate {
  const deadline = new Date(Date.UTC(taxYear, 11, 31) + RRSP_CONTRIBUTION_DAYS_AFTER_YEAR_END * DAY_MS);
  const weekday = deadline.getUTCDay();
  if (weekday === 6) deadline.setUTCDate(deadline.getUTCDate() + 2);
  if (weekday === 0) deadline.setUTCDate(deadline.getUTCDate() + 1);
  return iso(deadline);
}

export interface RrspDeadline {
  /** The tax year contributions made by `date` count for. */
  taxYear: number;
  date: IsoDate;
  daysLeft: number;
  /** True in the first days of a year, while contributions may still count for the year before. */
  open: boolean;
}

/** The next RRSP deadline on or after `today`: last year's while it is still open, otherwise this year's. */
export function nextRrspDeadline(today: IsoDate): RrspDeadline {
  const year = Number(today.slice(0, 4));
  const lastYears = rrspContributionDeadline(year - 1);
  if (today <= lastYears) {
    return { taxYear: year - 1, date: lastYears, daysLeft: daysBetween(today, lastYears), open: true };
  }
  const thisYears = rrspContributionDeadline(year);
  return { taxYear: year, date: thisYears, daysLeft: daysBetween(today, thisYears), open: false };
}

export interface ConversionDue {
  convertsTo: 'LIF' | 'RRIF';
  /** 31 December of the year the holder turns 71. */
  deadline: IsoDate;
  /** True when the deadline has passed and the account is still held. */
  overdue: boolean;
}

/**
 * An account that must be converted to an income fund this year or that should already have
 * been: its holder turns 71 this year or is older (foundations §4: DCPP, IPP, LIRA, LRSP, RLSP and
 * SPP become a LIF; DPSP and RRSP a RRIF). Undefined for an account type that does not convert or
 * a holder younger than that.
 */
export function conversionDue(accountType: string, dateOfBirth: IsoDate, today: IsoDate): ConversionDue | undefined {
  const convertsTo = conversionTargetAt71(accountType);
  if (!convertsTo) return undefined;
  const yearTurning71 = Number(dateOfBirth.slice(0, 4)) + CONVERSION_AGE;
  if (yearTurning71 > Number(today.slice(0, 4))) return undefined;
  const deadline = `${yearTurning71}-12-31`;
  return { convertsTo, deadline, overdue: deadline < today };
}

/**
 * The next birthday on or after `today` of someone born on `dateOfBirth`, with the age they turn.
 * A 29 February birthday falls on 1 March in other years.
 */
export function nextBirthday(
  dateOfBirth: IsoDate,
  today: IsoDate,
): { date: IsoDate; turns: number; daysUntil: number } {
  const [birthYear, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const year = Number(today.slice(0, 4));
  // Date.UTC rolls 29 February over to 1 March in a year without it.
  const anniversary = (onYear: number) => iso(new Date(Date.UTC(onYear, month - 1, day)));
  const thisYears = anniversary(year);
  const date = thisYears >= today ? thisYears : anniversary(year + 1);
  return { date, turns: Number(date.slice(0, 4)) - birthYear, daysUntil: daysBetween(today, date) };
}
