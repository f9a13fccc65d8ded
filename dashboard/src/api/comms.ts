import type { EmailThreadMessages, EmailThreadsPage, EmailThreadsUpdate, UpdateEmailThreads } from '@meridian/domain';
import { apiRequest } from './client';
import { withQuery } from './query';

// E-mail threads read from a connected mailbox: a contact's, one thread's messages, an update.

export const commsCalls = {
  /** The contact's threads, newest first, a page at a time. */
  threadsOf: (contactId: string, query: { page: number; limit: number }, signal?: AbortSignal) =>
    apiRequest<EmailThreadsPage>(withQuery(`/contacts/${encodeURIComponent(contactId)}/email-threads`, query), {
      signal,
    }),
  /** The thread's newest messages, read from the mailbox now. */
  messages: (threadId: string, signal?: AbortSignal) =>
    apiRequest<EmailThreadMessages>(`/comms/threads/${encodeURIComponent(threadId)}/messages`, { signal }),
  /** Reads again the threads exchanged with these addresses, in the background. */
  update: (body: UpdateEmailThreads) =>
    apiRequest<EmailThreadsUpdate>('/comms/update-email-threads', { method: 'POST', body }),
};
