import { codeToWords } from '../../shared/format/words.js';
import type { TransactionCategoryGroup, TransactionCategoryNature } from '../cash-flows/enums.js';
import {
  PLAID_DETAILED_CATEGORIES,
  PLAID_PRIMARY_CATEGORIES,
  type PlaidDetailedCategory,
  type PlaidPrimaryCategory,
} from './plaid-pfc-v1.js';

export interface CategoryClassification {
  group: TransactionCategoryGroup;
  nature: TransactionCategoryNature;
}

const income: CategoryClassification = { group: 'INCOME', nature: 'NA' };
const other: CategoryClassification = { group: 'OTHER', nature: 'NA' };
const essential: CategoryClassification = { group: 'EXPENSE', nature: 'ESSENTIAL' };
const nonEssential: CategoryClassification = { group: 'EXPENSE', nature: 'NON_ESSENTIAL' };

/**
 * The rule, by primary category, which a detailed category follows unless listed below.
 *
 * From foundations §3: income is INCOME; transfers in and out are OTHER; rent and utilities,
 * medical care and government payments (taxes) are essential; entertainment, food and drink
 * (restaurants) and travel are non-essential. Group INCOME and OTHER have nature NA.
 *
 * Ours, for the rest: loan payments are essential expenses (a contractual obligation); bank fees,
 * general merchandise, home improvement, personal care and general services are discretionary,
 * so non-essential; transportation (getting to work and school) is essential.
 */
export const PRIMARY_CATEGORY_CLASSIFICATION: Readonly<Record<PlaidPrimaryCategory, CategoryClassification>> = {
  INCOME: income,
  TRANSFER_IN: other,
  TRANSFER_OUT: other,
  LOAN_PAYMENTS: essential,
  BANK_FEES: nonEssential,
  ENTERTAINMENT: nonEssential,
  FOOD_AND_DRINK: nonEssential,
  GENERAL_MERCHANDISE: nonEssential,
  HOME_IMPROVEMENT: nonEssential,
  MEDICAL: essential,
  PERSONAL_CARE: nonEssential,
  GENERAL_SERVICES: nonEssential,
  GOVERNMENT_AND_NON_PROFIT: essential,
  TRANSPORTATION: essential,
  TRAVEL: nonEssential,
  RENT_AND_UTILITIES: essential,
};

/**
 * Detailed categories that differ from their primary's rule. From the spec: card payments are
 * OTHER (money moved to a liability, not spent); groceries and insurance are essential. Ours:
 * childcare, education, car repair and home repair are essential; donations and taxis and ride
 * shares are non-essential.
 */
export const DETAILED_CATEGORY_OVERRIDES: Readonly<Partial<Record<PlaidDetailedCategory, CategoryClassification>>> = {
  LOAN_PAYMENTS_CREDIT_CARD_PAYMENT: other,
  FOOD_AND_DRINK_GROCERIES: essential,
  GENERAL_SERVICES_INSURANCE: essential,
  GENERAL_SERVICES_CHILDCARE: essential,
  GENERAL_SERVICES_EDUCATION: essential,
  GENERAL_SERVICES_AUTOMOTIVE: essential,
  HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE: essential,
  GOVERNMENT_AND_NON_PROFIT_DONATIONS: nonEssential,
  TRANSPORTATION_TAXIS_AND_RIDE_SHARES: nonEssential,
};

export interface TransactionCategory extends CategoryClassification {
  /** Plaid's detailed category, e.g. `FOOD_AND_DRINK_GROCERIES`. */
  id: PlaidDetailedCategory;
  primary: PlaidPrimaryCategory;
  /** The detailed name without its primary, in words: 'Groceries'. */
  label: string;
}

/**
 * `FOOD_AND_DRINK` -> 'Food and drink', `ATM_FEES` -> 'ATM fees': Plaid's 120 codes are read by
 * the shared words rule (its list of words that keep their case) rather than a table of their own.
 */
function words(code: string): string {
  return codeToWords(code);
}

export function primaryCategoryLabel(primary: PlaidPrimaryCategory): string {
  return words(primary);
}

/** Every detailed category with its primary, group, nature and label, in Plaid's order. */
export const TRANSACTION_CATEGORIES: readonly TransactionCategory[] = (
  Object.entries(PLAID_DETAILED_CATEGORIES) as [PlaidDetailedCategory, PlaidPrimaryCategory][]
).map(([id, primary]) => ({
  id,
  primary,
  label: words(id.slice(primary.length + 1)),
  ...(DETAILED_CATEGORY_OVERRIDES[id] ?? PRIMARY_CATEGORY_CLASSIFICATION[primary]),
}));

const BY_ID: ReadonlyMap<string, TransactionCategory> = new Map(
  TRANSACTION_CATEGORIES.map((category) => [category.id, category]),
);

export function isPlaidPrimaryCategory(code: string): code is PlaidPrimaryCategory {
  return (PLAID_PRIMARY_CATEGORIES as readonly string[]).includes(code);
}

export function isPlaidDetailedCategory(code: string): code is PlaidDetailedCategory {
  return BY_ID.has(code);
}

/** The detailed category with this id, or undefined. */
export function findTransactionCategory(id: string): TransactionCategory | undefined {
  return BY_ID.get(id);
}

/**
 * The group and nature of a Plaid category code: a v1 detailed category by its entry, a v1
 * primary by its rule, and a code Plaid added later (v2, e.g. `INCOME_CHILD_SUPPORT`) by the rule
 * of the v1 primary it starts with. Undefined for anything else.
 */
export function classifyTransactionCategory(code: string): CategoryClassification | undefined {
  const category = BY_ID.get(code);
  if (category !== undefined) return { group: category.group, nature: category.nature };
  if (isPlaidPrimaryCategory(code)) return PRIMARY_CATEGORY_CLASSIFICATION[code];
  const primary = [...PLAID_PRIMARY_CATEGORIES]
    .sort((a, b) => b.length - a.length)
    .find((candidate) => code.startsWith(`${candidate}_`));
  return primary === undefined ? undefined : PRIMARY_CATEGORY_CLASSIFICATION[primary];
}

/** Plaid's primary categories in words, for the catalogue: 'Government and non-profit'. */
export const PLAID_PRIMARY_CATEGORY_LABELS: Readonly<Record<PlaidPrimaryCategory, string>> = Object.fromEntries(
  PLAID_PRIMARY_CATEGORIES.map((primary) => [primary, primaryCategoryLabel(primary)]),
) as Record<PlaidPrimaryCategory, string>;

/** Plaid's detailed categories in words, without their primary: 'Groceries', 'ATM fees'. */
export const PLAID_DETAILED_CATEGORY_LABELS: Readonly<Record<PlaidDetailedCategory, string>> = Object.fromEntries(
  TRANSACTION_CATEGORIES.map((category) => [category.id, category.label]),
) as Record<PlaidDetailedCategory, string>;
