import { z } from 'zod';
import { freeText, requiredString } from '../../shared/input/text.js';
import { ExternalSourceSystem } from '../connections/enums.js';

/**
 * HTTP schemas of drop folders (issue #8, scheduled imports): a folder a profile watches on a cron
 * schedule. Whether the path is inside the allowed root and the cron expression parses are checked
 * by the API, which knows the root and owns the cron parser.
 */

/** Minute, hour, day of month, month, day of week: a schedule finer than a minute is not offered. */
export const DROP_FOLDER_CRON_FIELDS = 5;

export const dropFolderCronSchema = z
  .string()
  .trim()
  .min(1, 'Cron expression is required')
  .max(100)
  .refine(
    (cron) => cron.split(/\s+/).length === DROP_FOLDER_CRON_FIELDS,
    'Use a five-field cron expression: minute hour day-of-month month day-of-week',
  );

const name = requiredString('Name is required', { max: 100 });
const path = requiredString('Path is required', { max: 1024 });
const profileId = freeText({ kind: 'identifier' }).min(1);

const ONE_PROFILE = 'Give either profileId (a built-in profile) or customProfileId (a saved profile), not both';

export const dropFolderParamsSchema = z.object({ folderId: freeText({ kind: 'identifier' }).min(1) });

export const dropFolderCreateSchema = z
  .object({
    name,
    /** Absolute path of the folder on the server, inside the organization's drop root. */
    path,
    cron: dropFolderCronSchema,
    profileId: profileId.optional(),
    customProfileId: profileId.optional(),
    /** The system the files come from; by default the profile's (or MANUAL_LOAD). */
    source: z.enum(ExternalSourceSystem).optional(),
    enabled: z.boolean().default(true),
  })
  .refine((input) => (input.profileId === undefined) !== (input.customProfileId === undefined), {
    message: ONE_PROFILE,
    path: ['profileId'],
  });
export type DropFolderCreateInput = z.output<typeof dropFolderCreateSchema>;

/** PATCH: any of the fields; a new profile replaces the old one (give one of the two ids). */
export const dropFolderUpdateSchema = z
  .object({
    name: name.optional(),
    path: path.optional(),
    cron: dropFolderCronSchema.optional(),
    profileId: profileId.optional(),
    customProfileId: profileId.optional(),
    source: z.enum(ExternalSourceSystem).optional(),
    enabled: z.boolean().optional(),
  })
  .refine((input) => input.profileId === undefined || input.customProfileId === undefined, {
    message: ONE_PROFILE,
    path: ['profileId'],
  })
  .refine((input) => Object.keys(input).length > 0, { message: 'Nothing to change' });
export type DropFolderUpdateInput = z.output<typeof dropFolderUpdateSchema>;

export const dropFolderSchema = z.object({
  id: z.string(),
  name: z.string(),
  path: z.string(),
  cron: z.string(),
  profileId: z.string().nullable(),
  customProfileId: z.string().nullable(),
  profileName: z.string().nullable(),
  source: z.enum(ExternalSourceSystem),
  /** The columns a dropped file must have (each: the field and the headers that may carry it). */
  requiredColumns: z.array(z.object({ field: z.string(), headers: z.array(z.string()) })),
  enabled: z.boolean(),
  /** When the schedule fires next (UTC); null when the folder is disabled. */
  nextScanAt: z.string().nullable(),
  lastScanAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** A scan holds the folder right now. */
  scanning: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DropFolderView = z.output<typeof dropFolderSchema>;

/** POST /import-folders/:id/scan: the scan job was queued. */
export const dropFolderScanSchema = z.object({ folderId: z.string(), jobId: z.string() });
