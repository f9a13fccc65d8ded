import { z } from 'zod';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { idParam } from '../../shared/input/id-param.js';
import { listOf, listPageSchema, paginationSchema } from '../../shared/input/lists.js';
import { requiredString } from '../../shared/input/common.js';
import { freeText } from '../../shared/input/text.js';
import { TaskOwnerKind } from '../tasks/enums.js';
import { mentionSchema, noteMentionSchema } from '../notes/api.js';

/** Document messages; ours, as crm §5 gives documents no wording. */
export const DocumentMessage = {
  filePathRequired: 'File path is required',
  fileMissing: 'The document’s file was not uploaded, or has been deleted; upload it again',
  ownerRequired: 'Say whose document this is',
  fileNameRequired: 'File name is required',
  documentIdRequired: 'Document is required',
  alreadyDeleted: 'This document has already been deleted',
} as const;

/**
 * `POST /documents/create` (crm §7): a file already uploaded (`filePath`, as the upload request
 * answered), whose document it is (`ownerId`, one of the task owner kinds), who it mentions, the
 * name the user gave it, and whether it is kept under that name (`shouldRename`: the list shows
 * `originalFileName` rather than the stored name).
 */
export const createDocumentSchema = z.object({
  filePath: requiredString(DocumentMessage.filePathRequired, { max: 400 }),
  mentions: listOf(mentionSchema).default([]),
  ownerId: requiredString(DocumentMessage.ownerRequired, { kind: 'identifier' }),
  originalFileName: requiredString(DocumentMessage.fileNameRequired),
  shouldRename: z.boolean().default(false),
});
export type CreateDocument = z.output<typeof createDocumentSchema>;

/** `PATCH /documents/soft-delete`. */
export const softDeleteDocumentSchema = z.object({
  documentId: idParam(EntityType.document, 'document'),
});

export const documentIdParamsSchema = z.object({ documentId: idParam(EntityType.document, 'document') });
/** `GET /documents/by-owner/{owner}`: any of the task owner kinds, by canonical id. */
export const documentOwnerParamsSchema = z.object({
  owner: requiredString(DocumentMessage.ownerRequired, { kind: 'identifier' }),
});

export const documentResponseSchema = z.object({
  id: z.string(),
  /** The name the list shows: the user's, or the stored file's when it was not renamed. */
  name: z.string(),
  originalFileName: z.string(),
  filePath: z.string(),
  fileType: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  owner: z.object({
    kind: z.enum(TaskOwnerKind),
    id: z.string(),
    name: z.string(),
    /** The household the owner is or belongs to, for a link to its page (null for a team, a professional). */
    householdId: z.string().nullable(),
  }),
  mentions: z.array(noteMentionSchema),
  createdAt: z.string(),
});
export type DocumentResponse = z.infer<typeof documentResponseSchema>;

/** `GET /documents`: the firm's documents within reach, newest first, by page; `search` finds a name. */
export const documentListQuerySchema = paginationSchema.extend({ search: freeText().optional() });
export type DocumentListQuery = z.output<typeof documentListQuerySchema>;
export const documentPageSchema = listPageSchema(documentResponseSchema);

/** `GET /documents/request-download/{documentId}`: a signed address that reads the file until `expiresAt`. */
export const documentDownloadSchema = z.object({
  url: z.string(),
  fileName: z.string(),
  expiresAt: z.string(),
});
export type DocumentDownload = z.infer<typeof documentDownloadSchema>;
