import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountColumns,
  createColumnSampler,
  createRowMapper,
  normalizeHeader,
  normalizeUsZip,
  parseBirthDate,
  redtailContacts,
  repairDoubleUtf8,
  salesforcePersonAccounts,
  splitTags,
  wealthboxContacts,
} from '../index.js';
import {
  REDTAIL_COLUMNS,
  SALESFORCE_COLUMNS,
  WEALTHBOX_COLUMNS,
  WEALTHBOX_SENSITIVE,
} from '#test/support/crm-export-columns.js';

/** What a spreadsheet shows when it reads UTF-8 bytes as Windows-1252. */
function readTwice(text: string): string {
  const cp1252 = new Map([
    [0x80, '€'],
    [0x82, '‚'],
    [0x84, '„'],
    [0x85, '…'],
    [0x8a, 'Š'],
    [0x8c, 'Œ'],
    [0x91, '‘'],
    [0x92, '’'],
    [0x93, '“'],
    [0x94, '”'],
    [0x96, '–'],
    [0x97, '—'],
    [0x99, '™'],
    [0x9c, 'œ'],
    [0x9f, 'Ÿ'],
  ]);
  return [...Buffer.from(text, 'utf8')].map((byte) => cp1252.get(byte) ?? String.fromCharCode(byte)).join('');
}

const TODAY = new Date('2026-11-28T12:00:00Z');

describe('headers fold without regard to case, spaces or punctuation', () => {
  it('takes the API name, the label, snake case and ALL CAPS for one header', () => {
    const forms = ['PersonEmail', 'Person Email', 'person_email', 'PERSONEMAIL', 'person-email'];
    expect(new Set(forms.map(normalizeHeader))).toEqual(new Set(['personemail']));
    expect(normalizeHeader('FINSERV__CLIENTCATEGORY__C')).toBe(normalizeHeader('FinServ__ClientCategory__c'));
    expect(normalizeHeader('Prénom')).toBe('prenom');
  });
});

describe('repairDoubleUtf8', () => {
  it('repairs text that was UTF-8 read twice, and says so by returning it', () => {
    expect(repairDoubleUtf8('JosÃ©')).toBe('José');
    expect(repairDoubleUtf8('Ã‰milie CÃ´tÃ©')).toBe('Émilie Côté');
    expect(repairDoubleUtf8('Oâ€™Brien')).toBe('O’Brien');
    expect(repairDoubleUtf8(readTwice(readTwice('Françoise')))).toBe('Françoise');
  });

  it('leaves text alone that is right as it is', () => {
    for (const text of ['José', 'Émilie Côté', 'O’Brien', 'Zoë', 'plain ascii', '', 'Â', 'ÂÂ'])
      expect(repairDoubleUtf8(text), text).toBeNull();
  });

  it('undoes a double read of any text, and never touches text as written', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 20 });
    fc.assert(
      fc.property(text, (original) => {
        const garbled = readTwice(original);
        expect(repairDoubleUtf8(garbled) ?? garbled).toBe(original);
      }),
    );
    // Text with accents written as such is Latin-1 bytes that are not UTF-8: left alone.
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zéèêàçôûëï ]{0,12}$/), (written) => {
        expect(repairDoubleUtf8(written)).toBeNull();
      }),
    );
  });
});

describe('normalizeUsZip', () => {
  it('gives a ZIP back the leading zeros a spreadsheet dropped', () => {
    expect(normalizeUsZip('2108')).toBe('02108');
    expect(normalizeUsZip('501')).toBe('00501');
    expect(normalizeUsZip('02108')).toBe('02108');
    expect(normalizeUsZip('2108-1234')).toBe('02108-1234');
    expect(normalizeUsZip('021081234')).toBe('02108-1234');
    expect(normalizeUsZip(' 90210 ')).toBe('90210');
    expect(normalizeUsZip('B3J 1A1')).toBe('B3J 1A1');
  });

  it('always gives five digits (and the +4 if any) for any ZIP as a number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99999 }), (zip) => {
        const five = String(zip).padStart(5, '0');
        if (String(zip).length >= 3) expect(normalizeUsZip(String(zip))).toBe(five);
      }),
    );
  });
});

describe('parseBirthDate', () => {
  it('puts a two-digit year in the past', () => {
    expect(parseBirthDate('3/14/52', 'MDY', TODAY)).toEqual({ ok: true, value: '1952-03-14' });
    expect(parseBirthDate('1/2/24', 'MDY', TODAY)).toEqual({ ok: true, value: '2024-01-02' });
    expect(parseBirthDate('1/2/30', 'MDY', TODAY)).toEqual({ ok: true, value: '1930-01-02' });
    expect(parseBirthDate('12/31/26', 'MDY', TODAY)).toEqual({ ok: true, value: '1926-12-31' });
    expect(parseBirthDate('03/14/1952', 'MDY', TODAY)).toEqual({ ok: true, value: '1952-03-14' });
    expect(parseBirthDate('1961-04-30', 'MDY', TODAY)).toEqual({ ok: true, value: '1961-04-30' });
    expect(parseBirthDate('14/3/52', 'DMY', TODAY)).toEqual({ ok: true, value: '1952-03-14' });
    expect(parseBirthDate('not a date', 'MDY', TODAY).ok).toBe(false);
  });

  it('never lands a two-digit year in the future, nor more than a century back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 99 }),
        (month, day, year) => {
          const parsed = parseBirthDate(`${month}/${day}/${String(year).padStart(2, '0')}`, 'MDY', TODAY);
          if (!parsed.ok) throw new Error(parsed.message);
          expect(parsed.value <= '2026-11-28').toBe(true);
          expect(parsed.value > '1926-11-28').toBe(true);
          expect(parsed.value.slice(2, 4)).toBe(String(year).padStart(2, '0'));
        },
      ),
    );
  });
});

