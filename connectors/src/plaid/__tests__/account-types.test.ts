import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyPlaidAccount, PLAID_ACCOUNT_SUBTYPES, PLAID_ACCOUNT_TYPES } from '../account-types.js';
import { plaidSpecPath } from '../testing/prism.js';
import { EXPECTED_ACCOUNT_MAPPINGS } from './account-mappings.js';

/** The values of a string enum component schema, read from the YAML text of Plaid's description. */
function specEnum(schema: string): string[] {
  const lines = readFileSync(plaidSpecPath(), 'utf8').split('\n');
  const start = lines.indexOf(`    ${schema}:`);
  expect(start, `${schema} in Plaid's description`).toBeGreaterThan(0);
  const values: string[] = [];
  let inEnum = false;
  for (const line of lines.slice(start + 1)) {
    if (/^ {4}\S/.test(line)) break; // the next component schema
    if (/^ {6}enum:/.test(line)) inEnum = true;
    else if (inEnum && /^ {6}- /.test(line)) values.push(line.slice(8).replace(/^"(.*)"$/, '$1'));
    else if (inEnum) inEnum = false;
  }
  return values;
}

describe("Plaid's account types and subtypes", () => {
  it('lists exactly the enumerations of the OpenAPI description', () => {
    expect(PLAID_ACCOUNT_SUBTYPES).toEqual(specEnum('AccountSubtype'));
    expect(PLAID_ACCOUNT_TYPES).toEqual(specEnum('AccountType'));
  });
});

describe('classifyPlaidAccount', () => {
  it.each(EXPECTED_ACCOUNT_MAPPINGS)('%s / %s', (type, subtype, expected) => {
    expect(classifyPlaidAccount(type, subtype)).toEqual(expected);
  });

  it('covers every subtype Plaid lists', () => {
    const covered = new Set(EXPECTED_ACCOUNT_MAPPINGS.map(([, subtype]) => subtype));
    expect(PLAID_ACCOUNT_SUBTYPES.filter((subtype) => !covered.has(subtype))).toEqual([]);
  });
});
