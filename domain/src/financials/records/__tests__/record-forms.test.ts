import { describe, expect, it } from 'vitest';
import { ENUMERATIONS } from '../../../catalogue.js';
import { FinancialRecordType } from '../enums.js';
import { ownerChoices, ownershipRuleText, recordFormFields, type OwnerCandidate } from '../record-forms.js';
import { RECORD_FIELDS } from '../record-types.js';

const amelie: OwnerCandidate = { id: 'person-A', kind: 'Person', name: 'Amélie' };
const louis: OwnerCandidate = { id: 'person-L', kind: 'Person', name: 'Louis' };
const holdings: OwnerCandidate = { id: 'corporation-H', kind: 'Corporation', name: 'Holdings Inc.' };

describe('record forms', () => {
  it('shows every declared field of every type, each enumeration field naming a catalogue enumeration that holds its values', () => {
    for (const type of FinancialRecordType) {
      const names = recordFormFields(type, { accountType: 'CASH' }).map(([name]) => name);
      expect(names).toEqual(Object.keys(RECORD_FIELDS[type]));
      for (const [, spec] of recordFormFields(type, { accountType: 'CASH' })) {
        if (spec.kind !== 'enum') continue;
        const known = ENUMERATIONS[spec.enumeration].values.map(String);
        expect(spec.values.every((value) => known.includes(value))).toBe(true);
      }
    }
  });

  it('leaves out tax status and jurisdiction where the account type fixes them', () => {
    const tfsa = recordFormFields('INVESTMENT_ACCOUNT', { accountType: 'TFSA' }).map(([name]) => name);
    expect(tfsa).toEqual(['accountType', 'marketValue', 'costBasis']);
    const none = recordFormFields('INVESTMENT_ACCOUNT').map(([name]) => name);
    expect(none).toEqual(['accountType', 'marketValue', 'costBasis']);
  });

  it('says who may own a record, and whether jointly', () => {
    expect(ownershipRuleText('INVESTMENT_ACCOUNT', 'FHSA')).toBe(
      'This FHSA account can be owned by a person, never jointly.',
    );
    expect(ownershipRuleText('BANK_ACCOUNT')).toBe(
      'This bank account can be owned by a person, corporation, trust or foundation, alone or jointly.',
    );
    expect(ownershipRuleText('DEFINED_BENEFIT_PENSION')).toBe(
      'This defined-benefit pension can be owned by a person, never jointly.',
    );
  });

  it('offers the parties that may be added as owners, or says why none may', () => {
    expect(ownerChoices({ type: 'BANK_ACCOUNT', ownerIds: [amelie.id], parties: [amelie, louis, holdings] })).toEqual({
      candidates: [louis, holdings],
    });
    expect(ownerChoices({ type: 'BANK_ACCOUNT', ownerIds: [amelie.id], parties: [amelie] }).blocker).toBe(
      'This household has one member, who already owns it. Add a second member to the household first; they can then be added here.',
    );
    expect(ownerChoices({ type: 'BANK_ACCOUNT', ownerIds: [], parties: [] }).blocker).toMatch(/no members yet/);
    expect(
      ownerChoices({ type: 'INVESTMENT_ACCOUNT', accountType: 'FHSA', ownerIds: [amelie.id], parties: [amelie, louis] })
        .blocker,
    ).toBe(
      'This FHSA account cannot be owned jointly and already has its owner. To change the owner, remove the current one first.',
    );
    expect(
      ownerChoices({
        type: 'INVESTMENT_ACCOUNT',
        accountType: 'RRSP',
        ownerIds: [amelie.id, louis.id],
        parties: [amelie, louis, holdings],
      }).blocker,
    ).toBe('This RRSP account can only be owned by a person, and every person of the household already owns it.');
    expect(
      ownerChoices({
        type: 'REAL_ASSET',
        ownerIds: [amelie.id, louis.id, holdings.id],
        parties: [amelie, louis, holdings],
      }).blocker,
    ).toBe('Every member and entity of the household already owns it.');
  });
});