describe('splitTags', () => {
  it('splits on commas or semicolons, trimmed, without repeats', () => {
    expect(splitTags('VIP, Estate;Retirement ;; VIP')).toEqual(['VIP', 'Estate', 'Retirement']);
    expect(splitTags('')).toEqual([]);
  });
});

describe('every documented column is accounted for', () => {
  it('Wealthbox: every column mapped or kept, the sensitive ones refused', () => {
    const headers = [...WEALTHBOX_COLUMNS, ...WEALTHBOX_SENSITIVE];
    const { columns, unmappedHeaders } = createRowMapper(wealthboxContacts, headers);
    expect(unmappedHeaders).toEqual([]);
    expect(columns.map((column) => column.header)).toEqual(headers);
    expect(columns.filter((column) => column.outcome === 'REFUSED').map((column) => column.header)).toEqual(
      WEALTHBOX_SENSITIVE,
    );
    expect(columns.find((column) => column.header === 'marital_status')).toEqual({
      header: 'marital_status',
      outcome: 'KEPT',
      field: 'kept',
      keptAs: 'Marital status',
      customField: null,
      reason: null,
    });
  });

  it('Salesforce FSC: API casing and ALL CAPS alike', () => {
    const headers = SALESFORCE_COLUMNS;
    for (const spelled of [headers, headers.map((header) => header.toUpperCase())]) {
      const { columns } = createRowMapper(salesforcePersonAccounts, spelled);
      expect(columns.filter((column) => column.outcome === 'NOT_IMPORTED')).toEqual([]);
    }
  });

  it('Redtail: the API spelling, tax_id refused', () => {
    const headers = REDTAIL_COLUMNS;
    const { columns } = createRowMapper(redtailContacts, headers);
    expect(columns.filter((column) => column.outcome === 'NOT_IMPORTED')).toEqual([]);
    expect(columns.filter((column) => column.outcome === 'REFUSED').map((column) => column.header)).toEqual(['tax_id']);
  });

  it('refuses sensitive columns in any mapping, and never samples their values', () => {
    expect(accountColumns(null, ['SSN', 'Email'], [])).toEqual([
      expect.objectContaining({ header: 'SSN', outcome: 'REFUSED' }),
      expect.objectContaining({ header: 'Email', outcome: 'NOT_IMPORTED' }),
    ]);
    const sampler = createColumnSampler(['ssn', 'first_name']);
    sampler.add({ ssn: '123-45-6789', first_name: 'Jane' });
    expect(sampler.samples()).toEqual({ ssn: [], first_name: ['Jane'] });
  });
});

describe('a row as people write it', () => {
  it('repairs text, splits the street, pads the ZIP, keeps the rest on the note', () => {
    const mapper = createRowMapper(wealthboxContacts, [
      'id',
      'first_name',
      'last_name',
      'birth_date',
      'mailing_address_street',
      'mailing_address_city',
      'mailing_address_state',
      'mailing_address_zip_code',
      'tags',
      'marital_status',
      'ssn',
    ]);
    const mapped = mapper.mapRow({
      values: {
        id: '7',
        first_name: 'JosÃ©',
        last_name: 'Núñez',
        birth_date: '3/14/52',
        mailing_address_street: '12 Beacon St\nApt 3',
        mailing_address_city: 'Boston',
        mailing_address_state: 'MA',
        mailing_address_zip_code: '2108',
        tags: 'VIP; Estate, Retirement',
        marital_status: 'Married',
        ssn: '123-45-6789',
      },
    });
    if (mapped.status !== 'valid') throw new Error(JSON.stringify(mapped));
    expect(mapped.record).toMatchObject({
      firstName: 'José',
      lastName: 'Núñez',
      dateOfBirth: '1952-03-14',
      tags: ['VIP', 'Estate', 'Retirement'],
      note: 'Marital status: Married',
      addresses: [
        expect.objectContaining({ line1: '12 Beacon St', line2: 'Apt 3', postalCode: '02108', province: 'MA' }),
      ],
    });
    expect(JSON.stringify(mapped.record)).not.toContain('6789');
    expect(mapped.warnings).toEqual([
      expect.objectContaining({ column: 'first_name', value: 'JosÃ©', message: expect.stringContaining('repaired') }),
    ]);
  });
});
