import { describe, expect, it } from 'vitest';
import {
  normalizeCountry,
  normalizePostalCode,
  normalizeRegion,
  parseAccountType,
  parseAmount,
  parseBoolean,
  parseCurrency,
  parseEmail,
  parseImportDate,
  parseImportDateTime,
  parsePhone,
  splitFullName,
} from '../index.js';

function value<T>(result: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!result.ok) throw new Error(`expected a value, got "${result.message}"`);
  return result.value;
}

function message(result: { ok: boolean; message?: string }): string | undefined {
  expect(result.ok).toBe(false);
  return result.message;
}

describe('dates', () => {
  it.each([
    ['2024-05-02', '2024-05-02'],
    ['2024-05-02 07:43:21', '2024-05-02'],
    ['2024-05-02T15:04:05Z', '2024-05-02'],
    ['2024/05/02', '2024-05-02'],
    ['05/02/2024', '2024-05-02'], // month first by default
    ['5/2/24', '2024-05-02'],
    ['25/12/2024', '2024-12-25'], // day first: the only reading possible
    ['1/31/2024 0:00:00', '2024-01-31'], // Access
    ['May 2, 2024 3:04 PM', '2024-05-02'],
    ['Thursday, May 2, 2024', '2024-05-02'],
    ['2 mai 2024', '2024-05-02'],
    ['1er janvier 2024', '2024-01-01'],
    ['02-May-2024', '2024-05-02'],
    ['45414', '2024-05-02'], // Excel serial
    ['1', '1900-01-01'],
    ['61', '1900-03-01'], // after Excel's phantom 29 Feb 1900
  ])('%s -> %s', (text, expected) => {
    expect(value(parseImportDate(text))).toBe(expected);
  });

  it('reads day first when the profile declares it', () => {
    expect(value(parseImportDate('05/02/2024', 'DMY'))).toBe('2024-02-05');
    expect(value(parseImportDate('05/13/2024', 'DMY'))).toBe('2024-05-13');
  });

  it('keeps the time of a date-time, without zone', () => {
    expect(value(parseImportDateTime('May 2, 2024 3:04 PM'))).toEqual({ date: '2024-05-02', time: '15:04:00' });
    expect(value(parseImportDateTime('2026-07-09 07:43:21'))).toEqual({ date: '2026-07-09', time: '07:43:21' });
    expect(value(parseImportDateTime('45414.5'))).toEqual({ date: '2024-05-02', time: '12:00:00' });
  });

  it.each(['2024-02-30', '13/13/2024', 'tomorrow', 'May 32, 2024', '2024-05-02 25:00', ''])('refuses %s', (text) => {
    expect(message(parseImportDate(text))).toBe('Please enter a valid date');
  });
});

describe('phones', () => {
  it.each([
    ['(614) 555-0100', { countryCode: '1', number: '6145550100' }],
    ['614-555-0200', { countryCode: '1', number: '6145550200' }],
    ['+1 416 555 0101', { countryCode: '1', number: '4165550101' }],
    ['+1-555-0123', { countryCode: '1', number: '5550123' }],
    ['1-416-555-0102', { countryCode: '1', number: '4165550102' }],
    ['4165550103.0', { countryCode: '1', number: '4165550103' }], // Excel float
    ['416.555.0104 x123', { countryCode: '1', number: '4165550104' }],
    ['416 555-0105 poste 22', { countryCode: '1', number: '4165550105' }],
    ['+44 20 7946 0958', { countryCode: '44', number: '2079460958' }],
    ['011 33 1 55 55 01 23', { countryCode: '33', number: '155550123' }],
  ])('%s', (text, expected) => {
    expect(value(parsePhone(text))).toEqual(expected);
  });

  it('uses the spec messages for what cannot be a phone', () => {
    expect(message(parsePhone('n/a'))).toBe('Phone number must be only digits');
    expect(message(parsePhone('123'))).toBe('Phone number must be 4 to 12 digits');
    expect(message(parsePhone('12345678901234'))).toBe('Phone number must be 4 to 12 digits');
  });
});

describe('provinces, states and countries', () => {
  it.each([
    ['QC', 'QC', 'CA'],
    ['Québec', 'QC', 'CA'],
    ['quebec', 'QC', 'CA'],
    ['PQ', 'QC', 'CA'],
    ['Colombie-Britannique', 'BC', 'CA'],
    ['Nouvelle-Écosse', 'NS', 'CA'],
    ['Terre-Neuve-et-Labrador', 'NL', 'CA'],
    ['NFLD', 'NL', 'CA'],
    ['Île-du-Prince-Édouard', 'PE', 'CA'],
    ['PEI', 'PE', 'CA'],
    ['Territoires du Nord-Ouest', 'NT', 'CA'],
    ['ontario', 'ON', 'CA'],
    ['New York', 'NY', 'US'],
    ['wa', 'WA', 'US'],
  ])('%s -> %s', (text, code, country) => {
    expect(normalizeRegion(text)).toEqual({ code, country });
  });

  it('keeps an unknown region as written', () => {
    expect(normalizeRegion(' Bavaria ')).toEqual({ code: 'Bavaria', country: null });
  });

  it.each([
    ['CAN', 'Canada'],
    ['canada', 'Canada'],
    ['USA', 'United States'],
    ['U.S.A.', 'United States'],
    ['États-Unis', 'United States'],
    ['France', 'France'],
  ])('country %s -> %s', (text, name) => {
    expect(normalizeCountry(text).name).toBe(name);
  });

  it('formats Canadian postal codes', () => {
    expect(normalizePostalCode('h2x1y4')).toBe('H2X 1Y4');
    expect(normalizePostalCode('90210')).toBe('90210');
  });
});

