// How a region or country is read is shared with the address route (shared/regions/postal.ts).
export { normalizeCountry, normalizeRegion, type RegionCountry } from '../../../shared/regions/postal.js';

/** A Canadian postal code in its usual form (`h2x1y4` -> `H2X 1Y4`); other codes kept as written. */
export function normalizePostalCode(text: string): string {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(compact) ? `${compact.slice(0, 3)} ${compact.slice(3)}` : text.trim();
}
