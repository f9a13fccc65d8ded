import { BankAccountType, InvestmentAccountType } from '../../../financials/records/enums.js';
import { fail, foldValue, ImportMessage, ok, type TransformResult } from './result.js';

/** What an account type label becomes: an investment account of a type, or a bank account. */
export type ImportedAccountType =
  | { recordType: 'INVESTMENT_ACCOUNT'; accountType: InvestmentAccountType; note: string | null }
  | { recordType: 'BANK_ACCOUNT'; bankAccountType: BankAccountType; note: string | null };

/**
 * Labels of Canadian and US back-office exports (folded), English and French, to our types.
 * A label we map to a near type (a group or spousal plan, a restricted LIF) keeps a note saying so.
 */
const SYNONYMS: Readonly<Record<string, InvestmentAccountType | [InvestmentAccountType, string]>> = {
  rsp: 'RRSP',
  'individual rrsp': 'RRSP',
  reer: 'RRSP',
  'reer individuel': 'RRSP',
  'spousal rrsp': ['RRSP', 'Spousal RRSP'],
  'spousal rsp': ['RRSP', 'Spousal RRSP'],
  'reer de conjoint': ['RRSP', 'Spousal RRSP'],
  'reer conjoint': ['RRSP', 'Spousal RRSP'],
  'group rrsp': ['RRSP', 'Group RRSP'],
  'group rsp': ['RRSP', 'Group RRSP'],
  'reer collectif': ['RRSP', 'Group RRSP'],
  'group spousal rrsp': ['RRSP', 'Group Spousal RRSP'],
  rif: 'RRIF',
  ferr: 'RRIF',
  'spousal rrif': ['RRIF', 'Spousal RRIF'],
  'spousal rif': ['RRIF', 'Spousal RRIF'],
  'ferr de conjoint': ['RRIF', 'Spousal RRIF'],
  celi: 'TFSA',
  'tax free savings account': 'TFSA',
  reee: 'RESP',
  'family resp': 'RESP',
  'individual resp': 'RESP',
  'resp family': 'RESP',
  'resp individual': 'RESP',
  celiapp: 'FHSA',
  'first home savings account': 'FHSA',
  reei: 'RDSP',
  cri: 'LIRA',
  'locked in retirement account': 'LIRA',
  frv: 'LIF',
  'life income fund': 'LIF',
  rlif: ['LIF', 'RLIF (restricted life income fund)'],
  frri: 'LRIF',
  'frv restreint': ['LIF', 'RLIF (restricted life income fund)'],
  'reer immobilise': 'LRSP',
  'locked in rrsp': 'LRSP',
  rpdb: 'DPSP',
  'deferred profit sharing plan': 'DPSP',
  rver: 'VRSP',
  prpp: ['VRSP', 'PRPP'],
  'non registered': 'NRSP',
  'non reg': 'NRSP',
  nonreg: 'NRSP',
  nr: 'NRSP',
  open: 'NRSP',
  'non enregistre': 'NRSP',
  margin: 'NRSP',
  investment: 'NRSP',
  individual: 'NRSP',
  joint: 'NRSP',
  'joint non registered': 'NRSP',
  corporate: ['NRSP', 'Corporate account'],
  cash: 'CASH',
  comptant: 'CASH',
  crypto: 'CRYPTO',
  cryptocurrency: 'CRYPTO',
  '401k': 'ACCOUNT_401K',
  '401 k': 'ACCOUNT_401K',
  '403b': 'ACCOUNT_403B',
  '403 b': 'ACCOUNT_403B',
  '457b': 'ACCOUNT_457B',
  '457 b': 'ACCOUNT_457B',
  '529': 'ACCOUNT_529',
  '529 plan': 'ACCOUNT_529',
  'roth 401k': 'ROTH_401K',
  'roth 401 k': 'ROTH_401K',
  'roth 403b': 'ROTH_403B',
  'roth ira': 'ROTH_IRA',
  ira: 'TRADITIONAL_IRA',
  'traditional ira': 'TRADITIONAL_IRA',
  'rollover ira': 'TRADITIONAL_IRA',
  'sep ira': 'SEP_IRA',
  sep: 'SEP_IRA',
  'simple ira': 'SIMPLE_IRA',
  'coverdell esa': 'ESA',
  'defined contribution plan': 'DCPP',
  'defined contribution pension plan': 'DCPP',
  'variable benefit': ['RPP', 'Variable benefit'],
  'pension plan': 'RPP',
};

const BANK: Readonly<Record<string, BankAccountType>> = {
  chequing: 'CHECKING',
  checking: 'CHECKING',
  cheque: 'CHECKING',
  bank: 'CHECKING',
  'compte cheques': 'CHECKING',
  savings: 'SAVINGS',
  saving: 'SAVINGS',
  'high interest savings': 'SAVINGS',
  hisa: 'SAVINGS',
  epargne: 'SAVINGS',
  'compte epargne': 'SAVINGS',
};

const BY_CODE: ReadonlyMap<string, InvestmentAccountType> = new Map(
  InvestmentAccountType.map((type) => [foldValue(type.replace(/^ACCOUNT_/, '').replace(/_/g, ' ')), type]),
);

/** An account type label (`REER`, `Spousal RRSP`, `CELI`, `Non-Registered`, `Savings`) as our type. */
export function parseAccountType(text: string): TransformResult<ImportedAccountType> {
  const key = foldValue(text);
  const bank = BANK[key];
  if (bank) return ok({ recordType: 'BANK_ACCOUNT', bankAccountType: bank, note: null });
  const synonym = SYNONYMS[key];
  if (synonym) {
    const [accountType, note] = Array.isArray(synonym) ? synonym : [synonym, null];
    return ok({ recordType: 'INVESTMENT_ACCOUNT', accountType, note });
  }
  const direct = BY_CODE.get(key);
  return direct
    ? ok({ recordType: 'INVESTMENT_ACCOUNT', accountType: direct, note: null })
    : fail(ImportMessage.accountTypeInvalid);
}
