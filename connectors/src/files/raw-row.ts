/** A row as read from the file, before the header is known. */
export interface RawRow {
  rowNumber: number;
  cells: (string | null)[];
}
