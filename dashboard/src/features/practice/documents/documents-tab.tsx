import { useCallback, useRef, useState } from 'react';
import { Button, Callout } from '@tremor/react';
import { documentFileTypeOf, documentSizeProblem, type DocumentResponse } from '@meridian/domain';
import { toApiError, uploadFile } from '../../../api';
import { documentCalls } from '../../../api/notes';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loaded } from '../../../components/loaded';
import { useResource } from '../../../hooks/use-resource';
import { useCan } from '../../platform/auth/use-can';
import { Empty, RecordCard, SmallButton } from '../../crm/record-list';
import { DocumentTable, downloadDocument } from './document-table';

/**
 * The Documents tab of a household's or a contact's page: its documents, newest first, each
 * downloadable through a signed address; upload (types and sizes the firm refuses are refused with
 * the API's sentence before anything is sent) and delete after a question.
 */
export function DocumentsTab({ ownerId, ownerName }: { ownerId: string; ownerName: string }) {
  const load = useCallback((signal: AbortSignal) => documentCalls.byOwner(ownerId, signal), [ownerId]);
  const resource = useResource(load);
  const [changed, setChanged] = useState<DocumentResponse[]>();
  const [deleting, setDeleting] = useState<DocumentResponse>();
  const [uploading, setUploading] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const can = useCan();
  const documents = changed ?? resource.data;
  const change = (update: (current: DocumentResponse[]) => DocumentResponse[]) =>
    setChanged((latest) => update(latest ?? resource.data ?? []));

  async function upload(files: readonly File[]) {
    setError(undefined);
    for (const file of files) {
      // The domain's own rules, so a refused file is not sent at all; the API says the same.
      const type = documentFileTypeOf(file.name);
      const refusal = 'refusal' in type ? type.refusal : documentSizeProblem(file.size);
      if (refusal) {
        setError(`${file.name}: ${refusal}`);
        continue;
      }
      setUploading((current) => [...current, file.name]);
      try {
        const ticket = await uploadFile(file, { purpose: 'DOCUMENT', fileSize: file.size });
        const created = await documentCalls.create({
          filePath: ticket.filePath,
          ownerId,
          originalFileName: file.name,
          mentions: [],
          shouldRename: true,
        });
        change((current) => [created, ...current]);
      } catch (failure) {
        setError(`${file.name}: ${toApiError(failure).message}`);
      } finally {
        setUploading((current) => current.filter((name) => name !== file.name));
      }
    }
  }

  async function download(item: DocumentResponse) {
    setError(undefined);
    try {
      await downloadDocument(item.id);
    } catch (failure) {
      setError(`${item.originalFileName}: ${toApiError(failure).message}`);
    }
  }

  return (
    <RecordCard title="Documents" testId="documents">
      {can('PRACTICE_WRITE') && (
        <div
          className={`flex flex-wrap items-center gap-3 rounded-tremor-default border border-dashed p-4 ${dragging ? 'border-tremor-brand bg-tremor-brand-faint' : 'border-tremor-border'}`}
          data-testid="document-drop"
          onDragOver={(event) => {
            if (!event.dataTransfer.types.includes('Files')) return;
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            void upload([...event.dataTransfer.files]);
          }}
        >
          <Button variant="secondary" onClick={() => input.current?.click()} loading={uploading.length > 0}>
            Upload documents
          </Button>
          <span className="text-tremor-label text-tremor-content">
            or drop them here. PDF, Word, Excel, CSV, text, PNG or JPEG files.
          </span>
          <input
            ref={input}
            type="file"
            multiple
            className="hidden"
            aria-label="Upload documents"
            data-testid="document-file-input"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              void upload(files);
            }}
          />
        </div>
      )}
      {uploading.map((name) => (
        <p key={name} role="status" className="text-tremor-label text-tremor-content">
          Uploading {name}…
        </p>
      ))}
      {error && <Callout title={error} color="rose" role="alert" data-testid="documents-error" />}
      <Loaded resource={{ ...resource, data: documents }} what="documents">
        {(loaded) =>
          loaded.length === 0 ? (
            <Empty>
              {can('PRACTICE_WRITE')
                ? `No document for ${ownerName} yet. Upload a statement, a signed form or an ID with the button above.`
                : `No document for ${ownerName} yet.`}
            </Empty>
          ) : (
            <DocumentTable
              documents={loaded}
              onDownload={(item) => void download(item)}
              actions={(item) =>
                can('PRACTICE_DELETE') && (
                  <SmallButton onClick={() => setDeleting(item)} testId="document-delete">
                    Delete
                  </SmallButton>
                )
              }
            />
          )
        }
      </Loaded>
      {deleting && (
        <ConfirmDialog
          title="Delete this document?"
          testId="document-delete-dialog"
          confirmLabel="Delete document"
          action={() => documentCalls.remove(deleting.id)}
          onDone={() => {
            change((current) => current.filter((item) => item.id !== deleting.id));
            setDeleting(undefined);
          }}
          onClose={() => setDeleting(undefined)}
        >
          “{deleting.originalFileName}” leaves the list and can no longer be downloaded. The audit log keeps a record of
          it.
        </ConfirmDialog>
      )}
    </RecordCard>
  );
}
