import { z } from 'zod';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { emailSchema } from '../../shared/input/email.js';
import { idParam } from '../../shared/input/id-param.js';
import { listPageSchema, paginationSchema } from '../../shared/input/lists.js';

/**
 * E-mail threads (crm §1: "link third-party services: calendar and e-mail"). 'Please enter a
 * valid email address' is the spec's (crm §5, a meeting participant's e-mail); the rest are ours.
 */
export const CommsMessage = {
  emailInvalid: 'Please enter a valid email address',
  emailsRequired: 'Give at least one e-mail address',
  emailsTooMany: 'Give at most 50 e-mail addresses at a time',
  threadNotFound: 'E-mail thread not found',
  connectionNotMailbox: 'This connection is not a calendar and mailbox connection',
  limitInvalid: 'Limit must be a whole number from 1 to 50',
} as const;

/** The most addresses one update takes. */
export const MAX_UPDATE_EMAILS = 50;
/** The most threads a contact's page asks for at once. */
export const MAX_THREADS_PAGE = 50;
/** The most messages of a thread read from the mailbox when it is opened (the newest). */
export const MAX_THREAD_MESSAGES = 25;

export const emailThreadIdParam = idParam(EntityType.emailThread, 'e-mail thread');
export const emailThreadIdParamsSchema = z.object({ threadId: emailThreadIdParam });

/**
 * `POST /comms/update-email-threads`: the threads exchanged with these addresses are read from the
 * connection's mailbox and kept (their summaries), each linked to the contacts whose e-mail it holds.
 * Addresses are compared without case; each is kept once.
 */
export const updateEmailThreadsSchema = z.object({
  connectionId: idParam(EntityType.connection, 'connection'),
  emails: z
    .array(emailSchema(CommsMessage.emailInvalid), { error: CommsMessage.emailsRequired })
    .min(1, CommsMessage.emailsRequired)
    .max(MAX_UPDATE_EMAILS, CommsMessage.emailsTooMany)
    .transform((emails) => [...new Set(emails.map((email) => email.trim().toLowerCase()))]),
});
export type UpdateEmailThreads = z.output<typeof updateEmailThreadsSchema>;

/** What an update queued: the mailbox, the addresses (lower-cased, each once) and the update's id. */
export const emailThreadsUpdateSchema = z.object({
  updateId: z.string(),
  connectionId: z.string(),
  emails: z.array(z.string()),
});
export type EmailThreadsUpdate = z.infer<typeof emailThreadsUpdateSchema>;

/** `GET /contacts/{contactId}/email-threads`: page and limit (at most 50), newest first. */
export const contactEmailThreadsQuerySchema = paginationSchema.extend({
  limit: z.coerce
    .number({ error: CommsMessage.limitInvalid })
    .int(CommsMessage.limitInvalid)
    .min(1, CommsMessage.limitInvalid)
    .max(MAX_THREADS_PAGE, CommsMessage.limitInvalid)
    .default(20),
});
export type ContactEmailThreadsQuery = z.output<typeof contactEmailThreadsQuerySchema>;

export const emailParticipantSchema = z.object({ email: z.string(), name: z.string().nullable() });
export type EmailParticipant = z.infer<typeof emailParticipantSchema>;

/** A thread as a contact's page lists it: its summary, never a message's body. */
export const emailThreadSchema = z.object({
  id: z.string(),
  subject: z.string().nullable(),
  snippet: z.string().nullable(),
  participants: z.array(emailParticipantSchema),
  /** ISO 8601; null when the mailbox gave no date. */
  lastMessageAt: z.string().nullable(),
  unread: z.boolean(),
  messageCount: z.number().int(),
});
export type EmailThreadView = z.infer<typeof emailThreadSchema>;

export const emailThreadsPageSchema = listPageSchema(emailThreadSchema);
export type EmailThreadsPage = z.infer<typeof emailThreadsPageSchema>;

/** One message of an opened thread, read from the mailbox now: shown, never stored nor logged. */
export const emailMessageSchema = z.object({
  id: z.string(),
  subject: z.string().nullable(),
  date: z.string(),
  from: z.array(emailParticipantSchema),
  to: z.array(emailParticipantSchema),
  /** The message as plain text: its HTML's tags taken out, so no page ever runs a message's markup. */
  text: z.string(),
});
export type EmailMessageView = z.infer<typeof emailMessageSchema>;

/** `GET /comms/threads/{threadId}/messages`: the thread and its newest messages, oldest first. */
export const emailThreadMessagesSchema = z.object({
  thread: emailThreadSchema,
  messages: z.array(emailMessageSchema),
  /** How many older messages were left unread (beyond the newest 25). */
  olderNotShown: z.number().int(),
});
export type EmailThreadMessages = z.infer<typeof emailThreadMessagesSchema>;
