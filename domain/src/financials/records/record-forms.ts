import { accountCreatability } from '../accounts/investment-accounts.js';
import { allowsJointOwnership, ownerKindsFor } from '../accounts/ownership.js';
import type { FieldSpec } from './record-fields.js';
import { ownerKindPhrase } from './record-rules.js';
import { RECORD_FIELDS, RECORD_TYPE_LABELS } from './record-types.js';
import {
  INVESTMENT_ACCOUNT_TYPE_LABELS,
  type FinancialRecordType,
  type InvestmentAccountType,
  type OwnerKind,
} from './enums.js';

/*
 * What the create and edit forms of a financial record show, from the field declarations of
 * record-types.ts (one form for every type, never one written per type), and the ownership rules
 * of foundations §5 in words, so a form explains why an owner cannot be added instead of
 * disabling a button without a reason.
 */

/** The fields a record's form shows for its type, in declaration order. */
export function recordFormFields(
  type: FinancialRecordType,
  values: { accountType?: string | null } = {},
): [string, FieldSpec][] {
  const specs: Readonly<Record<string, FieldSpec>> = RECORD_FIELDS[type];
  return Object.entries(specs).filter(([name]) => {
    if (type !== 'INVESTMENT_ACCOUNT' || (name !== 'taxStatus' && name !== 'jurisdiction')) return true;
    // Tax status and jurisdiction follow from the account type, except for types of both countries.
    const accountType = values.accountType as InvestmentAccountType | null | undefined;
    return accountType ? accountCreatability(accountType)[name] === 'OPTIONAL' : false;
  });
}

/** 'This TFSA account', 'This bank account'. */
function subjectOf(type: FinancialRecordType, accountType?: InvestmentAccountType): string {
  if (type === 'INVESTMENT_ACCOUNT' && accountType)
    return `This ${INVESTMENT_ACCOUNT_TYPE_LABELS[accountType]} account`;
  return `This ${RECORD_TYPE_LABELS[type].toLowerCase()}`;
}

/**
 * Who may own a record, in a sentence: 'This TFSA account can be owned by a person, never
 * jointly.' / 'This bank account can be owned by a person, corporation, trust or foundation,
 * alone or jointly.'
 */
export function ownershipRuleText(type: FinancialRecordType, accountType?: InvestmentAccountType): string {
  const kinds = ownerKindsFor(type, accountType);
  const joint = allowsJointOwnership(type, accountType);
  return `${subjectOf(type, accountType)} can be owned by ${ownerKindPhrase(kinds)}, ${joint ? 'alone or jointly' : 'never jointly'}.`;
}

export interface OwnerCandidate {
  id: string;
  kind: OwnerKind;
  name: string;
}

export const OwnerChoiceMessage = {
  neverJoint: (subject: string) =>
    `${subject} cannot be owned jointly and already has its owner. To change the owner, remove the current one first.`,
  oneMember: (ownsIt: boolean) =>
    `This household has one member${ownsIt ? ', who already owns it' : ''}. Add a second member to the household first; they can then be added here.`,
  noMember: 'This household has no members yet. Add a member to the household first; they can then own its records.',
  everyoneOwns: 'Every member and entity of the household already owns it.',
  kindsOnly: (subject: string, kinds: readonly OwnerKind[]) =>
    `${subject} can only be owned by ${ownerKindPhrase(kinds)}, and every person of the household already owns it.`,
} as const;

/**
 * The parties of the household that may be added as owners of a record, and, when there is none,
 * why (foundations §5): a never-joint record that has its owner; a household with one member; the
 * parties left being of kinds the record's type does not allow.
 */
export function ownerChoices(input: {
  type: FinancialRecordType;
  accountType?: InvestmentAccountType;
  /** The entity ids of the record's current owners. */
  ownerIds: readonly string[];
  parties: readonly OwnerCandidate[];
}): { candidates: OwnerCandidate[]; blocker?: string } {
  const subject = subjectOf(input.type, input.accountType);
  const owned = new Set(input.ownerIds);
  if (owned.size > 0 && !allowsJointOwnership(input.type, input.accountType)) {
    return { candidates: [], blocker: OwnerChoiceMessage.neverJoint(subject) };
  }
  const kinds = ownerKindsFor(input.type, input.accountType);
  const candidates = input.parties.filter((party) => !owned.has(party.id) && kinds.includes(party.kind));
  if (candidates.length > 0) return { candidates };
  const persons = input.parties.filter((party) => party.kind === 'Person');
  if (persons.length === 0) return { candidates, blocker: OwnerChoiceMessage.noMember };
  if (persons.length === 1) {
    return { candidates, blocker: OwnerChoiceMessage.oneMember(owned.has(persons[0]!.id)) };
  }
  if (input.parties.every((party) => owned.has(party.id)))
    return { candidates, blocker: OwnerChoiceMessage.everyoneOwns };
  return { candidates, blocker: OwnerChoiceMessage.kindsOnly(subject, kinds) };
}
