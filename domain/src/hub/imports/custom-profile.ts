import { z } from 'zod';
import { freeText } from '../../shared/input/text.js';
import { ExternalSourceSystem } from '../connections/enums.js';
import { CURRENCY_CODES } from '../../shared/money/currency.js';
import {
  DEFAULT_PROFILE_OPTIONS,
  IMPORT_FIELDS,
  type ImportColumn,
  type AnyImportProfile,
  type ImportProfile,
  ImportRecordKind,
} from './profile.js';

export const CustomProfileMessage = {
  nameRequired: 'Profile name is required',
  mappingRequired: 'Map at least one column',
  fieldUnknown: 'Please select a valid field',
  fieldMappedTwice: 'Each field can be mapped from one column only',
} as const;

/**
 * A profile a user builds in the import wizard for a file from any other system: a name, the record
 * kind, which header feeds which field, and the transform options. Saved as data; the same mapper
 * as the built-in profiles reads it. E-mail and phone fields may take several columns (`email`
 * from "Work email" and "Home email"); other fields one.
 */
export const customProfileSchema = z
  .object({
    name: z
      .string({ error: CustomProfileMessage.nameRequired })
      .trim()
      .min(1, CustomProfileMessage.nameRequired)
      .max(100),
    kind: z.enum(ImportRecordKind),
    source: z.enum(ExternalSourceSystem).nullable().default(null),
    /** Header of the file -> field of the kind; unmapped headers are ignored. */
    mapping: z.record(freeText().min(1), freeText().nullable()),
    /** Per-field values of enum columns (source value -> ours). */
    values: z.record(freeText(), z.record(freeText(), freeText().nullable())).default({}),
    transforms: z
      .object({
        dateOrder: z.enum(['MDY', 'DMY']).optional(),
        decimalComma: z.boolean().optional(),
        currency: z.enum(CURRENCY_CODES).optional(),
        phoneCountryCode: z
          .string()
          .regex(/^\d{1,3}$/)
          .optional(),
        country: z.enum(['CA', 'US']).optional(),
      })
      .default({}),
    /** The column holding the row's id at the source (also present in `mapping` as `sourceId`). */
    sourceIdHeader: freeText().min(1).nullable().default(null),
  })
  .superRefine((profile, ctx) => {
    const fields = IMPORT_FIELDS[profile.kind] as Readonly<Record<string, string>>;
    const used = new Set<string>();
    const mapped = Object.entries(profile.mapping).filter(([, field]) => field !== null);
    if (mapped.length === 0)
      ctx.addIssue({ code: 'custom', message: CustomProfileMessage.mappingRequired, path: ['mapping'] });
    for (const [header, field] of mapped) {
      if (field === null) continue;
      if (!(field in fields)) {
        ctx.addIssue({ code: 'custom', message: CustomProfileMessage.fieldUnknown, path: ['mapping', header] });
        continue;
      }
      const multi = fields[field] === 'email' || fields[field] === 'phone' || field === 'note' || field === 'tags';
      if (used.has(field) && !multi) {
        ctx.addIssue({ code: 'custom', message: CustomProfileMessage.fieldMappedTwice, path: ['mapping', header] });
      }
      used.add(field);
    }
  });
export type CustomProfileInput = z.input<typeof customProfileSchema>;
export type CustomProfile = z.output<typeof customProfileSchema>;

/** The profile of a saved custom mapping; `id` is where it is saved (e.g. the database row id). */
export function buildCustomProfile(id: string, input: CustomProfileInput): AnyImportProfile {
  const custom = customProfileSchema.parse(input);
  const columns: ImportColumn[] = [];
  for (const [header, field] of Object.entries(custom.mapping)) {
    if (field === null) continue;
    columns.push({
      field: field as ImportColumn['field'],
      headers: [header],
      required: header === custom.sourceIdHeader || field === 'sourceId',
      values: custom.values[field],
    });
  }
  const profile: ImportProfile = {
    id,
    name: custom.name,
    source: custom.source,
    kind: custom.kind,
    evidence: 'custom',
    columns,
    options: { ...DEFAULT_PROFILE_OPTIONS, ...custom.transforms },
    rowLayout: 'plain',
    minHeaderMatches: Math.min(2, columns.length),
  };
  // The columns were checked against the kind's fields above.
  return profile as AnyImportProfile;
}