describe('account types', () => {
  it.each([
    ['RRSP', 'RRSP', null],
    ['REER', 'RRSP', null],
    ['Spousal RRSP', 'RRSP', 'Spousal RRSP'],
    ['REER de conjoint', 'RRSP', 'Spousal RRSP'],
    ['Group RRSP', 'RRSP', 'Group RRSP'],
    ['CELI', 'TFSA', null],
    ['TFSA', 'TFSA', null],
    ['FERR', 'RRIF', null],
    ['RIF', 'RRIF', null],
    ['REEE', 'RESP', null],
    ['Family RESP', 'RESP', null],
    ['CELIAPP', 'FHSA', null],
    ['REEI', 'RDSP', null],
    ['CRI', 'LIRA', null],
    ['FRV', 'LIF', null],
    ['RLIF', 'LIF', 'RLIF (restricted life income fund)'],
    ['LRIF', 'LRIF', null],
    ['PRIF', 'PRIF', null],
    ['Non-Registered', 'NRSP', null],
    ['non enregistré', 'NRSP', null],
    ['Margin', 'NRSP', null],
    ['Cash', 'CASH', null],
    ['Roth IRA', 'ROTH_IRA', null],
    ['401(k)', 'ACCOUNT_401K', null],
    ['DPSP', 'DPSP', null],
  ])('%s -> %s', (text, accountType, note) => {
    expect(value(parseAccountType(text))).toEqual({ recordType: 'INVESTMENT_ACCOUNT', accountType, note });
  });

  it('turns bank labels into bank accounts', () => {
    expect(value(parseAccountType('Savings'))).toEqual({
      recordType: 'BANK_ACCOUNT',
      bankAccountType: 'SAVINGS',
      note: null,
    });
    expect(value(parseAccountType('Chequing'))).toEqual({
      recordType: 'BANK_ACCOUNT',
      bankAccountType: 'CHECKING',
      note: null,
    });
  });

  it('refuses an unknown type', () => {
    expect(message(parseAccountType('Magic plan'))).toBe('Please select a valid account type');
  });
});

describe('amounts', () => {
  it.each([
    ['1234.56', '1234.56', null],
    ['$1,234.56', '1234.56', null],
    ['1 234,56 $', '1234.56', null],
    ['1\u00a0234,56\u00a0$', '1234.56', null],
    ['(12.00)', '-12', null],
    ['12.50-', '-12.5', null],
    ['-0.00', '0', null],
    ['USD 12', '12', 'USD'],
    ['12 CAD', '12', 'CAD'],
    ['US$1,000', '1000', 'USD'],
    ['C$ 99.99', '99.99', 'CAD'],
    ['5,50 €', '5.5', 'EUR'],
    ['1.234.567,89', '1234567.89', null],
    ['0.1', '0.1', null],
    ['12345678901234567.12345678', '12345678901234567.12345678', null],
  ])('%s -> %s %s', (text, amount, currency) => {
    expect(value(parseAmount(text))).toEqual({ amount, currency });
  });

  it('reads a comma as the decimal point when the profile says so', () => {
    expect(value(parseAmount('1234,5', { decimalComma: true }))).toEqual({ amount: '1234.5', currency: null });
    expect(value(parseAmount('1234,5'))).toEqual({ amount: '12345', currency: null });
  });

  it('refuses what is not an amount', () => {
    expect(message(parseAmount('twelve'))).toBe('Please enter a valid amount');
    expect(message(parseAmount('12 XYZ'))).toBe('Please enter a valid currency');
  });

  it('reads currency columns', () => {
    expect(value(parseCurrency('usd'))).toBe('USD');
    expect(value(parseCurrency('CA$'))).toBe('CAD');
    expect(message(parseCurrency('dollars'))).toBe('Please enter a valid currency');
  });
});

describe('booleans, e-mails and names', () => {
  it.each([
    ['Yes', true],
    ['v', true],
    ['1', true],
    ['oui', true],
    ['No', false],
    ['0', false],
    ['non', false],
  ])('%s -> %s', (text, expected) => {
    expect(value(parseBoolean(text))).toBe(expected);
  });

  it('refuses other booleans', () => {
    expect(message(parseBoolean('maybe'))).toBe('Please enter yes or no');
  });

  it('lower-cases and checks e-mails with the domain rule', () => {
    expect(value(parseEmail(' Anne.Leroux@Example.COM '))).toBe('anne.leroux@example.com');
    expect(value(parseEmail('mailto:a@example.com'))).toBe('a@example.com');
    expect(message(parseEmail('anne@example'))).toBe('Please enter a valid email address');
  });

  it('splits full names', () => {
    expect(splitFullName('Tremblay, Hélène')).toEqual({ firstName: 'Hélène', lastName: 'Tremblay' });
    expect(splitFullName('Marie-Ève  Gagnon')).toEqual({ firstName: 'Marie-Ève', lastName: 'Gagnon' });
    expect(splitFullName('Cher')).toEqual({ firstName: null, lastName: 'Cher' });
  });
});
