import { describe, expect, it } from 'vitest';
import { recordKindLabel, recordKindsNamed } from '../record-kinds.js';

describe('recordKindsNamed', () => {
  it('names the kinds whose label holds the term, punctuation and case aside', () => {
    expect(recordKindsNamed('RRSP').investmentAccountTypes).toEqual(['RRSP']);
    expect(recordKindsNamed('401k').investmentAccountTypes).toEqual(['ACCOUNT_401K', 'ROTH_401K']);
    expect(recordKindsNamed('mortgage').recordTypes).toEqual(['MORTGAGE']);
    expect(recordKindsNamed('chequing').bankAccountTypes).toEqual(['CHECKING']);
    expect(recordKindsNamed('boat').realAssetTypes).toEqual(['BOAT']);
  });

  it('names nothing for a single letter or a term no label holds', () => {
    const none = { recordTypes: [], investmentAccountTypes: [], bankAccountTypes: [], realAssetTypes: [] };
    expect(recordKindsNamed('r')).toEqual(none);
    expect(recordKindsNamed('northern')).toEqual(none);
  });
});

describe('recordKindLabel', () => {
  it('says the plan, the bank account type, the asset type, else the record type', () => {
    const kind = { investmentAccountType: null, bankAccountType: null, realAssetType: null };
    expect(recordKindLabel({ ...kind, type: 'INVESTMENT_ACCOUNT', investmentAccountType: 'ACCOUNT_401K' })).toBe(
      '401(k)',
    );
    expect(recordKindLabel({ ...kind, type: 'BANK_ACCOUNT', bankAccountType: 'CHECKING' })).toBe('Chequing account');
    expect(recordKindLabel({ ...kind, type: 'REAL_ASSET', realAssetType: 'CAR' })).toBe('Car');
    expect(recordKindLabel({ ...kind, type: 'MORTGAGE' })).toBe('Mortgage');
  });
});
