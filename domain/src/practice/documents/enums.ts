import { formatBytes } from '../../shared/format/number.js';
import { fileExtension, UPLOAD_TYPES } from '../../platform/files/schemas.js';

/**
 * The kinds of file a firm keeps as a client document, by extension: statements and forms (PDF,
 * Word, Excel, CSV, text) and scans or photos of them. Every one is also a type the file store
 * takes (`UPLOAD_TYPES`), with the Content-Type its upload carries.
 */
export const DocumentFileType = ['pdf', 'docx', 'xlsx', 'csv', 'txt', 'png', 'jpg', 'jpeg'] as const;
export type DocumentFileType = (typeof DocumentFileType)[number];

export const DOCUMENT_FILE_TYPE_LABELS: Readonly<Record<DocumentFileType, string>> = {
  pdf: 'PDF document',
  docx: 'Word document',
  xlsx: 'Excel workbook',
  csv: 'CSV file',
  txt: 'Text file',
  png: 'PNG image',
  jpg: 'JPEG image',
  jpeg: 'JPEG image (.jpeg)',
};

/**
 * The largest document a firm keeps: a scanned statement of many pages fits; a video does not.
 * The file store's own limit (FILE_MAX_BYTES) still applies when it is lower.
 */
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;

/**
 * The folder of a document's upload under the organization's (`files/<org>/documents/<id>/<name>`):
 * the signed upload address names it, so the upload itself knows a document's limits.
 */
export const DOCUMENT_UPLOAD_FOLDER = 'documents';

/** Why a document's file is refused before anything is stored; ours, as the spec has no wording. */
export const DocumentFileMessage = {
  typeNotAccepted: (extension: string) =>
    `A document cannot be a ${extension ? `.${extension}` : 'file without a type'} file; the firm keeps PDF, Word, Excel, CSV, text, PNG and JPEG files`,
  tooLarge: (maxBytes: number) => `A document can be at most ${formatBytes(maxBytes)}`,
} as const;

const ACCEPTED: ReadonlySet<string> = new Set(DocumentFileType);

/** The type of a document's file by its name, or the sentence refusing it. */
export function documentFileTypeOf(fileName: string): { contentType: string } | { refusal: string } {
  const extension = fileExtension(fileName);
  if (!ACCEPTED.has(extension)) return { refusal: DocumentFileMessage.typeNotAccepted(extension) };
  return { contentType: UPLOAD_TYPES[extension]! };
}

/** Why a document of this size is refused under `limit` (the lower of ours and the file store's), or undefined. */
export function documentSizeProblem(bytes: number, limit: number = DOCUMENT_MAX_BYTES): string | undefined {
  const max = Math.min(limit, DOCUMENT_MAX_BYTES);
  return bytes > max ? DocumentFileMessage.tooLarge(max) : undefined;
}
