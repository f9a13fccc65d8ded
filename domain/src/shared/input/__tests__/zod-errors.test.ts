import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../../errors/domain-error.js';
import { cashFlowSourceCreateSchema } from '../../../financials/cash-flows/schemas.js';
import { parseOrThrow, zodErrorDetails, zodValidationError } from '../zod-errors.js';

describe('zod errors as API details', () => {
  it('turns every issue into a dotted path and its message', () => {
    const result = cashFlowSourceCreateSchema.safeParse({
      householdId: 'h',
      name: 'Rent',
      type: 'EXPENSE',
      subtype: 'LIFESTYLE',
      necessity: 'NEED',
      flows: [{ name: 'Rent', status: 'ACTIVE', amount: { currency: 'CAD' }, frequency: { common: 'MONTHLY' } }],
    });
    expect(result.success).toBe(false);
    expect(zodErrorDetails(result.error!)).toEqual([
      { path: 'flows.0.amount.value', message: 'Amount value is required' },
    ]);
  });

  it('uses an empty path for the whole input', () => {
    const result = z.string({ error: 'Text please' }).safeParse(1);
    expect(zodErrorDetails(result.error!)).toEqual([{ path: '', message: 'Text please' }]);
  });

  it("makes the API's 400 error: VALIDATION_ERROR, 'Validation error', details", () => {
    const result = z.object({ a: z.string({ error: 'A is required' }) }).safeParse({});
    const error = zodValidationError(result.error!);
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('Validation error');
    expect(error.details).toEqual([{ path: 'a', message: 'A is required' }]);
  });

  it('parses or throws', () => {
    const schema = z.object({ n: z.number({ error: 'N must be a number' }) });
    expect(parseOrThrow(schema, { n: 1 })).toEqual({ n: 1 });
    expect(() => parseOrThrow(schema, { n: 'one' })).toThrowError(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        message: 'Validation error',
        details: [{ path: 'n', message: 'N must be a number' }],
      }),
    );
  });
});
