import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { controlCharacterProblems, freeText, optionalText, requiredString, TEXT_LIMITS, TextMessage } from '../text.js';

function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('text primitives', () => {
  it('refuses a NUL and the other control characters in every kind, with a message', () => {
    for (const kind of Object.keys(TEXT_LIMITS) as (keyof typeof TEXT_LIMITS)[]) {
      for (const bad of ['a\u0000b', 'a\u0007b', 'a\u001bb', 'a\u007fb']) {
        expect(messages(freeText({ kind }), bad)).toEqual([TextMessage.controlCharacters]);
      }
    }
    expect(messages(requiredString('Name is required'), 'Ann\u0000')).toEqual([TextMessage.controlCharacters]);
  });

  it('keeps one-line text on one line and lets notes span lines', () => {
    expect(messages(freeText(), 'Ann\nLee')).toEqual([TextMessage.oneLine]);
    expect(messages(freeText({ kind: 'note' }), 'First line\r\nSecond\tline')).toEqual([]);
    // Surrounding line breaks are trimmed, not refused.
    expect(freeText().parse('\n Ann Lee \n')).toBe('Ann Lee');
  });

  it('refuses a lone surrogate, which is not a character', () => {
    expect(messages(freeText(), 'a\ud800b')).toEqual([TextMessage.notUnicode]);
    expect(messages(freeText(), 'emoji 😀')).toEqual([]);
  });

  it('bounds each kind, and a field may set its own maximum and message', () => {
    expect(messages(freeText(), 'x'.repeat(TEXT_LIMITS.line))).toEqual([]);
    expect(messages(freeText(), 'x'.repeat(TEXT_LIMITS.line + 1))).toEqual([TextMessage.tooLong(TEXT_LIMITS.line)]);
    expect(messages(freeText({ kind: 'note' }), 'x'.repeat(100_000))).toEqual([TextMessage.tooLong(TEXT_LIMITS.note)]);
    expect(messages(requiredString('Required', { max: 3, tooLong: 'Too long' }), 'abcd')).toEqual(['Too long']);
  });

  it('turns blank optional text into null and refuses blank required text', () => {
    expect(optionalText().parse('   ')).toBeNull();
    expect(optionalText().parse(undefined)).toBeNull();
    expect(messages(requiredString('Name is required'), '  ')).toEqual(['Name is required']);
    expect(messages(requiredString('Name is required'), 42)).toEqual(['Name is required']);
  });

  it('finds control characters anywhere in a request, keys included, with their paths', () => {
    expect(controlCharacterProblems({ a: [{ b: 'ok' }, { c: 'x\u0000' }], ['k\u0001']: 1, n: 5 })).toEqual([
      { path: 'a.1.c', message: TextMessage.controlCharacters },
      { path: 'k\u0001', message: TextMessage.controlCharacters },
    ]);
    expect(controlCharacterProblems({ note: 'line one\nline two\ttabbed' })).toEqual([]);
    expect(controlCharacterProblems(Buffer.from([0, 1, 2]))).toEqual([]);
  });
});
