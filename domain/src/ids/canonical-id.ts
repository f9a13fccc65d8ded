import { customAlphabet } from 'nanoid';
import { DomainError, ErrorCode } from '../errors/domain-error.js';

/** Suffix length of generated ids (foundations §9). */
export const CANONICAL_ID_SUFFIX_LENGTH = 21;
const SUFFIX_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-';
const generateSuffix = customAlphabet(SUFFIX_ALPHABET, CANONICAL_ID_SUFFIX_LENGTH);

const CANONICAL_ID = /^([a-z0-9_]+)-([A-Za-z0-9_-]{21})$/;
// A type name is letters and digits; `$` is allowed too (foundations §3).
const TYPE_NAME = /^[A-Za-z$][A-Za-z0-9$]*$/;

/**
 * The id prefix of each entity kind the platform stores. Spec kinds are spelt as the spec spells
 * them; multi-word kinds join with underscores (the prefix allows only [a-z0-9_]).
 */
export const EntityType = {
  organization: 'organization',
  team: 'team',
  teamMember: 'team_member',
  user: 'user',
  professional: 'professional',
  outboxEmail: 'outbox_email',
} as const;
export type EntityType = (typeof EntityType)[keyof typeof EntityType];

/** Converts a type name such as `TeamMember` or `teamMember` to its id prefix `team_member`. */
export function canonicalPrefix(typeName: string): string {
  if (typeof typeName !== 'string' || typeName.length === 0) {
    throw new DomainError(ErrorCode.ERR_INVALID_CANONICAL_NAME_STRING, 'Canonical name must be a non-empty string');
  }
  if (!TYPE_NAME.test(typeName)) {
    throw new DomainError(
      ErrorCode.ERR_INVALID_CANONICAL_NAME,
      `Invalid canonical name "${typeName}": letters and digits only`,
    );
  }
  return typeName
    .replace(/\$/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

/** A new id for the given type name or prefix, e.g. `newId('team')` -> `team-V1StGXR8_Z5jdHi6B-myT`. */
export function newId(typeName: string): string {
  const prefix = CANONICAL_ID.test(`${typeName}-${'x'.repeat(CANONICAL_ID_SUFFIX_LENGTH)}`)
    ? typeName
    : canonicalPrefix(typeName);
  return `${prefix}-${generateSuffix()}`;
}

export interface ParsedId {
  type: string;
  suffix: string;
}

export function parseId(id: unknown): ParsedId {
  if (typeof id !== 'string') {
    throw new DomainError(ErrorCode.ERR_INVALID_CANONICAL_ID, 'Canonical id must be a string');
  }
  if (!id.includes('-')) {
    throw new DomainError(ErrorCode.ERR_CANONICAL_PREFIX_MISSING, `Canonical id "${id}" has no type prefix`);
  }
  const match = CANONICAL_ID.exec(id);
  if (!match) throw new DomainError(ErrorCode.ERR_INVALID_CANONICAL_ID, `Invalid canonical id "${id}"`);
  return { type: match[1]!, suffix: match[2]! };
}

export function isCanonicalId(id: unknown, allowedTypes?: readonly string[]): id is string {
  if (typeof id !== 'string') return false;
  const match = CANONICAL_ID.exec(id);
  return match !== null && (allowedTypes === undefined || allowedTypes.includes(match[1]!));
}

/** Validates an id and, when given, that its type is one of `allowedTypes`. */
export function assertCanonicalId(id: unknown, allowedTypes?: readonly string[]): string {
  const { type } = parseId(id);
  if (allowedTypes && !allowedTypes.includes(type)) {
    throw new DomainError(
      ErrorCode.ERR_INVALID_CANONICAL_ID,
      `Id of type "${type}" is not allowed here; allowed types: ${allowedTypes.join(', ')}`,
    );
  }
  return id as string;
}
