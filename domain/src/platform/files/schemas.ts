import { z } from 'zod';
import { requiredString } from '../../shared/input/common.js';
import { idParam } from '../../shared/input/id-param.js';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { formatBytes } from '../../shared/format/number.js';

/** File messages; ours, as the spec gives the rule without wording. */
export const FileMessage = {
  fileNameRequired: 'File name is required',
  fileNameTooLong: 'File name must be at most 200 characters',
  typeNotAllowed: (extension: string) =>
    `Files of type "${extension}" cannot be uploaded; use PNG, JPEG, WebP, GIF, PDF, CSV, TXT, DOCX or XLSX`,
  noExtension: 'The file name must end with its type, e.g. logo.png',
  contentTypeMismatch: (expected: string) => `The upload must be sent with Content-Type: ${expected}`,
  tooLarge: (maxBytes: number) => `The file is larger than the ${formatBytes(maxBytes)} limit`,
  empty: 'The file is empty',
  linkExpired: 'This link has expired; ask for a new one',
  linkInvalid: 'This link is not valid',
  fileNotFound: 'No such file',
  alreadyUploaded: 'A file was already uploaded with this link; ask for a new one',
  purposeInvalid: 'Purpose must be DOCUMENT, or left out',
  fileSizeInvalid: 'File size must be a whole number of bytes, at least 1',
} as const;

/**
 * Uploads with rules of their own beyond the file store's: a client document (practice/documents:
 * the types and size a firm keeps). Any other upload is a plain file (a photo, a logo, an attachment).
 */
export const UploadPurpose = ['DOCUMENT'] as const;
export type UploadPurpose = (typeof UploadPurpose)[number];
export const UPLOAD_PURPOSE_LABELS: Readonly<Record<UploadPurpose, string>> = { DOCUMENT: 'Client document' };

/** What may be uploaded, by extension, with the Content-Type the upload must carry (no SVG: it can carry scripts). */
export const UPLOAD_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  csv: 'text/csv',
  txt: 'text/plain',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The image types a brand logo may be. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** The extension of a file name, lower case, or '' when it has none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** The Content-Type an upload of this name must carry, or a refusal message. */
export function uploadTypeOf(fileName: string): { contentType: string } | { refusal: string } {
  const extension = fileExtension(fileName);
  if (!extension) return { refusal: FileMessage.noExtension };
  const contentType = UPLOAD_TYPES[extension];
  return contentType ? { contentType } : { refusal: FileMessage.typeNotAllowed(extension) };
}

/**
 * The body of `POST /upload/request` and `DELETE /file/delete` (foundations §5, §7): a file name,
 * and whether the file lives in the vault, false unless given. For a delete the name is the
 * `filePath` the upload request answered.
 */
export const uploadRequestSchema = z.object({
  fileName: requiredString(FileMessage.fileNameRequired).max(200, FileMessage.fileNameTooLong),
  useVault: z.boolean().default(false),
  /** What the file is for, when it has rules of its own (a client document's types and size). */
  purpose: z.enum(UploadPurpose, { error: FileMessage.purposeInvalid }).optional(),
  /** The size the upload will have, in bytes, so a file too large is refused before it is sent. */
  fileSize: z
    .number({ error: FileMessage.fileSizeInvalid })
    .int(FileMessage.fileSizeInvalid)
    .positive(FileMessage.fileSizeInvalid)
    .optional(),
});
export type UploadRequest = z.output<typeof uploadRequestSchema>;

export const fileDeleteSchema = z.object({
  fileName: requiredString(FileMessage.fileNameRequired).max(400, FileMessage.fileNameTooLong),
  useVault: z.boolean().default(false),
});
export type FileDeleteRequest = z.output<typeof fileDeleteSchema>;

