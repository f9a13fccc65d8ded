import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { classifyHttpStatus, ConnectorError, parseRetryAfter } from '../errors.js';
import { mapEach, RecordRejection } from '../record-errors.js';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');

  it.each([
    ['7', 7],
    [' 120 ', 120],
    [['30', '60'], 30],
    ['Sun, 22 Nov 2026 12:00:10 GMT', 10],
    ['Sun, 22 Nov 2026 11:59:00 GMT', 0],
    ['soon', undefined],
    ['-5', undefined],
    ['', undefined],
    [undefined, undefined],
  ] as const)('%j -> %s', (header, seconds) => {
    expect(parseRetryAfter(header, now)).toBe(seconds);
  });
});

describe('classifyHttpStatus', () => {
  it.each([
    [429, 'RATE_LIMITED'],
    [401, 'AUTH'],
    [403, 'AUTH'],
    [408, 'TEMPORARY'],
    [500, 'TEMPORARY'],
    [503, 'TEMPORARY'],
    [400, 'PERMANENT'],
    [404, 'PERMANENT'],
    [422, 'PERMANENT'],
  ] as const)('%i is %s', (status, classification) => {
    expect(classifyHttpStatus(status)).toBe(classification);
  });
});

describe('ConnectorError', () => {
  it('is retryable when TEMPORARY or RATE_LIMITED, and serializes for logs', () => {
    const limited = new ConnectorError('RATE_LIMITED', 'slow down', { code: 'X', status: 429, retryAfterSeconds: 3 });
    expect(limited.retryable).toBe(true);
    expect(new ConnectorError('AUTH', 'login', { code: 'ITEM_LOGIN_REQUIRED' }).retryable).toBe(false);
    expect(new ConnectorError('PERMANENT', 'bad', { code: 'INVALID_FIELD' }).retryable).toBe(false);
    expect(JSON.parse(JSON.stringify(limited))).toEqual({
      name: 'ConnectorError',
      classification: 'RATE_LIMITED',
      code: 'X',
      message: 'slow down',
      status: 429,
      retryAfterSeconds: 3,
    });
  });
});

describe('mapEach', () => {
  const schema = z.object({ id: z.string(), n: z.number() });

  it('maps good items and reports the others, a bug is not a record error', () => {
    const result = mapEach([{ id: 'a', n: 1 }, { id: 'b' }, { id: 'c', n: -1 }], {
      kind: 'transaction',
      idField: 'id',
      schema,
      map: (item) => {
        if (item.n < 0) throw new RecordRejection('UNSUPPORTED_TYPE', 'negative');
        return item.id;
      },
    });
    expect(result.records).toEqual(['a']);
    expect(result.errors).toEqual([
      {
        kind: 'transaction',
        sourceId: 'b',
        reason: 'MALFORMED',
        message: 'n: Invalid input: expected number, received undefined',
        payload: { id: 'b' },
      },
      {
        kind: 'transaction',
        sourceId: 'c',
        reason: 'UNSUPPORTED_TYPE',
        message: 'negative',
        payload: { id: 'c', n: -1 },
      },
    ]);

    expect(() =>
      mapEach([{ id: 'a', n: 1 }], {
        kind: 'transaction',
        idField: 'id',
        schema,
        map: () => {
          throw new TypeError('bug');
        },
      }),
    ).toThrow(TypeError);
  });
});
