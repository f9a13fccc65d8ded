/**
 * Plaid's account types and subtypes -> our financial record types.
 *
 * The principle: a subtype we have an exact type for maps to it; a tax-advantaged plan we have no
 * type for maps to OTHER with the tax status Plaid's subtype implies (OTHER is a type whose tax
 * status may be chosen, so nothing is lost); anything we cannot tell is OTHER with no tax status.
 * Choices that are judgement calls are commented where they are made.
 */
import {
  type BankAccountType,
  type InvestmentAccountType,
  type SecuredLoanPurpose,
  type TaxStatus,
  taxStatusOf,
} from '@meridian/domain';

/** Plaid's `AccountType` (API 2020-09-14); `brokerage` is the pre-2018 name of `investment`. */
export const PLAID_ACCOUNT_TYPES = ['investment', 'credit', 'depository', 'loan', 'brokerage', 'other'] as const;

/**
 * Every value of Plaid's `AccountSubtype` enumeration (API 2020-09-14), in Plaid's order. A test
 * compares this list with the enumeration in Plaid's OpenAPI description.
 */
export const PLAID_ACCOUNT_SUBTYPES = [
  '401a',
  '401k',
  '403B',
  '457b',
  '529',
  'auto',
  'brokerage',
  'business',
  'cash isa',
  'cash management',
  'cd',
  'checking',
  'commercial',
  'construction',
  'consumer',
  'credit card',
  'crypto exchange',
  'ebt',
  'education savings account',
  'fhsa',
  'fixed annuity',
  'gic',
  'health reimbursement arrangement',
  'home equity',
  'hsa',
  'isa',
  'ira',
  'keogh',
  'lif',
  'life insurance',
  'limited purpose checking',
  'line of credit',
  'lira',
  'loan',
  'lrif',
  'lrsp',
  'money market',
  'mortgage',
  'mutual fund',
  'non-custodial wallet',
  'non-taxable brokerage account',
  'other',
  'other insurance',
  'other annuity',
  'overdraft',
  'paypal',
  'payroll',
  'pension',
  'prepaid',
  'prif',
  'profit sharing plan',
  'qshr',
  'rdsp',
  'resp',
  'retirement',
  'rlif',
  'roth',
  'roth 401k',
  'roth 403B',
  'roth 457b',
  'roth pension',
  'roth profit sharing plan',
  'roth thrift savings plan',
  'rrif',
  'rrsp',
  'sarsep',
  'savings',
  'sep ira',
  'simple ira',
  'sipp',
  'stock plan',
  'student',
  'thrift savings plan',
  'tfsa',
  'trust',
  'ugma',
  'utma',
  'variable annuity',
] as const;
export type PlaidAccountSubtype = (typeof PLAID_ACCOUNT_SUBTYPES)[number];

/** Our classification of a Plaid account, before balances and names are added. */
export type AccountClassification =
  | { recordType: 'BANK_ACCOUNT'; subtype: BankAccountType }
  | { recordType: 'INVESTMENT_ACCOUNT'; subtype: InvestmentAccountType; taxStatus: TaxStatus | null }
  | { recordType: 'CREDIT_CARD'; subtype: null }
  | { recordType: 'MORTGAGE'; subtype: null }
  | { recordType: 'LOAN' | 'LINE_OF_CREDIT'; subtype: null; securedType: SecuredLoanPurpose | null };

/**
 * Depository subtypes. Our bank accounts are CHECKING or SAVINGS only: money market and
 * certificates of deposit are interest-bearing savings; cash management, prepaid, PayPal, EBT and
 * limited-purpose checking are transactional, so CHECKING. A depository HSA is still an HSA (its
 * tax treatment matters more than where the cash sits), so it is an investment account.
 * An unknown or missing depository subtype is CHECKING.
 */
