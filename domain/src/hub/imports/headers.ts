/**
 * Header matching shared by the file reader (connectors) and the profiles: real exports spell the
 * same column with different case, spacing and accents (`E-mail`, `Email`, `EMAIL`), so headers are
 * compared in a folded form.
 */

/**
 * Lower case, accents removed, every non-alphanumeric dropped: the API spelling, the label and the
 * ALL CAPS of Data Loader (`PersonEmail`, `Person Email`, `person_email`, `PERSONEMAIL`) are one.
 */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** What a profile expects of a file's header row (see `headerExpectation` in `profile.ts`). */
export interface HeaderExpectation {
  /** Every header the profile knows (all aliases of all fields), to recognise the header row. */
  knownHeaders: readonly string[];
  /** Fields that must have a column; each lists its aliases. A file without one is refused. */
  required: readonly { field: string; aliases: readonly string[] }[];
  /** How many known headers a row needs to count as the header row. */
  minMatches: number;
}

/** How many cells of `cells` are known headers of the expectation. */
export function countKnownHeaders(cells: readonly (string | null)[], expectation: HeaderExpectation): number {
  const known = new Set(expectation.knownHeaders.map(normalizeHeader));
  return cells.filter((cell) => cell !== null && known.has(normalizeHeader(cell))).length;
}

/** The required fields of the expectation that none of `headers` provides. */
export function missingRequiredHeaders(
  headers: readonly string[],
  expectation: HeaderExpectation,
): { field: string; aliases: readonly string[] }[] {
  const present = new Set(headers.map(normalizeHeader));
  return expectation.required.filter((group) => !group.aliases.some((alias) => present.has(normalizeHeader(alias))));
}
