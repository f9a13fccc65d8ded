// Deterministic canonical ids for seeded rows: `{prefix}-{21 chars}` like newId() makes, but the
// suffix is derived from the seed, the prefix and a counter instead of drawn at random. The same
// seed therefore gives the same ids on every run, which is how a second run recognises its own
// organization, and two databases seeded alike can be compared id for id.
//
// The suffix starts with the counter in eight decimal digits, then thirteen characters hashed from
// the seed, the prefix and the counter: `household-00000042xK3_pQ9aZ0mLq`. Ids of one kind sort
// in the order they were made (digits sort alike in every collation), so each primary key and
// foreign-key index grows at its right edge while the large seed loads: about twice as fast as
// random ids once the indexes outgrow the cache.
import { CANONICAL_ID_SUFFIX_LENGTH, type CanonicalId, type EntityType } from '@meridian/domain';
import { hashString } from './random.js';

/** newId()'s alphabet: 64 characters, so each carries 6 bits. */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-';
const COUNTER_DIGITS = 8;
const MAX_COUNTER = 10 ** COUNTER_DIGITS - 1;

/** MurmurHash3's 32-bit finaliser: spreads every input bit over the output. */
function scramble(value: number): number {
  let x = value >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** The suffix of the `counter`-th id of `prefix` under `seed`; distinct counters give distinct ids. */
export function deterministicSuffix(seed: number, prefix: string, counter: number): string {
  if (!Number.isInteger(counter) || counter < 0 || counter > MAX_COUNTER) {
    throw new RangeError(`Id counter out of range: ${counter}`);
  }
  const key = hashString(prefix, hashString(String(seed >>> 0)));
  const first = scramble(counter ^ key);
  const second = scramble(first ^ 0x9e3779b9);
  const third = scramble(second ^ key);
  let suffix = String(counter).padStart(COUNTER_DIGITS, '0');
  // 13 characters of 6 bits: 78 bits from three 32-bit words (the last 18 bits unused).
  const words = [first, second, third];
  for (let index = 0; suffix.length < CANONICAL_ID_SUFFIX_LENGTH; index += 1) {
    const bit = index * 6;
    const word = words[bit >>> 5]!;
    const offset = bit & 31;
    let sixBits = (word >>> offset) & 0x3f;
    if (offset > 26) sixBits |= (words[(bit >>> 5) + 1]! << (32 - offset)) & 0x3f;
    suffix += ALPHABET[sixBits];
  }
  return suffix;
}

/** Hands out ids per prefix in order: the n-th household of a seed always gets the same id. */
export class IdFactory {
  private readonly counters = new Map<string, number>();

  constructor(private readonly seed: number) {}

  next<P extends EntityType>(prefix: P): CanonicalId<P> {
    const counter = this.counters.get(prefix) ?? 0;
    this.counters.set(prefix, counter + 1);
    return `${prefix}-${deterministicSuffix(this.seed, prefix, counter)}` as CanonicalId<P>;
  }
}