export const PLAID_DEPOSITORY_SUBTYPES: Readonly<Partial<Record<PlaidAccountSubtype, BankAccountType | 'HSA'>>> = {
  checking: 'CHECKING',
  savings: 'SAVINGS',
  'money market': 'SAVINGS',
  cd: 'SAVINGS',
  'cash management': 'CHECKING',
  'limited purpose checking': 'CHECKING',
  prepaid: 'CHECKING',
  paypal: 'CHECKING',
  ebt: 'CHECKING',
  hsa: 'HSA',
};

/**
 * Loan subtypes that are not a plain LOAN. A home-equity account is taken to be a HELOC (the
 * common form in Canada and the US), so a line of credit secured by the home; an overdraft
 * facility is a line of credit. Auto loans carry their purpose. Student, consumer, business,
 * commercial, construction, `loan`, `other` and unknown subtypes are a LOAN without purpose.
 */
const LOAN_SUBTYPES: Readonly<Partial<Record<PlaidAccountSubtype, AccountClassification>>> = {
  mortgage: { recordType: 'MORTGAGE', subtype: null },
  'home equity': { recordType: 'LINE_OF_CREDIT', subtype: null, securedType: 'HELOC' },
  'line of credit': { recordType: 'LINE_OF_CREDIT', subtype: null, securedType: null },
  overdraft: { recordType: 'LINE_OF_CREDIT', subtype: null, securedType: null },
  auto: { recordType: 'LOAN', subtype: null, securedType: 'AUTO' },
};

/** An investment subtype's type, and its tax status when the type itself leaves it open. */
export interface InvestmentMapping {
  type: InvestmentAccountType;
  /** Only for types whose tax status may be chosen (CASH, CRYPTO, OTHER, ESPP, ...). */
  taxStatus?: TaxStatus | null;
}

const exact = (type: InvestmentAccountType): InvestmentMapping => ({ type });
const other = (taxStatus: TaxStatus | null): InvestmentMapping => ({ type: 'OTHER', taxStatus });

/**
 * Investment subtypes.
 *
 * - `brokerage` is Plaid's taxable brokerage account (the tax-advantaged ones have their own
 *   subtypes, and `non-taxable brokerage account` exists beside it), so it is CASH: our taxable
 *   account type of both countries (a "cash account" as opposed to a margin or registered one).
 *   NRSP ("non-registered") would say the same for a Canadian firm, but it is a Canadian-law
 *   type and Plaid does not tell the account's country. An advisor may reclassify.
 * - `non-taxable brokerage account` says only that it is sheltered, not how: OTHER, status unknown.
 * - `gic` is a Canadian deposit whose registration Plaid does not give: CASH (taxable), as a GIC
 *   inside an RRSP or TFSA comes as that plan's subtype.
 * - Plans we have no type for keep their tax status through OTHER: 401(a), Keogh, profit-sharing,
 *   thrift savings, pension and retirement plans, annuities and SIPPs are TAX_DEFERRED; Roth
 *   variants without a type of ours (Roth 457(b), Roth pension, Roth profit-sharing, Roth TSP)
 *   and ISAs are TAX_EXEMPT.
 * - `sarsep` is a SEP IRA with salary-reduction contributions: SEP_IRA.
 * - `rlif` (restricted life income fund, federal) is a locked-in income fund: LIF.
 * - `stock plan` is an employee stock plan account: ESPP (taxable).
 * - `crypto exchange` and `non-custodial wallet` are CRYPTO (taxable).
 */
