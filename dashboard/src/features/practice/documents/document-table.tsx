import type { ReactNode } from 'react';
import {
  DOCUMENT_FILE_TYPE_LABELS,
  fileExtension,
  formatBytes,
  type DocumentFileType,
  type DocumentResponse,
} from '@meridian/domain';
import { documentCalls } from '../../../api/notes';
import { RelativeTime } from '../../../components/relative-time';

/** A document's kind in words, by its name's extension. */
export function documentKindOf(name: string): string {
  const extension = fileExtension(name);
  return DOCUMENT_FILE_TYPE_LABELS[extension as DocumentFileType] ?? 'File';
}

/** Opens a document through the signed, expiring address the API gives for it. */
export async function downloadDocument(documentId: string): Promise<void> {
  const download = await documentCalls.requestDownload(documentId);
  const link = window.document.createElement('a');
  link.href = download.url;
  link.download = download.fileName;
  window.document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Documents as a table, newest first: the name (a click downloads it), its kind, size and when
 * it was added; `where` adds a column after the name (the firm's list says whose each one is),
 * `actions` a last one (a record's tab offers Delete).
 */
export function DocumentTable({
  documents,
  onDownload,
  where,
  actions,
}: {
  documents: readonly DocumentResponse[];
  onDownload: (document: DocumentResponse) => void;
  where?: { label: string; cell: (document: DocumentResponse) => ReactNode };
  actions?: (document: DocumentResponse) => ReactNode;
}) {
  return (
    <table className="w-full text-left text-tremor-default" aria-label="Documents, newest first">
      <thead className="text-tremor-label text-tremor-content">
        <tr>
          <th className="py-2 font-medium">Name</th>
          {where && <th className="py-2 font-medium">{where.label}</th>}
          <th className="py-2 font-medium">Kind</th>
          <th className="py-2 font-medium">Size</th>
          <th className="py-2 font-medium">Added</th>
          {actions && <th className="py-2" aria-label="Actions" />}
        </tr>
      </thead>
      <tbody className="divide-y divide-tremor-border">
        {documents.map((item) => (
          <tr key={item.id} data-testid="document">
            <td className="py-2">
              <button
                type="button"
                className="text-left font-medium text-tremor-brand hover:underline"
                onClick={() => onDownload(item)}
                data-testid="document-download"
              >
                {item.originalFileName}
              </button>
            </td>
            {where && (
              <td className="py-2 text-tremor-content" data-testid="document-where">
                {where.cell(item)}
              </td>
            )}
            <td className="py-2 text-tremor-content">{documentKindOf(item.originalFileName)}</td>
            <td className="py-2 text-tremor-content">{item.fileSize === null ? '—' : formatBytes(item.fileSize)}</td>
            <td className="py-2 text-tremor-content">
              <RelativeTime value={item.createdAt} />
            </td>
            {actions && <td className="py-2 text-right">{actions(item)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