/** The answer to an upload request: PUT the bytes to `uploadUrl` (with `contentType`) before `expiresAt`. */
export const uploadTicketSchema = z.object({
  uploadUrl: z.string(),
  filePath: z.string(),
  contentType: z.string(),
  maxBytes: z.number().int(),
  expiresAt: z.string(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

export const uploadedFileSchema = z.object({
  filePath: z.string(),
  fileSize: z.number().int(),
  contentType: z.string(),
  /** A signed, expiring address to read the file back. */
  url: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const fileDeletedSchema = z.object({ deleted: z.boolean() });

/** The query of the signed upload (PUT) and download (GET) addresses. */
export const signedFileQuerySchema = z.object({
  path: z.string().min(1).max(400),
  expires: z.coerce.number().int(),
  signature: z.string().min(1).max(200),
});
export type SignedFileQuery = z.output<typeof signedFileQuerySchema>;

// ─── Brands ─────────────────────────────────────────────────────────────────────────────────────

export const BrandMessage = {
  logoTypeInvalid: 'Logo type must be HORIZONTAL or SQUARE',
  fileTypeNotImage: 'A logo must be a PNG, JPEG, WebP or GIF image',
  filePathRequired: 'File path is required',
  fileSizeInvalid: 'File size must be a positive number of bytes',
  logoRequired: 'Logo name is required',
  imageUnreadable: 'The file is not an image that can be read (it may be damaged)',
  imageTooLarge: (maxPixels: number) => `The image is too large: at most ${maxPixels.toLocaleString('en')} pixels`,
  fileMissing: 'The uploaded file is gone; upload the logo again',
} as const;

export const brandLogoTypes = ['HORIZONTAL', 'SQUARE'] as const;
export type BrandLogoKind = (typeof brandLogoTypes)[number];

/** The sizes a logo is rendered at, by name: the longest side in pixels (a square logo is square). */
export const LOGO_SIZES = { small: 64, medium: 256, large: 512 } as const;
export type LogoSizeName = keyof typeof LOGO_SIZES;

export const brandIdParamsSchema = z.object({ brandId: idParam(EntityType.brand, 'brand') });

/** `PATCH /brands/{brandId}/change-logo`: a file already uploaded through `POST /upload/request`. */
export const changeLogoSchema = z.object({
  logo: requiredString(BrandMessage.logoRequired).max(200),
  type: z.enum(brandLogoTypes, { message: BrandMessage.logoTypeInvalid }),
  filePath: requiredString(BrandMessage.filePathRequired).max(400),
  fileType: z.enum(LOGO_TYPES, { message: BrandMessage.fileTypeNotImage }),
  fileSize: z
    .number({ message: BrandMessage.fileSizeInvalid })
    .int(BrandMessage.fileSizeInvalid)
    .positive(BrandMessage.fileSizeInvalid),
});
export type ChangeLogoInput = z.output<typeof changeLogoSchema>;

/** What the image job reports when it is done (`make-image-processing-complete`). */
export const imageProcessingCompleteSchema = z.object({
  baseFileName: z.string().min(1),
  brandId: z.string().min(1),
  /** Storage paths of the renditions, by size name; signed when read. */
  logoUrls: z.record(z.string(), z.string()),
  type: z.enum(brandLogoTypes),
});
export type ImageProcessingComplete = z.infer<typeof imageProcessingCompleteSchema>;

export const brandLogoSchema = z.object({
  type: z.enum(brandLogoTypes),
  /** READY: the renditions below are current; PROCESSING: a new upload is being made; FAILED: see error. */
  status: z.enum(['READY', 'PROCESSING', 'FAILED']),
  /** Signed, expiring addresses of the renditions by size name; empty until a first upload succeeds. */
  urls: z.record(z.string(), z.string()),
  error: z.string().nullable(),
  processedAt: z.string().nullable(),
});
export type BrandLogoView = z.infer<typeof brandLogoSchema>;

export const brandSchema = z.object({
  id: z.string(),
  name: z.string(),
  logos: z.array(brandLogoSchema),
});
export type BrandView = z.infer<typeof brandSchema>;
