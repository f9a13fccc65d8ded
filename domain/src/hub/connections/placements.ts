/**
 * Placing a linked bank's accounts (issue 15): before a new Plaid connection's first sync, the
 * advisor says for each account who owns it, or that it is an account the household already holds
 * as a manual record (which then becomes synced and keeps its id, history and owners). The HTTP
 * contract, and the rule that ranks the manual records offered as a match.
 */
import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { personIdParam } from '../../crm/params.js';
import { FinancialRecordType } from '../../financials/records/enums.js';
import { FINANCIAL_RECORD_ID_TYPE } from '../../financials/records/record-types.js';
import { idOf } from '../../financials/shared-schemas.js';
import { listOf } from '../../shared/input/lists.js';
import { freeText } from '../../shared/input/text.js';
import { connectionSchema } from './schemas.js';

export const PlacementMessage = {
  recordIdInvalid: 'Invalid financial record id',
  notAnAccount: 'is not an account of this bank, or it is already placed',
  placedTwice: 'is placed twice',
  unplaced: 'must be placed too: every account of the bank gets an owner or a match',
  noOwner: 'needs an owner: a person of the household',
  ownerNotInHousehold: 'has an owner who is not a person of this household',
  notJoint: 'cannot be owned jointly: choose one owner',
  matchWithOwners: 'keeps the owners of the account it is matched with: leave owners empty',
  matchNotAllowed: 'can only be matched with a manual account of the same kind in this household',
  matchedTwice: 'is matched with a manual account another account is matched with',
  nothingToPlace: 'This connection has no accounts waiting to be placed',
  pending: 'The bank’s accounts are not placed yet: give each an owner, or match it with a manual account, first',
} as const;

const moneySchema = z.object({ value: z.string(), currency: z.string() });

/** A manual record offered as the same account as a bank's account. */
export const placementMatchSchema = z.object({
  recordId: z.string(),
  /** The advisor's name for it, else its name. */
  name: z.string(),
  institution: z.string().nullable(),
  /** Its last four digits, when it holds them (a card's, or at the end of its name). */
  lastDigits: z.string().nullable(),
  balance: moneySchema.nullable(),
  /** Same institution and last digits, balance close: the one preselected. */
  likely: z.boolean(),
});
export type PlacementMatch = z.output<typeof placementMatchSchema>;

/** An account of a linked bank, as the advisor places it. */
export const accountToPlaceSchema = z.object({
  /** Plaid's account id: what a placement names. */
  externalAccountId: z.string(),
  name: z.string(),
  /** Its last digits at the bank (Plaid's mask). */
  mask: z.string().nullable(),
  institution: z.string().nullable(),
  recordType: z.enum(FinancialRecordType),
  /** Whether several persons may own it (foundations §5's joint rule). */
  jointAllowed: z.boolean(),
  balance: moneySchema.nullable(),
  /** Manual records of the household that may be this account, the likeliest first. */
  matches: z.array(placementMatchSchema),
});
export type AccountToPlace = z.output<typeof accountToPlaceSchema>;

/** `GET /plaid/connections/{connectionId}/accounts-to-place`. */
export const accountsToPlaceSchema = z.object({
  connectionId: z.string(),
  householdId: z.string(),
  /** Whether the connection waits for its accounts to be placed before it syncs. */
  placementPending: z.boolean(),
  /** Who may own an account added as new: the household's persons (none: it is added without owner). */
  persons: z.array(z.object({ id: z.string(), name: z.string() })),
  accounts: z.array(accountToPlaceSchema),
});
export type AccountsToPlace = z.output<typeof accountsToPlaceSchema>;

/** What `POST /create-update-plaid-connection` answers: the connection and what is left to place. */
export const linkedPlaidConnectionSchema = connectionSchema.extend({
  accountsToPlace: accountsToPlaceSchema,
});
export type LinkedPlaidConnection = z.output<typeof linkedPlaidConnectionSchema>;

