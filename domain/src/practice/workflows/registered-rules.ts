import { conversionTargetAt71, CONVERSION_AGE } from '../../financials/registered/account-rules.js';
import { nextBirthday } from '../../financials/registered/deadlines.js';
import { LIF_MAX_TABLE_MIN_AGE, lifMaximumRate } from '../../financials/registered/lif.js';
import { RRIF_MIN_TABLE_AGE, rrifMinimumRate } from '../../financials/registered/rrif.js';
import type { BuiltInWorkflowTemplateKey } from './templates.js';

/**
 * The daily rules job's reading of the registered-account rules already in the domain
 * (foundations §4, §9): which workflow each person's accounts call for on `today`, with the
 * sentence its tasks carry. A match's `key` is what makes it happen once: the same key on a later
 * run starts nothing. US required minimum distributions are not here: the domain has no IRA
 * table yet.
 */

/** Dates are ISO calendar dates (`YYYY-MM-DD`). */
type IsoDate = string;

export interface RulePerson {
  personId: string;
  dateOfBirth: IsoDate | null;
  accounts: readonly { accountId: string; type: string }[];
}

export const RegisteredRule = ['CONVERSION_AT_71', 'INCOME_FUND_WITHDRAWAL', 'RDSP_PAYMENTS_FROM_60'] as const;
export type RegisteredRule = (typeof RegisteredRule)[number];

export interface RegisteredRuleMatch {
  rule: RegisteredRule;
  /** Once per key, ever: the conversion once per account; a withdrawal once per account and year. */
  key: string;
  personId: string;
  accountId: string;
  templateKey: BuiltInWorkflowTemplateKey;
  /** The workflow's name: the template's, with the account type where it tells them apart. */
  workflowName: string;
  /** No task of the workflow is due after this date. */
  deadline: IsoDate;
  /** Why the workflow exists, on each of its tasks. */
  reason: string;
}

/** How far ahead a one-time deadline is announced: its year and the year before. */
const YEARS_AHEAD = 1;

const INCOME_FUNDS = new Set(['RRIF', 'PRIF', 'LRIF', 'LIF']);
const LIF_LIKE = new Set(['LIF', 'LRIF']);

function yearEnd(year: number): IsoDate {
  return `${year}-12-31`;
}

function yearEndInWords(year: number): string {
  return `December 31, ${year}`;
}

/** The birthday in `year` (29 February falls on 1 March in other years), as `nextBirthday` reads it. */
function birthdayIn(dateOfBirth: IsoDate, year: number): IsoDate {
  return nextBirthday(dateOfBirth, `${year}-01-01`).date;
}

/** The age on 1 January of `year`, which the withdrawal tables are read at. */
function ageOnJanuaryFirst(dateOfBirth: IsoDate, year: number): number {
  const birthYear = Number(dateOfBirth.slice(0, 4));
  return dateOfBirth.slice(5) === '01-01' ? year - birthYear : year - birthYear - 1;
}

function percent(rate: number): string {
  return `${rate.toFixed(2)}%`;
}

export function registeredAccountWorkflows(person: RulePerson, today: IsoDate): RegisteredRuleMatch[] {
  const { dateOfBirth } = person;
  if (!dateOfBirth) return [];
  const year = Number(today.slice(0, 4));
  const birthYear = Number(dateOfBirth.slice(0, 4));
  const matches: RegisteredRuleMatch[] = [];
  for (const account of person.accounts) {
    const convertsTo = conversionTargetAt71(account.type);
    const yearTurning71 = birthYear + CONVERSION_AGE;
    if (convertsTo && yearTurning71 <= year + YEARS_AHEAD) {
      const turns = birthdayIn(dateOfBirth, yearTurning71);
      const past = yearEnd(yearTurning71) < today;
      matches.push({
        rule: 'CONVERSION_AT_71',
        key: `CONVERSION_AT_71:${account.accountId}`,
        personId: person.personId,
        accountId: account.accountId,
        templateKey: 'RRSP_TO_RRIF_CONVERSION',
        workflowName: `${account.type} to ${convertsTo} conversion`,
        deadline: past ? today : yearEnd(yearTurning71),
        reason: past
          ? `turned ${CONVERSION_AGE} on ${turns}: the ${account.type} should have been converted by ${yearEndInWords(yearTurning71)}`
          : `turns ${CONVERSION_AGE} on ${turns}: the ${account.type} must be converted by ${yearEndInWords(yearTurning71)}`,
      });
    }

    const age = ageOnJanuaryFirst(dateOfBirth, year);
    if (INCOME_FUNDS.has(account.type) && age >= RRIF_MIN_TABLE_AGE) {
      const minimum = percent(rrifMinimumRate(age));
      // The LIF maximum table is read at the age on 31 December of the year before.
      const lifAge = year - 1 - birthYear;
      const withMaximum = LIF_LIKE.has(account.type) && lifAge >= LIF_MAX_TABLE_MIN_AGE;
      matches.push({
        rule: 'INCOME_FUND_WITHDRAWAL',
        key: `INCOME_FUND_WITHDRAWAL:${account.accountId}:${year}`,
        personId: person.personId,
        accountId: account.accountId,
        templateKey: 'INCOME_FUND_WITHDRAWAL',
        workflowName: `${year} ${account.type} withdrawal`,
        deadline: yearEnd(year),
        reason: withMaximum
          ? `is ${age} on January 1, ${year}: the ${account.type} must pay out between ${minimum} and ${percent(lifMaximumRate(lifAge))} of its January 1 balance by ${yearEndInWords(year)}`
          : `is ${age} on January 1, ${year}: the ${account.type} must pay out at least ${minimum} of its January 1 balance by ${yearEndInWords(year)}`,
      });
    }

    const yearTurning60 = birthYear + 60;
    if (account.type === 'RDSP' && yearTurning60 >= year && yearTurning60 <= year + YEARS_AHEAD) {
      matches.push({
        rule: 'RDSP_PAYMENTS_FROM_60',
        key: `RDSP_PAYMENTS_FROM_60:${account.accountId}`,
        personId: person.personId,
        accountId: account.accountId,
        templateKey: 'RDSP_PAYMENTS',
        workflowName: 'RDSP payments from 60',
        deadline: yearEnd(yearTurning60),
        reason: `turns 60 on ${birthdayIn(dateOfBirth, yearTurning60)}: disability assistance payments from the RDSP must begin by ${yearEndInWords(yearTurning60)}`,
      });
    }
  }
  return matches;
}

/** A rule's task is due when its template says, but never after the rule's deadline. */
export function ruleTaskDueDate(templateDue: IsoDate, deadline: IsoDate): IsoDate {
  return templateDue < deadline ? templateDue : deadline;
}
