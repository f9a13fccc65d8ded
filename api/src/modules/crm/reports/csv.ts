import type { ReportCell } from '@meridian/domain';

/** A cell a spreadsheet would run as a formula (`=`, `@`, or `+`/`-` not followed by a digit). */
const FORMULA_START = /^(?:[=@\t\r]|[+-](?!\d))/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A
 * text that would start a spreadsheet formula is prefixed with an apostrophe, so opening an export
 * never runs what someone typed into a name.
 */
export function csvField(value: ReportCell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly ReportCell[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
