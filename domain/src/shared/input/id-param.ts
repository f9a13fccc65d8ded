import { z } from 'zod';
import { CANONICAL_ID_SUFFIX_LENGTH, type EntityType } from '../ids/canonical-id.js';

/**
 * A path parameter holding an id of one kind (`contact-…`), refused with `Invalid <label> id`
 * otherwise, as `/teams/{teamId}` does.
 */
export function idParam(prefix: EntityType, label: string) {
  const pattern = new RegExp(`^${prefix}-[A-Za-z0-9_-]{${CANONICAL_ID_SUFFIX_LENGTH}}$`);
  return z.string().regex(pattern, `Invalid ${label} id`);
}
