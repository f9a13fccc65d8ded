import { describe, expect, it } from 'vitest';
import { AccountGroup, FinancialRecordType, InvestmentAccountType, OwnerKind } from '../../records/enums.js';
import { REGISTERED_ACCOUNT_TYPES } from '../../registered/account-rules.js';
import {
  ACCOUNT_CREATABILITY,
  ACCOUNT_TYPES_BY_TAX_STATUS,
  accountCreatability,
  accountGroupFor,
  accountTypeCountry,
  allowsJointOwnership,
  balanceSheetSide,
  CA_ACCOUNT_TYPES,
  canBeOwnedBy,
  debtTypeOf,
  defaultJurisdiction,
  DUAL_JURISDICTION_ACCOUNT_TYPES,
  investmentAccountTypeLabel,
  investmentAccountTypesFor,
  isAsset,
  isLiability,
  LIABILITY_RECORD_TYPES,
  ownerKindsFor,
  securedLoanPurpose,
  SNAPSHOT_GROUP_BY_ACCOUNT_GROUP,
  sortInvestmentAccountTypes,
  taxStatusOf,
  US_ACCOUNT_TYPES,
} from '../index.js';

describe('asset or liability (foundations §3, §8)', () => {
  it('makes credit cards, lines of credit, loans and mortgages liabilities, all else assets', () => {
    expect(LIABILITY_RECORD_TYPES).toEqual(['CREDIT_CARD', 'LINE_OF_CREDIT', 'LOAN', 'MORTGAGE']);
    const sides = Object.fromEntries(FinancialRecordType.map((type) => [type, balanceSheetSide(type)]));
    expect(sides).toEqual({
      BANK_ACCOUNT: 'ASSET',
      COMPANY_EQUITY: 'ASSET',
      CREDIT_CARD: 'LIABILITY',
      DEFINED_BENEFIT_PENSION: 'ASSET',
      INSURANCE_POLICY: 'ASSET',
      INVESTMENT_ACCOUNT: 'ASSET',
      LINE_OF_CREDIT: 'LIABILITY',
      LOAN: 'LIABILITY',
      MORTGAGE: 'LIABILITY',
      PRIVATE_INVESTMENT: 'ASSET',
      REAL_ASSET: 'ASSET',
      REAL_ESTATE_PROPERTY: 'ASSET',
    });
    expect(isLiability('MORTGAGE')).toBe(true);
    expect(isAsset('MORTGAGE')).toBe(false);
    expect(isAsset('REAL_ASSET')).toBe(true);
  });

  it('raises UNHANDLED_CASE_ERROR for an unhandled record type', () => {
    expect(() => balanceSheetSide('TIME_SHARE' as never)).toThrowError(
      expect.objectContaining({
        code: 'UNHANDLED_CASE_ERROR',
        message: 'Unhandled financial record type "TIME_SHARE"',
      }),
    );
  });
});

describe('owners (foundations §5)', () => {
  it('lets only a person own a defined-benefit pension, never jointly', () => {
    expect(ownerKindsFor('DEFINED_BENEFIT_PENSION')).toEqual(['Person']);
    expect(canBeOwnedBy('Corporation', 'DEFINED_BENEFIT_PENSION')).toBe(false);
    expect(allowsJointOwnership('DEFINED_BENEFIT_PENSION')).toBe(false);
  });

  it('always allows joint bank accounts, owned by any kind', () => {
    expect(allowsJointOwnership('BANK_ACCOUNT')).toBe(true);
    expect(ownerKindsFor('BANK_ACCOUNT')).toEqual([...OwnerKind]);
  });

  it('gives investment accounts owners by account type, a person by default', () => {
    expect(ownerKindsFor('INVESTMENT_ACCOUNT')).toEqual(['Person']);
    expect(ownerKindsFor('INVESTMENT_ACCOUNT', 'TFSA')).toEqual(['Person']);
    expect(ownerKindsFor('INVESTMENT_ACCOUNT', 'RRSP')).toEqual(['Person']);
    for (const type of ['CASH', 'CRYPTO', 'NRSP', 'OTHER'] as const) {
      expect(ownerKindsFor('INVESTMENT_ACCOUNT', type)).toEqual(['Person', 'Corporation', 'Trust', 'Foundation']);
    }
    expect(canBeOwnedBy('Trust', 'INVESTMENT_ACCOUNT', 'NRSP')).toBe(true);
    expect(canBeOwnedBy('Trust', 'INVESTMENT_ACCOUNT', 'RESP')).toBe(false);
  });

  it('lets every other record have all four owner kinds', () => {
    const others = FinancialRecordType.filter(
      (type) => !['DEFINED_BENEFIT_PENSION', 'INVESTMENT_ACCOUNT'].includes(type),
    );
    for (const type of others) {
      expect(ownerKindsFor(type), type).toEqual(['Person', 'Corporation', 'Trust', 'Foundation']);
      expect(allowsJointOwnership(type), type).toBe(true);
    }
  });

  it('never allows joint FHSA, 529, ESA, UGMA, UTMA and HSA accounts', () => {
    const neverJoint = InvestmentAccountType.filter((type) => !allowsJointOwnership('INVESTMENT_ACCOUNT', type));
    expect(neverJoint.sort()).toEqual(['ACCOUNT_529', 'ESA', 'FHSA', 'HSA', 'UGMA', 'UTMA']);
    expect(allowsJointOwnership('INVESTMENT_ACCOUNT')).toBe(false);
  });
});

