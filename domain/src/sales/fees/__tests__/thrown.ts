import { DomainError } from '../../../shared/errors/domain-error.js';

/** The DomainError `action` throws; fails the test when it throws nothing or something else. */
export function thrown(action: () => unknown): DomainError {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}
