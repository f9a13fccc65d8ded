import { createHash } from 'node:crypto';

/**
 * Bumped when the writer starts storing a record differently: every record then hashes anew and
 * is rewritten once by the next sync, instead of being skipped as unchanged.
 */
const WRITER_VERSION = 'v1';

/**
 * Keys sorted at every level, so two equal records hash alike whatever order the mapper built them
 * in; an instant as its ISO text (a Date has no keys of its own: it would hash as `{}`).
 */
function canonical(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * The hash an external link keeps of the normalized record last written through it: an equal hash
 * means the provider sent nothing new, so the record counts as unchanged and is not rewritten.
 */
export function contentHash(record: unknown): string {
  return createHash('sha256')
    .update(WRITER_VERSION)
    .update(JSON.stringify(canonical(record)))
    .digest('base64url');
}