const recordIdSchema = idOf(Object.values(FINANCIAL_RECORD_ID_TYPE), PlacementMessage.recordIdInvalid);

export const accountPlacementSchema = z.object({
  externalAccountId: freeText({ kind: 'identifier' }).min(1, 'externalAccountId is required'),
  /** Persons of the household, for an account added as new. */
  owners: listOf(personIdParam, 10).default([]),
  /** A manual record of the household that is this account; it keeps its owners. */
  matchRecordId: recordIdSchema.nullish(),
});
export type AccountPlacement = z.output<typeof accountPlacementSchema>;

/** `POST /plaid/connections/{connectionId}/account-placements`. */
export const placeAccountsSchema = z.object({
  placements: listOf(accountPlacementSchema, 100).min(1, 'placements must name at least one account'),
});
export type PlaceAccountsInput = z.output<typeof placeAccountsSchema>;

// ─── Ranking ─────────────────────────────────────────────────────────────────────────────────────

/** A manual record that may be matched, with what the ranking compares. */
export interface MatchCandidate {
  recordId: string;
  recordType: FinancialRecordType;
  name: string;
  institution: string | null;
  lastDigits: string | null;
  balance: { value: string; currency: string } | null;
}

/** Institution names compared without case, spaces or punctuation ("TD Bank" = "td-bank"). */
export function sameInstitution(a: string | null, b: string | null): boolean {
  const key = (name: string | null) => (name ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
  return key(a) !== '' && key(a) === key(b);
}

/** The last four digits a record's name ends with ("Chequing ••0001", "Visa 4242"), if any. */
export function trailingDigits(text: string | null): string | null {
  const found = /(\d{4})\D*$/.exec(text ?? '');
  return found ? found[1]! : null;
}

/**
 * The manual records offered for a bank's account: the same kind (record type), at the same
 * institution or at none named; ranked by last digits equal to the bank's mask first, then by
 * balance closeness (same currency; a record without a balance last). `likely` marks the first
 * when its digits match, or when digits cannot be compared and it has an equal balance (at the same
 * institution, or at none named: the dashboard's forms do not ask for one): the one preselected.
 */
export function rankMatches(
  account: {
    recordType: FinancialRecordType;
    institution: string | null;
    mask: string | null;
    balance: { value: string; currency: string } | null;
  },
  candidates: readonly MatchCandidate[],
): PlacementMatch[] {
  const eligible = candidates.filter(
    (candidate) =>
      candidate.recordType === account.recordType &&
      (candidate.institution === null || sameInstitution(candidate.institution, account.institution)),
  );
  const distance = (candidate: MatchCandidate): Decimal | null =>
    candidate.balance && account.balance && candidate.balance.currency === account.balance.currency
      ? new Decimal(candidate.balance.value).minus(account.balance.value).abs()
      : null;
  const scored = eligible.map((candidate) => ({
    candidate,
    // Equal last digits (2) before unknown ones (1) before different ones (0): another account.
    digits: account.mask === null || candidate.lastDigits === null ? 1 : candidate.lastDigits === account.mask ? 2 : 0,
    institution: sameInstitution(candidate.institution, account.institution),
    distance: distance(candidate),
  }));
  scored.sort((a, b) => {
    if (a.digits !== b.digits) return b.digits - a.digits;
    if (a.institution !== b.institution) return a.institution ? -1 : 1;
    if (a.distance === null || b.distance === null) return a.distance === null ? (b.distance === null ? 0 : 1) : -1;
    return a.distance.comparedTo(b.distance);
  });
  return scored.map((entry, index) => {
    const likely =
      index === 0 &&
      (entry.digits === 2 ||
        (entry.digits === 1 &&
          (entry.institution || entry.candidate.institution === null) &&
          entry.distance !== null &&
          entry.distance.isZero()));
    return {
      recordId: entry.candidate.recordId,
      name: entry.candidate.name,
      institution: entry.candidate.institution,
      lastDigits: entry.candidate.lastDigits,
      balance: entry.candidate.balance,
      likely,
    };
  });
}
