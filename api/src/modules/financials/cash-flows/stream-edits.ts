/**
 * What an advisor can change by hand on a recurring stream that a sync also writes. The stream
 * routes record the field in `edited_fields`; the sync's page writer then leaves it as the advisor
 * set it, on every later sync, while it keeps updating the provider's other fields. (Confirming a
 * stream and linking it to a cash-flow source touch columns the sync never writes, so they need no
 * mark.)
 */
export const StreamEditedField = {
  name: 'name',
  category: 'category',
} as const;
export type StreamEditedField = (typeof StreamEditedField)[keyof typeof StreamEditedField];

/** The stream's edited fields with `field` added once. */
export function withEditedField(current: readonly string[] | null, field: StreamEditedField): string[] {
  const fields = new Set(current ?? []);
  fields.add(field);
  return [...fields].sort();
}