describe('creatable attributes per account type (foundations §5)', () => {
  it('makes joint optional except for the never-joint types', () => {
    expect(accountCreatability('FHSA').joint).toBe('NEVER');
    expect(accountCreatability('HSA').joint).toBe('NEVER');
    expect(accountCreatability('TFSA').joint).toBe('OPTIONAL');
    expect(accountCreatability('ACCOUNT_401K').joint).toBe('OPTIONAL');
  });

  it('lets jurisdiction and tax status be chosen only for types of both countries', () => {
    expect(accountCreatability('CASH')).toEqual({ joint: 'OPTIONAL', jurisdiction: 'OPTIONAL', taxStatus: 'OPTIONAL' });
    expect(accountCreatability('RRSP')).toEqual({ joint: 'OPTIONAL', jurisdiction: 'NEVER', taxStatus: 'NEVER' });
    expect(accountCreatability('UTMA')).toEqual({ joint: 'NEVER', jurisdiction: 'NEVER', taxStatus: 'NEVER' });
    expect(Object.keys(ACCOUNT_CREATABILITY)).toEqual([...InvestmentAccountType]);
    const creatable = Object.values(ACCOUNT_CREATABILITY).flatMap((entry) => Object.values(entry));
    for (const value of creatable) expect(['OPTIONAL', 'NEVER']).toContain(value);
  });
});

describe('tax status (foundations §5)', () => {
  it('puts every account type in exactly one status', () => {
    const listed = Object.values(ACCOUNT_TYPES_BY_TAX_STATUS).flat();
    expect([...listed].sort()).toEqual([...InvestmentAccountType].sort());
  });

  it('follows the table', () => {
    const statuses = Object.fromEntries(InvestmentAccountType.map((type) => [type, taxStatusOf(type)]));
    expect(statuses).toMatchObject({
      CASH: 'TAXABLE',
      CRYPTO: 'TAXABLE',
      NRSP: 'TAXABLE',
      EPSP: 'TAXABLE',
      ESPP: 'TAXABLE',
      ESOP: 'TAXABLE',
      UGMA: 'TAXABLE',
      UTMA: 'TAXABLE',
      OTHER: 'TAXABLE',
      RRSP: 'TAX_DEFERRED',
      RESP: 'TAX_DEFERRED',
      LIF: 'TAX_DEFERRED',
      VRSP: 'TAX_DEFERRED',
      TRADITIONAL_IRA: 'TAX_DEFERRED',
      SEP_IRA: 'TAX_DEFERRED',
      SIMPLE_IRA: 'TAX_DEFERRED',
      ACCOUNT_401K: 'TAX_DEFERRED',
      ACCOUNT_403B: 'TAX_DEFERRED',
      ACCOUNT_457B: 'TAX_DEFERRED',
      TFSA: 'TAX_EXEMPT',
      ROTH_IRA: 'TAX_EXEMPT',
      ROTH_401K: 'TAX_EXEMPT',
      ROTH_403B: 'TAX_EXEMPT',
      ACCOUNT_529: 'TAX_EXEMPT',
      ESA: 'TAX_EXEMPT',
      FHSA: 'DEDUCTIBLE_FREE',
      HSA: 'DEDUCTIBLE_FREE',
    });
    expect(ACCOUNT_TYPES_BY_TAX_STATUS.TAX_DEFERRED).toHaveLength(22);
  });
});

