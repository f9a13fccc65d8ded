import { useCallback, useState } from 'react';
import { Button, Callout, Dialog, DialogPanel, Title } from '@tremor/react';
import { Link } from 'react-router';
import { MAX_UPDATE_EMAILS, type EmailParticipant, type EmailThreadView } from '@meridian/domain';
import { listConnectionsByOwner, toApiError } from '../../../api';
import { commsCalls } from '../../../api/comms';
import { Loaded } from '../../../components/loaded';
import { Pager } from '../../../components/pager';
import { RelativeTime } from '../../../components/relative-time';
import { useResource } from '../../../hooks/use-resource';
import { useCan } from '../../platform/auth/use-can';
import { Empty, RecordCard, SmallButton } from '../../crm/record-list';

const PAGE_SIZE = 10;
/** After an update is queued, the list is read again this often, this many times. */
const UPDATE_POLL_MS = 1_500;
const UPDATE_POLLS = 6;

/** A participant as a person reads them: their name, else their address. */
const nameOf = (participant: EmailParticipant) => participant.name ?? participant.email;

/**
 * The contact page's E-mail section: the threads exchanged with the contact's addresses in the
 * team's connected mailboxes (subject, who took part, the snippet, when, unread), newest first; a
 * thread opens its messages, read from the mailbox at that moment. "Update from mailbox" reads
 * the threads again in the background; without a connected mailbox it says where to connect one.
 */
export function EmailThreadsSection({
  contactId,
  teamId,
  emails,
}: {
  contactId: string;
  teamId: string;
  emails: readonly string[];
}) {
  const can = useCan();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<EmailThreadView | null>(null);
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const [updating, setUpdating] = useState(false);
  const threads = useResource(
    useCallback(
      (signal: AbortSignal) => commsCalls.threadsOf(contactId, { page, limit: PAGE_SIZE }, signal),
      [contactId, page],
    ),
  );
  const mayUpdate = can('PRACTICE_WRITE') && can('BANK_LINK');
  const mailboxes = useResource(
    useCallback(
      (signal: AbortSignal) => (mayUpdate ? listConnectionsByOwner(teamId, 'NYLAS', signal) : Promise.resolve([])),
      [teamId, mayUpdate],
    ),
  );
  const connected = (mailboxes.data ?? []).filter((connection) => !connection.needsReauth);

  const update = async () => {
    setUpdating(true);
    setError(undefined);
    setNotice(undefined);
    try {
      for (const connection of connected) {
        await commsCalls.update({ connectionId: connection.id, emails: emails.slice(0, MAX_UPDATE_EMAILS) });
      }
      setNotice('Reading the mailbox… new threads appear here in a moment.');
      for (let poll = 1; poll <= UPDATE_POLLS; poll++) {
        window.setTimeout(() => threads.reload(), poll * UPDATE_POLL_MS);
      }
    } catch (failure) {
      setError(toApiError(failure).message);
    } finally {
      setUpdating(false);
    }
  };

  return (
    <RecordCard title="E-mail" testId="email-threads" error={error}>
      {mayUpdate && connected.length > 0 && emails.length > 0 && (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            size="xs"
            variant="secondary"
            onClick={() => void update()}
            loading={updating}
            data-testid="email-update"
          >
            Update from mailbox
          </Button>
          {notice && (
            <span className="text-tremor-default text-tremor-content" role="status" data-testid="email-update-notice">
              {notice}
            </span>
          )}
        </div>
      )}
      <Loaded resource={threads} what="e-mail threads">
        {(data) =>
          data.total === 0 ? (
            <NoThreads hasEmail={emails.length > 0} hasMailbox={connected.length > 0} />
          ) : (
            <>
              <ul className="divide-y divide-tremor-border">
                {data.items.map((thread) => (
                  <ThreadRow key={thread.id} thread={thread} onOpen={() => setOpen(thread)} />
                ))}
              </ul>
              {data.total > PAGE_SIZE && (
                <Pager page={data.page} limit={data.limit} total={data.total} onPage={setPage} />
              )}
            </>
          )
        }
      </Loaded>
      {open && <ThreadDialog thread={open} onClose={() => setOpen(null)} />}
    </RecordCard>
  );
}