export const PLAID_INVESTMENT_SUBTYPES: Readonly<Partial<Record<PlaidAccountSubtype, InvestmentMapping>>> = {
  '401a': other('TAX_DEFERRED'),
  '401k': exact('ACCOUNT_401K'),
  '403B': exact('ACCOUNT_403B'),
  '457b': exact('ACCOUNT_457B'),
  '529': exact('ACCOUNT_529'),
  brokerage: { type: 'CASH', taxStatus: 'TAXABLE' },
  'cash isa': other('TAX_EXEMPT'),
  'crypto exchange': { type: 'CRYPTO', taxStatus: 'TAXABLE' },
  'education savings account': exact('ESA'),
  fhsa: exact('FHSA'),
  'fixed annuity': other('TAX_DEFERRED'),
  gic: { type: 'CASH', taxStatus: 'TAXABLE' },
  'health reimbursement arrangement': other(null),
  hsa: exact('HSA'),
  isa: other('TAX_EXEMPT'),
  ira: exact('TRADITIONAL_IRA'),
  keogh: other('TAX_DEFERRED'),
  lif: exact('LIF'),
  'life insurance': other(null),
  lira: exact('LIRA'),
  lrif: exact('LRIF'),
  lrsp: exact('LRSP'),
  'mutual fund': other(null),
  'non-custodial wallet': { type: 'CRYPTO', taxStatus: 'TAXABLE' },
  'non-taxable brokerage account': other(null),
  other: other(null),
  'other annuity': other('TAX_DEFERRED'),
  'other insurance': other(null),
  pension: other('TAX_DEFERRED'),
  prif: exact('PRIF'),
  'profit sharing plan': other('TAX_DEFERRED'),
  qshr: other(null),
  rdsp: exact('RDSP'),
  resp: exact('RESP'),
  retirement: other('TAX_DEFERRED'),
  rlif: exact('LIF'),
  roth: exact('ROTH_IRA'),
  'roth 401k': exact('ROTH_401K'),
  'roth 403B': exact('ROTH_403B'),
  'roth 457b': other('TAX_EXEMPT'),
  'roth pension': other('TAX_EXEMPT'),
  'roth profit sharing plan': other('TAX_EXEMPT'),
  'roth thrift savings plan': other('TAX_EXEMPT'),
  rrif: exact('RRIF'),
  rrsp: exact('RRSP'),
  sarsep: exact('SEP_IRA'),
  'sep ira': exact('SEP_IRA'),
  'simple ira': exact('SIMPLE_IRA'),
  sipp: other('TAX_DEFERRED'),
  'stock plan': { type: 'ESPP', taxStatus: 'TAXABLE' },
  tfsa: exact('TFSA'),
  'thrift savings plan': other('TAX_DEFERRED'),
  trust: other(null),
  ugma: exact('UGMA'),
  utma: exact('UTMA'),
  'variable annuity': other('TAX_DEFERRED'),
};

function investment(mapping: InvestmentMapping): AccountClassification {
  // A type with a fixed tax status (RRSP, Roth IRA, ...) carries it; the open ones carry ours.
  const taxStatus = mapping.taxStatus === undefined ? taxStatusOf(mapping.type) : mapping.taxStatus;
  return { recordType: 'INVESTMENT_ACCOUNT', subtype: mapping.type, taxStatus };
}

/**
 * Our classification of a Plaid account type and subtype, or undefined for an account we have no
 * record type for (`other`, or a type Plaid adds later): such an account is reported as a record
 * error, not guessed at.
 */
export function classifyPlaidAccount(type: string, subtype: string | null): AccountClassification | undefined {
  const key = (subtype ?? '') as PlaidAccountSubtype;
  switch (type) {
    case 'depository': {
      const bank = PLAID_DEPOSITORY_SUBTYPES[key] ?? 'CHECKING';
      return bank === 'HSA' ? investment(exact('HSA')) : { recordType: 'BANK_ACCOUNT', subtype: bank };
    }
    case 'credit':
      return { recordType: 'CREDIT_CARD', subtype: null };
    case 'loan':
      return LOAN_SUBTYPES[key] ?? { recordType: 'LOAN', subtype: null, securedType: null };
    case 'investment':
    case 'brokerage':
      return investment(PLAID_INVESTMENT_SUBTYPES[key] ?? other(null));
    default:
      return undefined;
  }
}
