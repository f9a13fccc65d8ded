import { z } from 'zod';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { idParam } from '../../shared/input/id-param.js';
import { contactIdParam, householdIdParam } from '../params.js';
import { CONTACT_MERGE_FIELDS, HOUSEHOLD_MERGE_FIELDS, MergeKind } from './fields.js';
import { MergeSide } from './rules.js';

const side = z.enum(MergeSide);

/**
 * Each field taking a side; a field not named keeps the survivor's value. Strict, unlike bodies
 * at large: a misspelt field would otherwise silently keep the survivor's value the user did not want.
 */
function choicesOf<const F extends readonly { field: string }[]>(fields: F) {
  const shape = Object.fromEntries(fields.map(({ field }) => [field, side.optional()])) as {
    [K in F[number]['field']]: z.ZodOptional<typeof side>;
  };
  return z
    .object(shape)
    .strict()
    .default({} as never);
}

export const contactMergeParamsSchema = z.object({ contactId: contactIdParam });
export const householdMergeParamsSchema = z.object({ householdId: householdIdParam });
export const contactMergePreviewParamsSchema = z.object({ contactId: contactIdParam, otherId: contactIdParam });
export const householdMergePreviewParamsSchema = z.object({ householdId: householdIdParam, otherId: householdIdParam });
export const mergeIdParamsSchema = z.object({ mergeId: idParam(EntityType.recordMerge, 'merge') });

/** POST /contacts/{contactId}/merge: the duplicate folded into this contact, and the fields taken from it. */
export const contactMergeSchema = z.object({ mergedId: contactIdParam, fields: choicesOf(CONTACT_MERGE_FIELDS) });
export const householdMergeSchema = z.object({ mergedId: householdIdParam, fields: choicesOf(HOUSEHOLD_MERGE_FIELDS) });
export type ContactMergeRequest = z.output<typeof contactMergeSchema>;
export type HouseholdMergeRequest = z.output<typeof householdMergeSchema>;

const party = z.object({ id: z.string(), name: z.string() });
const fieldValue = z.object({
  /** The stored value (text, ISO date or id); null when empty. */
  value: z.string().nullable(),
  /** What a person reads: a label, a name, a date; "—" when empty. */
  display: z.string(),
});

/** One kind of thing combined: "3 phones", of which 1 already on the survivor (kept once). */
export const mergeCombinedSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** The merged record's rows that move to the survivor. */
  count: z.number().int(),
  /** The merged record's rows the survivor already has (same e-mail, same tag, ...): kept once. */
  duplicates: z.number().int(),
});
export type MergeCombined = z.output<typeof mergeCombinedSchema>;

export const mergePreviewSchema = z.object({
  kind: z.enum(MergeKind),
  survivor: party,
  merged: party,
  fields: z.array(
    z.object({ field: z.string(), label: z.string(), survivor: fieldValue, merged: fieldValue, differs: z.boolean() }),
  ),
  combined: z.array(mergeCombinedSchema),
});
export type MergePreview = z.output<typeof mergePreviewSchema>;

export const mergeResultSchema = z.object({
  id: z.string(),
  kind: z.enum(MergeKind),
  survivor: party,
  merged: party,
  createdAt: z.string(),
  undoneAt: z.string().nullable(),
  /** Labels of the fields the survivor took from the merged record. */
  fieldsTaken: z.array(z.string()),
  combined: z.array(mergeCombinedSchema),
});
export type MergeResult = z.output<typeof mergeResultSchema>;

/**
 * What a merge did, stored with it (record_merges.plan) so it can be undone exactly: the
 * survivor's fields it overwrote, the rows it moved per table and column (by key), the moved rows
 * whose primary flag it cleared, and the rows it removed as duplicates, whole.
 */
export const mergePlanSchema = z.object({
  version: z.literal(1),
  fields: z.array(z.object({ field: z.string(), column: z.string(), before: z.unknown(), after: z.unknown() })),
  moved: z.array(z.object({ table: z.string(), column: z.string(), key: z.string(), keys: z.array(z.string()) })),
  unsetPrimary: z.array(z.object({ table: z.string(), ids: z.array(z.string()) })),
  removed: z.array(z.object({ table: z.string(), rows: z.array(z.record(z.string(), z.unknown())) })),
  combined: z.array(mergeCombinedSchema),
});
export type MergePlan = z.output<typeof mergePlanSchema>;
