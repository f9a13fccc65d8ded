// The seed's only source of chance: a small seeded generator (mulberry32), so the same seed gives
// the same organization on every machine and every run. Math.random is never used by the seed.

/** FNV-1a over the UTF-16 code units of `text`, continuing from `basis`: labels become seed material. */
export function hashString(text: string, basis = 0x811c9dc5): number {
  let hash = basis >>> 0;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Combines a seed with labels (a table name, an index...) into the seed of an independent stream. */
export function deriveSeed(seed: number, ...labels: readonly (string | number)[]): number {
  let hash = hashString(String(seed >>> 0));
  for (const label of labels) hash = hashString(`/${label}`, hash);
  return hash;
}

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** An independent generator for one part of the data (a household, a pair of households...). */
  static derive(seed: number, ...labels: readonly (string | number)[]): Random {
    return new Random(deriveSeed(seed, ...labels));
  }

  /** The next number in [0, 1): mulberry32. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(this.state ^ (this.state >>> 15), this.state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A real number in [min, max). */
  real(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Random.pick: no items');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of the values, each as likely as its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let target = this.next() * total;
    for (const [value, weight] of entries) {
      target -= weight;
      if (target < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /** `count` distinct items in random order (all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index -= 1) {
      const other = Math.floor(this.next() * (index + 1));
      [copy[index], copy[other]] = [copy[other]!, copy[index]!];
    }
    return copy.slice(0, Math.max(0, count));
  }

  /** A number around `mean` (normal distribution, Box-Muller), kept within [min, max]. */
  normal(mean: number, deviation: number, min = -Infinity, max = Infinity): number {
    const u = 1 - this.next();
    const v = this.next();
    const value = mean + deviation * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return Math.min(max, Math.max(min, value));
  }

  /** A digit string of exactly `length` characters. */
  digits(length: number): string {
    let text = '';
    for (let index = 0; index < length; index += 1) text += String(this.int(0, 9));
    return text;
  }
}
