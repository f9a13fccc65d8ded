/** Note list enumerations (crm §3: note sort by CREATED_AT, order ASC or DESC). */

/** The fields notes can be sorted by. */
export const NoteSortField = ['CREATED_AT'] as const;
export type NoteSortField = (typeof NoteSortField)[number];

export const SortOrder = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof SortOrder)[number];
