import { describe, expect, it } from 'vitest';
import { rankMatches, sameInstitution, trailingDigits, type MatchCandidate } from '../placements.js';

const cad = (value: string) => ({ value, currency: 'CAD' });

function candidate(recordId: string, fields: Partial<MatchCandidate> = {}): MatchCandidate {
  return {
    recordId,
    recordType: 'BANK_ACCOUNT',
    name: recordId,
    institution: null,
    lastDigits: null,
    balance: null,
    ...fields,
  };
}

const chequing = {
  recordType: 'BANK_ACCOUNT' as const,
  institution: 'Northern Maple Trust',
  mask: '7001',
  balance: cad('2450.8'),
};

describe('matching a bank account with the household’s manual accounts', () => {
  it('offers only the same kind, at the same institution or at none named', () => {
    const ranked = rankMatches(chequing, [
      candidate('card', { recordType: 'CREDIT_CARD' }),
      candidate('other-bank', { institution: 'Harbourfront Savings Bank' }),
      candidate('same-bank', { institution: 'northern maple trust' }),
      candidate('no-bank'),
    ]);
    expect(ranked.map((match) => match.recordId)).toEqual(['same-bank', 'no-bank']);
  });

  it('ranks equal last digits first, different ones last, then the closest balance', () => {
    const ranked = rankMatches(chequing, [
      candidate('other-digits', { lastDigits: '1234', balance: cad('2450.80') }),
      candidate('far', { balance: cad('9000') }),
      candidate('close', { balance: cad('2400') }),
      candidate('no-balance'),
      candidate('digits', { lastDigits: '7001', balance: cad('100') }),
    ]);
    expect(ranked.map((match) => match.recordId)).toEqual(['digits', 'close', 'far', 'no-balance', 'other-digits']);
    expect(ranked.map((match) => match.likely)).toEqual([true, false, false, false, false]);
  });

  it('preselects an equal balance when no digits tell, but not a merely close one or another currency', () => {
    expect(rankMatches(chequing, [candidate('equal', { balance: cad('2450.80000000') })])[0]!.likely).toBe(true);
    expect(rankMatches(chequing, [candidate('close', { balance: cad('2450.81') })])[0]!.likely).toBe(false);
    const usd = rankMatches(chequing, [candidate('usd', { balance: { value: '2450.8', currency: 'USD' } })]);
    expect(usd[0]!.likely).toBe(false);
  });

  it('compares institutions without case or punctuation, and reads the digits a name ends with', () => {
    expect(sameInstitution('TD Bank', 'td-bank')).toBe(true);
    expect(sameInstitution(null, null)).toBe(false);
    expect(trailingDigits('Chequing ••7001')).toBe('7001');
    expect(trailingDigits('Visa 4242 (old)')).toBe('4242');
    expect(trailingDigits('TFSA')).toBeNull();
  });
});
