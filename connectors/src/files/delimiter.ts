import { CSV_DELIMITERS, type CsvDelimiter } from './types.js';

const LINES_SNIFFED = 20;

/** Per-line counts of each candidate outside double quotes, over the first lines of the sample. */
function countPerLine(text: string): Map<CsvDelimiter, number[]> {
  const counts = new Map<CsvDelimiter, number[]>(CSV_DELIMITERS.map((delimiter) => [delimiter, [0]]));
  let inQuotes = false;
  let lines = 0;
  let lineHasContent = false;
  for (let index = 0; index < text.length && lines < LINES_SNIFFED; index += 1) {
    const char = text[index] as string;
    if (char === '"') {
      inQuotes = !inQuotes;
      lineHasContent = true;
    } else if (!inQuotes && (char === '\n' || char === '\r')) {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      if (lineHasContent) {
        lines += 1;
        for (const perLine of counts.values()) perLine.push(0);
      }
      lineHasContent = false;
    } else {
      lineHasContent = true;
      const perLine = counts.get(char as CsvDelimiter);
      if (!inQuotes && perLine) perLine[perLine.length - 1] = (perLine[perLine.length - 1] ?? 0) + 1;
    }
  }
  // The last entry belongs to a line that was not finished (or not started): drop it unless it had content.
  if (!lineHasContent) for (const perLine of counts.values()) perLine.pop();
  return counts;
}

/**
 * The delimiter of a CSV text: among `,` `;` tab `|`, the one whose non-zero per-line count is the
 * most consistent (the same count on the most lines), ties going to the larger count, then to the
 * order above. Title lines without any delimiter (monday-style exports) do not count against it.
 * A text with none of them is a one-column file: `,`.
 */
export function sniffDelimiter(text: string): CsvDelimiter {
  const counts = countPerLine(text);
  let best: { delimiter: CsvDelimiter; lines: number; count: number } | null = null;
  for (const delimiter of CSV_DELIMITERS) {
    const frequency = new Map<number, number>();
    for (const count of counts.get(delimiter) ?? []) {
      if (count > 0) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    }
    for (const [count, lines] of frequency) {
      if (!best || lines > best.lines || (lines === best.lines && count > best.count)) {
        best = { delimiter, lines, count };
      }
    }
  }
  return best?.delimiter ?? ',';
}