describe('jurisdiction (foundations §5)', () => {
  it('splits the types into US, CA and both, each type once', () => {
    const all = [...US_ACCOUNT_TYPES, ...CA_ACCOUNT_TYPES, ...DUAL_JURISDICTION_ACCOUNT_TYPES];
    expect(all.sort()).toEqual([...InvestmentAccountType].sort());
  });

  it('is US for US types, CA for CA types, and CA by default for CASH, CRYPTO and OTHER', () => {
    expect(defaultJurisdiction('ROTH_IRA')).toBe('US');
    expect(defaultJurisdiction('ACCOUNT_529')).toBe('US');
    expect(defaultJurisdiction('TFSA')).toBe('CA');
    expect(defaultJurisdiction('LIRA')).toBe('CA');
    for (const type of ['CASH', 'CRYPTO', 'OTHER'] as const) {
      expect(defaultJurisdiction(type)).toBe('CA');
      expect(accountTypeCountry(type)).toBeUndefined();
    }
  });

  it('files every registered plan of registered/ under Canada', () => {
    for (const type of REGISTERED_ACCOUNT_TYPES) expect(accountTypeCountry(type)).toBe('CA');
  });
});

describe('secured debts (foundations §3)', () => {
  it('gives MORTGAGE for a loan and HELOC for a line of credit on real estate', () => {
    const house = { recordType: 'REAL_ESTATE_PROPERTY' } as const;
    const land = { recordType: 'REAL_ASSET', realAssetType: 'REAL_ESTATE' } as const;
    for (const asset of [house, land]) {
      expect(securedLoanPurpose('LOAN', asset)).toBe('MORTGAGE');
      expect(securedLoanPurpose('LINE_OF_CREDIT', asset)).toBe('HELOC');
      expect(securedLoanPurpose('CREDIT_CARD', asset)).toBe('OTHER');
    }
  });

  it('gives AUTO for a loan on a car or motorcycle', () => {
    for (const realAssetType of ['CAR', 'MOTORCYCLE'] as const) {
      expect(securedLoanPurpose('LOAN', { recordType: 'REAL_ASSET', realAssetType })).toBe('AUTO');
      expect(securedLoanPurpose('LINE_OF_CREDIT', { recordType: 'REAL_ASSET', realAssetType })).toBe('OTHER');
    }
  });

  it('gives OTHER for everything else', () => {
    expect(securedLoanPurpose('LOAN', { recordType: 'REAL_ASSET', realAssetType: 'BOAT' })).toBe('OTHER');
    expect(securedLoanPurpose('LOAN', { recordType: 'REAL_ASSET', realAssetType: 'OTHER_VEHICLE' })).toBe('OTHER');
    expect(securedLoanPurpose('LOAN', { recordType: 'INVESTMENT_ACCOUNT' })).toBe('OTHER');
    expect(securedLoanPurpose('LINE_OF_CREDIT', { recordType: 'BANK_ACCOUNT' })).toBe('OTHER');
  });

  it('names the debt type of each liability', () => {
    expect(debtTypeOf('CREDIT_CARD', false)).toBe('CREDIT_CARD');
    expect(debtTypeOf('LINE_OF_CREDIT', true)).toBe('LOC');
    expect(debtTypeOf('MORTGAGE', true)).toBe('SECURED_LOAN');
    expect(debtTypeOf('LOAN', true)).toBe('SECURED_LOAN');
    expect(debtTypeOf('LOAN', false)).toBe('UNSECURED_LOAN');
  });
});

