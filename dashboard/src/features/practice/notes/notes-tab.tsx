import { useCallback, useState } from 'react';
import { Badge } from '@tremor/react';
import { Link } from 'react-router';
import { enumLabel, formatBytes, type NoteResponse } from '@meridian/domain';
import { toApiError } from '../../../api';
import { noteCalls } from '../../../api/notes';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loaded } from '../../../components/loaded';
import { RelativeTime } from '../../../components/relative-time';
import { useResource } from '../../../hooks/use-resource';
import { useCan } from '../../platform/auth/use-can';
import { Empty, RecordCard, SmallButton } from '../../crm/record-list';
import { contentParts, editorTextOf } from './mention-text';
import { entityPath } from './mention-picker';
import { type NoteDraft, NoteEditor } from './note-editor';

/** A note's text with its mentions shown by name, linked to their pages where they have one. */
export function NoteContent({ content }: { content: string }) {
  return (
    <p className="whitespace-pre-line text-tremor-default text-tremor-content-emphasis" data-testid="note-content">
      {contentParts(content).map((part, index) => {
        if ('text' in part) return <span key={index}>{part.text}</span>;
        const path = entityPath(part.mention.id);
        const label = `@${part.mention.name}`;
        return path ? (
          <Link key={index} to={path} className="font-medium text-tremor-brand hover:underline">
            {label}
          </Link>
        ) : (
          <span key={index} className="font-medium text-tremor-brand-emphasis" data-testid="note-mention">
            {label}
          </span>
        );
      })}
    </p>
  );
}

