/** Note list enumerations (crm §3: note sort by CREATED_AT, order ASC or DESC). */

/** The fields notes can be sorted by. */
export const NoteSortField = ['CREATED_AT'] as const;
export type NoteSortField = (typeof NoteSortField)[number];

export const NOTE_SORT_FIELD_LABELS: Readonly<Record<NoteSortField, string>> = { CREATED_AT: 'Date created' };

export const SortOrder = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof SortOrder)[number];

export const SORT_ORDER_LABELS: Readonly<Record<SortOrder, string>> = { ASC: 'Oldest first', DESC: 'Newest first' };
