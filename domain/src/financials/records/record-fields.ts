import { z } from 'zod';
import { isStorableIsoDate } from '../../shared/input/common.js';
import { textRule } from '../../shared/input/text.js';
import { makeMoneyValueSchema } from '../../shared/money/money.schema.js';
import { FinancialInputMessage, idOf, moneyJsonSchema } from '../shared-schemas.js';
import type { EnumerationName } from '../../catalogue.js';

/**
 * The fields of a financial record's type table, declared once: each declaration gives the
 * request schema (create and edit), the response schema, and (in the API) the column mapping. A
 * money field `x` is stored in the columns `x` and `xCurrency`.
 */
export type FieldSpec =
  | { kind: 'money'; label: string; nonNegative?: boolean }
  | { kind: 'decimal'; label: string; min?: number; minExclusive?: boolean; max?: number; defaulted?: boolean }
  | { kind: 'integer'; label: string; min?: number }
  | { kind: 'date'; label: string; required?: boolean }
  | { kind: 'text'; label: string; required?: boolean }
  | { kind: 'boolean'; label: string }
  | {
      kind: 'enum';
      label: string;
      values: readonly [string, ...string[]];
      /** The catalogue's name of the enumeration, whose labels a form and a page show. */
      enumeration: EnumerationName;
      required?: boolean;
    }
  | { kind: 'reference'; label: string; prefixes: readonly string[] };

export type FieldSpecs = Readonly<Record<string, FieldSpec>>;

/** Field messages; ours, in the style of the spec's ('City is required'). */
export const FieldMessage = {
  required: (label: string) => `${label} is required`,
  notNumber: (label: string) => `${label} must be a number`,
  notWholeNumber: (label: string) => `${label} must be a whole number`,
  atLeast: (label: string, min: number) => `${label} must be at least ${min}`,
  greaterThan: (label: string, min: number) => `${label} must be greater than ${min}`,
  atMost: (label: string, max: number) => `${label} must be at most ${max}`,
  notNegative: (label: string) => `${label} must not be negative`,
  tooLarge: (label: string) => `${label} must be less than 1,000,000,000,000`,
  notMoney: (label: string) => `${label} must be an amount: { value, currency }`,
  notText: (label: string) => `${label} must be text`,
  textTooLong: (label: string) => `${label} must be at most ${RECORD_TEXT_MAX_LENGTH} characters`,
  notBoolean: (label: string) => `${label} must be true or false`,
  notValid: (label: string) => `${label} is not valid`,
  notAnId: (label: string) => `${label} is not a valid id`,
} as const;

/** The largest whole number an integer column holds. */
const INTEGER_FIELD_MAX = 2_147_483_647;
/** A decimal without a maximum of its own stays below 10^12, as amounts do (numeric(24, 8) and wider). */
const DECIMAL_FIELD_LIMIT = 1e12;

/** Text fields are short labels and names. */
export const RECORD_TEXT_MAX_LENGTH = 200;

const missing = (input: unknown) => input === undefined || input === null;

function numberSchema(label: string) {
  return z.number({
    error: (issue) => (missing(issue.input) ? FieldMessage.required(label) : FieldMessage.notNumber(label)),
  });
}

/** The schema of a field's value when one is given. */
export function fieldValueSchema(spec: FieldSpec): z.ZodType {
  switch (spec.kind) {
    case 'money': {
      const money = makeMoneyValueSchema(
        { valueTooLarge: FieldMessage.tooLarge(spec.label), valueNegative: FieldMessage.notNegative(spec.label) },
        { nonNegative: spec.nonNegative },
      );
      const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
      return z.custom(isObject, { message: FieldMessage.notMoney(spec.label) }).pipe(money);
    }
    case 'decimal': {
      let schema = numberSchema(spec.label);
      if (spec.min !== undefined) {
        schema = spec.minExclusive
          ? schema.gt(spec.min, FieldMessage.greaterThan(spec.label, spec.min))
          : schema.gte(spec.min, FieldMessage.atLeast(spec.label, spec.min));
      }
      // Without a maximum of its own, a decimal is bounded by the widest column that holds one.
      schema =
        spec.max === undefined
          ? schema.lt(DECIMAL_FIELD_LIMIT, FieldMessage.tooLarge(spec.label))
          : schema.lte(spec.max, FieldMessage.atMost(spec.label, spec.max));
      return schema;
    }
    case 'integer': {
      const schema = numberSchema(spec.label)
        .int(FieldMessage.notWholeNumber(spec.label))
        .lte(INTEGER_FIELD_MAX, FieldMessage.atMost(spec.label, INTEGER_FIELD_MAX));
      return spec.min === undefined ? schema : schema.gte(spec.min, FieldMessage.atLeast(spec.label, spec.min));
    }
    case 'date':
      return z.iso
        .date({
          error: (issue) =>
            missing(issue.input) ? FieldMessage.required(spec.label) : FinancialInputMessage.dateInvalid(spec.label),
        })
        .refine(isStorableIsoDate, FinancialInputMessage.dateInvalid(spec.label));
    case 'text': {
      const text = z
        .string({
          error: (issue) =>
            missing(issue.input) ? FieldMessage.required(spec.label) : FieldMessage.notText(spec.label),
        })
        .trim()
        .max(RECORD_TEXT_MAX_LENGTH, FieldMessage.textTooLong(spec.label))
        .superRefine(textRule('line'));
      return spec.required ? text.min(1, FieldMessage.required(spec.label)) : text;
    }
    case 'boolean':
      return z.boolean({ error: FieldMessage.notBoolean(spec.label) });
    case 'enum':
      return z.enum(spec.values, {
        error: (issue) =>
          missing(issue.input) ? FieldMessage.required(spec.label) : FieldMessage.notValid(spec.label),
      });
    case 'reference':
      return idOf(spec.prefixes, FieldMessage.notAnId(spec.label));
  }
}

function isRequired(spec: FieldSpec): boolean {
  return 'required' in spec && spec.required === true;
}

/** Blank text counts as not given. */
function blankToNull(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? null : value;
}

function optionalValue(spec: FieldSpec): z.ZodType {
  const schema = fieldValueSchema(spec).nullish();
  return spec.kind === 'text' ? z.preprocess(blankToNull, schema) : schema;
}

/** The create schema's shape: required fields must be given, the others may be absent or null. */
export function createShape(specs: FieldSpecs): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [
      name,
      isRequired(spec) ? fieldValueSchema(spec) : optionalValue(spec),
    ]),
  );
}

/**
 * The edit schema's shape: every field may be left out; a given field follows the create rules,
 * and null clears it, except for required fields and those the database defaults (never null).
 */
export function editShape(specs: FieldSpecs): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => {
      const keepsAValue = isRequired(spec) || ('defaulted' in spec && spec.defaulted === true);
      return [name, keepsAValue ? fieldValueSchema(spec).optional() : optionalValue(spec).optional()];
    }),
  );
}

/** A field's value in a response: money `{value, currency}` with a decimal string, decimals as strings. */
export function fieldOutputSchema(spec: FieldSpec): z.ZodType {
  switch (spec.kind) {
    case 'money':
      return moneyJsonSchema.nullable();
    case 'decimal':
      return z.string().nullable();
    case 'integer':
      return z.number().int().nullable();
    case 'date':
    case 'text':
    case 'reference':
      return z.string().nullable();
    case 'boolean':
      return z.boolean();
    case 'enum':
      return z.enum(spec.values).nullable();
  }
}

export function outputShape(specs: FieldSpecs): Record<string, z.ZodType> {
  return Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, fieldOutputSchema(spec)]));
}