function NoteItem({
  note,
  pageEntityId,
  onChange,
  onDelete,
}: {
  note: NoteResponse;
  pageEntityId: string;
  onChange: (note: NoteResponse) => void;
  onDelete: () => void;
}) {
  const can = useCan();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string>();
  const ownerPath =
    note.owner.kind === 'CONTACT'
      ? `/crm/contacts/${note.owner.id}`
      : note.owner.householdId
        ? `/crm/households/${note.owner.householdId}`
        : undefined;

  async function toggleStar() {
    setError(undefined);
    try {
      onChange(await (note.starred ? noteCalls.unstar(note.id) : noteCalls.star(note.id)));
    } catch (failure) {
      setError(toApiError(failure).message);
    }
  }

  if (editing) {
    const { text, mentions } = editorTextOf(note.body.content);
    return (
      <li className="py-3" data-testid="note">
        <NoteEditor
          teamId={note.teamId}
          testId="note-edit"
          submitLabel="Save note"
          initial={{
            title: note.title ?? '',
            text,
            mentions,
            attachments: note.attachments.map((item) => ({
              url: item.url,
              fileName: item.fileName,
              ...(item.fileSize === null ? {} : { size: item.fileSize }),
            })),
          }}
          onCancel={() => setEditing(false)}
          onSubmit={async (draft) => {
            onChange(
              await noteCalls.edit(note.id, {
                title: draft.title,
                body: {
                  content: draft.content,
                  extraMentions: note.body.extraMentions.map(({ entityType, entityId }) => ({ entityType, entityId })),
                },
                attachments: draft.attachments,
              }),
            );
            setEditing(false);
          }}
        />
      </li>
    );
  }

  return (
    <li className="space-y-1 py-3" data-testid="note">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-0.5">
          <p className="flex flex-wrap items-center gap-2 text-tremor-default">
            {note.starred && (
              <Badge size="xs" color="amber" data-testid="note-starred">
                Starred
              </Badge>
            )}
            <span className="font-semibold text-tremor-content-strong" data-testid="note-title">
              {note.title ?? 'Note'}
            </span>
          </p>
          <p className="text-tremor-label text-tremor-content">
            {note.author ? `${note.author.name} · ` : ''}
            <RelativeTime value={note.createdAt} />
            {note.owner.id !== pageEntityId && (
              <>
                {' · about '}
                {ownerPath ? (
                  <Link to={ownerPath} className="text-tremor-brand hover:underline">
                    {note.owner.name}
                  </Link>
                ) : (
                  note.owner.name
                )}{' '}
                ({enumLabel('TaskOwnerKind', note.owner.kind).toLowerCase()})
              </>
            )}
          </p>
        </div>
        <span className="flex gap-1">
          {can('PRACTICE_WRITE') && (
            <>
              <SmallButton onClick={() => void toggleStar()} testId="note-star">
                {note.starred ? 'Unstar' : 'Star'}
              </SmallButton>
              <SmallButton onClick={() => setEditing(true)} testId="note-edit-button">
                Edit
              </SmallButton>
            </>
          )}
          {can('PRACTICE_DELETE') && (
            <SmallButton onClick={onDelete} testId="note-delete">
              Delete
            </SmallButton>
          )}
        </span>
      </div>
      <NoteContent content={note.body.content} />
      {note.attachments.length > 0 && (
        <ul aria-label="Attached files" className="flex flex-wrap gap-x-4 gap-y-1">
          {note.attachments.map((item) => (
            <li key={item.id} className="text-tremor-default">
              <a
                href={item.downloadUrl}
                download={item.fileName}
                className="font-medium text-tremor-brand hover:underline"
                data-testid="note-attachment"
              >
                {item.fileName}
              </a>
              {item.fileSize !== null && (
                <span className="ml-1 text-tremor-label text-tremor-content">{formatBytes(item.fileSize)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="text-tremor-default text-red-600">
          {error}
        </p>
      )}
    </li>
  );
}

/**
 * The Notes tab of a household's or a contact's page: the editor that writes one about `ownerId`
 * (in its team), then its notes (about it or mentioning it), newest first, each with its files.
 */
export function NotesTab({ ownerId, teamId, ownerName }: { ownerId: string; teamId: string; ownerName: string }) {
  const load = useCallback((signal: AbortSignal) => noteCalls.byEntity(ownerId, signal), [ownerId]);
  const resource = useResource(load);
  const [changed, setChanged] = useState<NoteResponse[]>();
  const [deleting, setDeleting] = useState<NoteResponse>();
  const canWrite = useCan()('PRACTICE_WRITE');
  const notes = changed ?? resource.data;
  const change = (update: (current: NoteResponse[]) => NoteResponse[]) =>
    setChanged((latest) => update(latest ?? resource.data ?? []));

  async function create(draft: NoteDraft) {
    const note = await noteCalls.create({
      title: draft.title,
      body: { content: draft.content, extraMentions: [] },
      owner: ownerId,
      team: teamId,
      attachments: draft.attachments,
    });
    change((current) => [note, ...current]);
  }

  return (
    <RecordCard title="Notes" testId="notes">
      {canWrite && <NoteEditor teamId={teamId} testId="note-new" submitLabel="Add note" onSubmit={create} />}
      <Loaded resource={{ ...resource, data: notes }} what="notes">
        {(loaded) =>
          loaded.length === 0 ? (
            <Empty>
              {canWrite
                ? `No note about ${ownerName} yet. Write the first one above: what was said at the last meeting, a decision, a reminder. Type @ to tell a colleague.`
                : `No note about ${ownerName} yet.`}
            </Empty>
          ) : (
            <ul className="divide-y divide-tremor-border" aria-label="Notes, newest first">
              {loaded.map((note) => (
                <NoteItem
                  key={note.id}
                  note={note}
                  pageEntityId={ownerId}
                  onChange={(saved) =>
                    change((current) => current.map((item) => (item.id === saved.id ? saved : item)))
                  }
                  onDelete={() => setDeleting(note)}
                />
              ))}
            </ul>
          )
        }
      </Loaded>
      {deleting && (
        <ConfirmDialog
          title="Delete this note?"
          testId="note-delete-dialog"
          confirmLabel="Delete note"
          action={() => noteCalls.remove(deleting.id)}
          onDone={() => {
            change((current) => current.filter((item) => item.id !== deleting.id));
            setDeleting(undefined);
          }}
          onClose={() => setDeleting(undefined)}
        >
          “{deleting.title ?? 'This note'}”
          {deleting.attachments.length === 0
            ? ' leaves'
            : deleting.attachments.length === 1
              ? ' and its attached file leave'
              : ` and its ${deleting.attachments.length} attached files leave`}{' '}
          every list and search. The audit log keeps a record of it.
        </ConfirmDialog>
      )}
    </RecordCard>
  );
}
