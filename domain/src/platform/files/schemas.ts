import { z } from 'zod';
import { requiredString } from '../../shared/input/common.js';

/** File messages; ours, as the spec gives the rule without wording. */
export const FileMessage = {
  fileNameRequired: 'File name is required',
} as const;

/**
 * The body of `POST /upload/request` and `DELETE /file/delete` (foundations §5, §7): a file name,
 * and whether the file lives in the vault, false unless given.
 */
export const uploadRequestSchema = z.object({
  fileName: requiredString(FileMessage.fileNameRequired),
  useVault: z.boolean().default(false),
});
export type UploadRequest = z.output<typeof uploadRequestSchema>;

export const fileDeleteSchema = uploadRequestSchema;
export type FileDeleteRequest = z.output<typeof fileDeleteSchema>;