function NoThreads({ hasEmail, hasMailbox }: { hasEmail: boolean; hasMailbox: boolean }) {
  if (!hasEmail) {
    return <Empty>Add an e-mail address to this contact to see the e-mails you exchange with them here.</Empty>;
  }
  if (hasMailbox) {
    return <Empty>No e-mail with this contact yet. Choose Update from mailbox to read your mailbox again.</Empty>;
  }
  return (
    <Empty>
      No e-mail with this contact yet. To see the e-mails you exchange with them, connect your calendar and mailbox
      (Google, Microsoft or iCloud) under{' '}
      <Link to="/settings/calendars" className="text-tremor-brand hover:underline">
        Settings, Calendars
      </Link>
      , then choose Update from mailbox here.
    </Empty>
  );
}

function ThreadRow({ thread, onOpen }: { thread: EmailThreadView; onOpen: () => void }) {
  return (
    <li data-testid="email-thread">
      <button
        type="button"
        onClick={onOpen}
        className="flex w-full items-start gap-3 py-2 text-left hover:bg-tremor-background-subtle"
      >
        <span className="mt-1.5 w-2 shrink-0" aria-hidden={!thread.unread}>
          {thread.unread && (
            <span className="block h-2 w-2 rounded-full bg-tremor-brand" title="Unread" data-testid="email-unread" />
          )}
          {thread.unread && <span className="sr-only">Unread</span>}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-3">
            <span
              className={`truncate text-tremor-default ${thread.unread ? 'font-semibold' : 'font-medium'} text-tremor-content-strong`}
              data-testid="email-thread-subject"
            >
              {thread.subject ?? '(no subject)'}
            </span>
            <span className="shrink-0 text-tremor-label text-tremor-content">
              <RelativeTime value={thread.lastMessageAt} />
            </span>
          </span>
          <span className="block truncate text-tremor-label text-tremor-content" data-testid="email-thread-people">
            {thread.participants.map(nameOf).join(', ')}
            {thread.messageCount > 1 && ` (${thread.messageCount})`}
          </span>
          {thread.snippet && (
            <span className="block truncate text-tremor-label text-tremor-content-subtle">{thread.snippet}</span>
          )}
        </span>
      </button>
    </li>
  );
}

function ThreadDialog({ thread, onClose }: { thread: EmailThreadView; onClose: () => void }) {
  const messages = useResource(
    useCallback((signal: AbortSignal) => commsCalls.messages(thread.id, signal), [thread.id]),
  );
  const title = thread.subject ?? '(no subject)';
  return (
    <Dialog open onClose={onClose} static aria-label={title}>
      <DialogPanel className="max-w-2xl space-y-4" data-testid="email-thread-dialog">
        <Title>{title}</Title>
        <Loaded resource={messages} what="messages">
          {(data) => (
            <div className="max-h-[60vh] space-y-4 overflow-y-auto">
              {data.olderNotShown > 0 && (
                <Callout title="Older messages" color="gray">
                  {data.olderNotShown} older {data.olderNotShown === 1 ? 'message is' : 'messages are'} not shown.
                </Callout>
              )}
              {data.messages.length === 0 && <Empty>The messages of this thread are no longer in the mailbox.</Empty>}
              {data.messages.map((message) => (
                <article
                  key={message.id}
                  className="space-y-1 border-b border-tremor-border pb-3"
                  data-testid="email-message"
                >
                  <header className="flex items-baseline justify-between gap-3 text-tremor-label text-tremor-content">
                    <span className="font-medium text-tremor-content-strong">
                      {message.from.map(nameOf).join(', ') || 'Unknown sender'}
                    </span>
                    <RelativeTime value={message.date} />
                  </header>
                  {message.to.length > 0 && (
                    <p className="text-tremor-label text-tremor-content">To {message.to.map(nameOf).join(', ')}</p>
                  )}
                  <p className="whitespace-pre-wrap text-tremor-default text-tremor-content-strong">{message.text}</p>
                </article>
              ))}
            </div>
          )}
        </Loaded>
        <div className="flex justify-end">
          <SmallButton onClick={onClose} testId="email-thread-close">
            Close
          </SmallButton>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
