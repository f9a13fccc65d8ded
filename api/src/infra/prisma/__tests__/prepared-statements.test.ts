import { describe, expect, it } from 'vitest';
import { preparedStatements, statementName } from '../prepared-statements.js';

const query = (sql: string) => ({ sql, args: [], argTypes: [] });

describe('prepared statements', () => {
  it('names the registered statements and leaves every other one unnamed', () => {
    const [first, second] = preparedStatements('test_names', ['SELECT 1 AS one', 'SELECT 2 AS two'] as const);
    expect(statementName(query(first))).toBe('test_names_1');
    expect(statementName(query(second))).toBe('test_names_2');
    expect(statementName(query('SELECT 3 AS three'))).toBeUndefined();
  });

  it('accepts the same texts again and refuses another text under a name already taken', () => {
    preparedStatements('test_again', ['SELECT 4 AS four'] as const);
    expect(() => preparedStatements('test_again', ['SELECT 4 AS four'] as const)).not.toThrow();
    expect(() => preparedStatements('test_again', ['SELECT 5 AS five'] as const)).toThrow(
      'Two statements would be prepared as test_again_1',
    );
  });
});