describe('account groups', () => {
  it('groups every record type', () => {
    const groups = Object.fromEntries(FinancialRecordType.map((type) => [type, accountGroupFor(type)]));
    expect(groups).toEqual({
      BANK_ACCOUNT: 'BANKING',
      COMPANY_EQUITY: 'PRIVATE_INVESTMENT',
      CREDIT_CARD: 'CREDIT_CARDS',
      DEFINED_BENEFIT_PENSION: 'INVESTMENT',
      INSURANCE_POLICY: 'INVESTMENT',
      INVESTMENT_ACCOUNT: 'INVESTMENT',
      LINE_OF_CREDIT: 'LINES_OF_CREDIT',
      LOAN: 'LOANS',
      MORTGAGE: 'MORTGAGES',
      PRIVATE_INVESTMENT: 'PRIVATE_INVESTMENT',
      REAL_ASSET: 'REAL_ASSETS',
      REAL_ESTATE_PROPERTY: 'REAL_ASSETS',
    });
    expect(new Set(Object.values(groups))).toEqual(new Set(AccountGroup));
  });

  it('puts a real asset of cash under banking', () => {
    expect(accountGroupFor('REAL_ASSET', 'CASH')).toBe('BANKING');
    expect(accountGroupFor('REAL_ASSET', 'JEWELRY')).toBe('REAL_ASSETS');
  });

  it('raises UNHANDLED_CASE_ERROR for an unhandled record type', () => {
    expect(() => accountGroupFor('YACHT_CLUB' as never)).toThrowError(
      expect.objectContaining({
        code: 'UNHANDLED_CASE_ERROR',
        message: 'Unhandled financial record type "YACHT_CLUB"',
      }),
    );
  });

  it('maps account groups to the snapshot groups, liabilities to total debt', () => {
    expect(Object.keys(SNAPSHOT_GROUP_BY_ACCOUNT_GROUP).sort()).toEqual([...AccountGroup].sort());
    for (const type of LIABILITY_RECORD_TYPES) {
      expect(SNAPSHOT_GROUP_BY_ACCOUNT_GROUP[accountGroupFor(type)]).toBe('TOTAL_DEBT');
    }
    expect(SNAPSHOT_GROUP_BY_ACCOUNT_GROUP.REAL_ASSETS).toBe('PROPERTY_AND_REAL_ASSETS');
    expect(SNAPSHOT_GROUP_BY_ACCOUNT_GROUP.INVESTMENT).toBe('SAVINGS_AND_INVESTMENTS');
  });
});

describe('account ordering and labels (foundations §9)', () => {
  it('puts CASH, TFSA, RRSP first with CA only, then the rest by label, OTHER last', () => {
    const ordered = investmentAccountTypesFor(['CA']);
    expect(ordered.slice(0, 3)).toEqual(['CASH', 'TFSA', 'RRSP']);
    expect(ordered.at(-1)).toBe('OTHER');
    expect(ordered).not.toContain('ROTH_IRA');
    expect(ordered).toContain('CRYPTO');
    const rest = ordered.slice(3, -1).map((type) => investmentAccountTypeLabel(type).replace('🇨🇦 ', ''));
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
    expect(ordered.slice(3, 7)).toEqual(['CRYPTO', 'DCPP', 'DPSP', 'EPSP']);
  });

  it('puts CASH, 401k, Traditional IRA, Roth IRA first with US only', () => {
    const ordered = investmentAccountTypesFor(['US']);
    expect(ordered.slice(0, 4)).toEqual(['CASH', 'ACCOUNT_401K', 'TRADITIONAL_IRA', 'ROTH_IRA']);
    expect(ordered.slice(4, 8)).toEqual(['ACCOUNT_403B', 'ACCOUNT_457B', 'ACCOUNT_529', 'ESA']);
    expect(ordered.at(-1)).toBe('OTHER');
    expect(ordered).not.toContain('TFSA');
  });

  it('with both countries, leads with cash, the Canadian leaders, then the US leaders', () => {
    const ordered = investmentAccountTypesFor(['CA', 'US']);
    expect(ordered).toHaveLength(InvestmentAccountType.length);
    expect(ordered.slice(0, 6)).toEqual(['CASH', 'TFSA', 'RRSP', 'ACCOUNT_401K', 'TRADITIONAL_IRA', 'ROTH_IRA']);
    expect(ordered.at(-1)).toBe('OTHER');
  });

  it('orders only the types given, each once', () => {
    expect(sortInvestmentAccountTypes(['OTHER', 'RRIF', 'TFSA', 'LIRA', 'TFSA'], ['CA'])).toEqual([
      'TFSA',
      'LIRA',
      'RRIF',
      'OTHER',
    ]);
  });

  it('labels each type with the flag of its country in front', () => {
    expect(investmentAccountTypeLabel('TFSA')).toBe('🇨🇦 TFSA');
    expect(investmentAccountTypeLabel('ROTH_IRA')).toBe('🇺🇸 Roth IRA');
    expect(investmentAccountTypeLabel('ACCOUNT_401K')).toBe('🇺🇸 401(k)');
    expect(investmentAccountTypeLabel('CASH')).toBe('Cash');
  });
});
