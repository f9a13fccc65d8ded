import { describe, expect, it } from 'vitest';
import { ENUMERATIONS, type EnumerationEntry, enumerationOptions, enumLabel, FORMS } from '../catalogue.js';
import { codeToWords, KEEP_CASE_WORDS } from '../shared/format/words.js';
import { QueueName, queueLabel } from '../platform/jobs/job-definitions.js';

const entries = Object.entries(ENUMERATIONS) as [string, EnumerationEntry][];

/** Stored spellings that are the value's proper label as they stand. */
const SELF_LABELLED = new Set(['Currency']);

/** Why a label is not a proper label for its value, or undefined when it is. */
function labelProblem(enumeration: string, value: string, label: string | undefined): string | undefined {
  if (label === undefined || label.trim() === '') return 'no label';
  if (label.includes('_')) return `"${label}" shows the stored spelling`;
  if (label !== label.trim()) return `"${label}" has stray spaces`;
  if (!SELF_LABELLED.has(enumeration) && label === value && value === value.toUpperCase()) {
    if (!KEEP_CASE_WORDS.includes(value)) return `"${label}" is the stored value`;
  }
  if (/^[a-z]/.test(label) && !KEEP_CASE_WORDS.includes(label.split(' ')[0] ?? ''))
    return `"${label}" starts lower case`;
  for (const word of label.split(/[\s/(),.:-]+/)) {
    const kept = KEEP_CASE_WORDS.find((keep) => keep.toLowerCase() === word.toLowerCase());
    if (kept !== undefined && word !== kept) return `"${label}" spells ${kept} as ${word}`;
  }
  // A two-letter code title-cased ('Ca', 'On') is not a label; longer ones fail the list above.
  if (/^[A-Z][a-z]$/.test(label)) return `"${label}" looks like a title-cased code`;
  return undefined;
}

describe('every enumeration value has a proper label', () => {
  it('labels each value of each enumeration', () => {
    const problems: string[] = [];
    for (const [name, entry] of entries) {
      for (const value of entry.values) {
        const problem = labelProblem(name, String(value), entry.labels[String(value)]);
        if (problem !== undefined) problems.push(`${name}.${value}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives two values of one enumeration two labels (a select can tell them apart)', () => {
    // Plaid's detailed categories are read beside their primary ('Transfer in' / 'Account transfer').
    const shownWithTheirGroup = new Set(['PlaidDetailedCategory']);
    for (const [name, entry] of entries) {
      if (shownWithTheirGroup.has(name)) continue;
      const labels = entry.values.map((value) => entry.labels[String(value)]);
      expect(new Set(labels).size, name).toBe(labels.length);
    }
  });

  it("reads the issue's examples right", () => {
    expect(enumLabel('LeadSource', 'SEO')).toBe('SEO');
    expect(enumLabel('LeadSource', 'YOUTUBE')).toBe('YouTube');
    expect(enumLabel('LeadSource', 'LINKED_IN')).toBe('LinkedIn');
    expect(enumLabel('InvestmentAccountType', 'TFSA')).toBe('TFSA');
    expect(enumLabel('InvestmentAccountType', 'RRSP')).toBe('RRSP');
    expect(enumLabel('CountryCode', 'CA')).toBe('Canada');
    expect(enumLabel('PaymentFrequency', 'BI_WEEKLY')).toBe('Bi-weekly');
    expect(enumLabel('ExternalSourceSystem', 'APPROACH_ADVISORY')).toBe('Approach Advisory');
    expect(enumLabel('ContactType', 'CLIENT')).toBe('Client');
    expect(enumLabel('CanadianProvinceCode', 'ON')).toBe('Ontario');
    expect(enumLabel('TaxProvince', 'PEI')).toBe('Prince Edward Island');
    expect(enumLabel('PensionSubtype', 'CPP')).toBe('CPP');
    expect(enumLabel('PlaidDetailedCategory', 'BANK_FEES_ATM_FEES')).toBe('ATM fees');
    expect(enumLabel('PlaidPrimaryCategory', 'GOVERNMENT_AND_NON_PROFIT')).toBe('Government and non-profit');
    expect(enumLabel('UserRole', 'PM')).toContain('PM');
  });

  it('reads a value no enumeration lists as words, keeping acronyms, and a missing value as a dash', () => {
    expect(enumLabel('LeadSource', 'PODCAST_SEO')).toBe('Podcast SEO');
    expect(enumLabel('ContactType', null)).toBe('—');
    expect(codeToWords('RRSP_DEADLINE')).toBe('RRSP deadline');
    expect(codeToWords('TV_AND_MOVIES')).toBe('TV and movies');
  });

  it('offers options with the same labels, and form definitions use them', () => {
    expect(enumerationOptions('LeadSource')).toContainEqual({ value: 'SEO', label: 'SEO' });
    const leadSource = FORMS.createLead?.fields.find((field) => field.name === 'source');
    const options = leadSource?.options?.type === 'static' ? leadSource.options.options : [];
    expect(options).toEqual(enumerationOptions('LeadSource'));
    for (const form of Object.values(FORMS)) {
      for (const field of form.fields) {
        if (field.options?.type !== 'static') continue;
        for (const option of field.options.options) {
          expect(labelProblem(form.id, option.value, option.label), `${form.id}.${field.name}`).toBeUndefined();
        }
      }
    }
  });
});

describe('job queues are named by what they carry', () => {
  it('labels every queue with words of its own, never its key', () => {
    const labels = Object.values(QueueName).map(queueLabel);
    expect(labels).toEqual([
      'E-mails and text messages',
      'Syncs and imports',
      'Logo images',
      'Task reminders, workflow rules and e-mail threads',
      'Billing with Stripe',
    ]);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('reads a queue no list knows as its name, capitalised', () => {
    expect(queueLabel('reports')).toBe('Reports');
  });
});
