/**
 * A table of one year picked from tables by year. A year after the last published table uses the
 * last one (the projection does not guess future indexation); a year before the first uses the first.
 */
export interface YearTable<T> {
  table: T;
  /** The year of the table used, which differs from the year asked for outside the known range. */
  tableYear: number;
  /** Why another year's table is used, for an explanation; empty when the year is known. */
  note: string;
}

// The lookup runs for every person of every year of every Monte Carlo path: remembered per table set.
const lookups = new WeakMap<object, Map<number, YearTable<unknown>>>();

export function tableForYear<T>(tables: Readonly<Record<number, T>>, year: number): YearTable<T> {
  let byYear = lookups.get(tables);
  if (byYear === undefined) {
    byYear = new Map();
    lookups.set(tables, byYear);
  }
  const remembered = byYear.get(year);
  if (remembered !== undefined) return remembered as YearTable<T>;
  const found = lookUp(tables, year);
  byYear.set(year, found);
  return found;
}

function lookUp<T>(tables: Readonly<Record<number, T>>, year: number): YearTable<T> {
  const years = Object.keys(tables)
    .map(Number)
    .sort((a, b) => a - b);
  const first = years[0];
  const last = years[years.length - 1];
  if (first === undefined || last === undefined) throw new Error('A tax table set has no year');
  const known = tables[year];
  if (known !== undefined) return { table: known, tableYear: year, note: '' };
  const tableYear = year > last ? last : year < first ? first : (years.filter((y) => y < year).pop() ?? first);
  const note =
    year > last
      ? ` (${year} not yet published: the ${tableYear} table is used, not indexed)`
      : year < first
        ? ` (before ${tableYear}: the ${tableYear} table is used)`
        : ` (no ${year} table: the ${tableYear} table is used)`;
  return { table: tables[tableYear] as T, tableYear, note };
}
