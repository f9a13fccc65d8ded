import {
  enumLabel,
  formatMoney,
  type FlowChange,
  type FrequencyAmount,
  type MilestoneCondition,
  type PlanDocument,
  type TimeFrame,
  type TimePoint,
} from '@meridian/domain';

/*
 * A plan's parts in words, as the plan page shows them: no enum constant, id or JSON ever reaches
 * the page; people and accounts are named, time frames read as a sentence.
 */

type People = PlanDocument['people'];

/** A person's first name ("Alex"), or "a person no longer in the plan" for an id the plan has lost. */
export function personName(people: People, personId: string): string {
  const person = people.find((candidate) => candidate.personId === personId);
  return person ? (person.name.split(' ')[0] ?? person.name) : 'a person no longer in the plan';
}

/** "Alex and Sam", "Alex", or `none` for an empty list. */
export function peopleNames(people: People, personIds: readonly string[], none = 'The household'): string {
  if (personIds.length === 0) return none;
  const names = personIds.map((id) => personName(people, id));
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function pointInWords(people: People, point: TimePoint): string {
  switch (point.kind) {
    case 'PLAN_START':
      return 'the start of the plan';
    case 'PLAN_END':
      return 'the end of the plan';
    case 'YEAR':
      return `${point.year}`;
    case 'AGE':
      return `${personName(people, point.personId)} is ${point.age}`;
    case 'RETIREMENT':
      return `${personName(people, point.personId)} retires`;
  }
}

/** "From the start of the plan until Alex retires", "From 2030 until the end of the plan". */
export function timeFrameInWords(people: People, frame: TimeFrame): string {
  const start = pointInWords(people, frame.start);
  const startsAtAnEvent = frame.start.kind === 'AGE' || frame.start.kind === 'RETIREMENT';
  return `${startsAtAnEvent ? 'From when' : 'From'} ${start} until ${pointInWords(people, frame.end)}`;
}

/** "$1,234 CAD", the amount with its currency. */
export function moneyInWords(money: { value: string; currency: string } | null | undefined): string {
  return money ? `${formatMoney(money.value)} ${money.currency}` : '—';
}

/** "$85,000 CAD a year", "$2,400 CAD monthly", "$15,000 CAD once". */
export function frequencyAmountInWords(frequencyAmount: FrequencyAmount): string {
  const amount = moneyInWords(frequencyAmount.amount);
  if (frequencyAmount.frequency === 'ONE_TIME') return `${amount} once`;
  if (frequencyAmount.frequency === 'ANNUALLY') return `${amount} a year`;
  return `${amount} ${enumLabel('PaymentFrequency', frequencyAmount.frequency).toLowerCase()}`;
}

const percentFormat = new Intl.NumberFormat('en-CA', { maximumFractionDigits: 3 });

/** A rate the plan keeps as percent ('4.790000') as the page shows it, to its own precision: "4.79%". */
export function percentInWords(percent: string | null | undefined): string {
  return percent === null || percent === undefined || percent === ''
    ? '—'
    : `${percentFormat.format(Number(percent))}%`;
}

/** "Rises with inflation", "Changes by 3.0% a year", "Stays the same". */
export function changeInWords(change: FlowChange): string {
  if (change.type === 'FIXED_RATE') return `Changes by ${percentInWords(change.ratePercent)} a year`;
  return enumLabel('FlowChangeType', change.type);
}

/** A milestone's condition in words: "Alex is 65", "Net worth reaches $1,000,000 CAD". */
export function conditionInWords(plan: PlanDocument, condition: MilestoneCondition): string {
  switch (condition.kind) {
    case 'YEAR_REACHED':
      return `The year ${condition.year}`;
    case 'AGE_REACHED':
      return `${personName(plan.people, condition.personId)} is ${condition.age}`;
    case 'RETIRED':
      return `${personName(plan.people, condition.personId)} has retired`;
    case 'NET_WORTH_AT_LEAST':
      return `Net worth reaches ${moneyInWords(condition.amount)}`;
    case 'ACCOUNT_BALANCE_AT_LEAST': {
      const account = plan.accounts.find((candidate) => candidate.id === condition.accountId);
      return `${account?.name ?? 'An account no longer in the plan'} reaches ${moneyInWords(condition.amount)}`;
    }
    case 'DEBT_FREE':
      return 'Every debt is paid off';
  }
}

/** A projection figure's decimal string as dollars: '21754.00' -> '$21,754'. */
export function figureDollars(amount: string): string {
  return formatMoney(Number(amount).toFixed(0));
}
