import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { ConnectorError, type NylasMessageBody } from '@meridian/connectors';
import {
  CommsMessage,
  DomainError,
  ErrorCode,
  MAX_THREAD_MESSAGES,
  messageText,
  notFound,
  type ContactEmailThreadsQuery,
  type EmailMessageView,
  type EmailThreadMessages,
  type EmailThreadsPage,
  type EmailThreadsUpdate,
  type ReferenceUse,
  type UpdateEmailThreads,
} from '@meridian/domain';
import { LOGGER } from '../../../common/logging/logger.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { QueueService } from '../../../infra/queue/queue.service.js';
import { NylasClients } from '../../hub/providers/nylas/index.js';
import { ConnectionsWriter } from '../../hub/sync/index.js';
import { EntityResolver } from '../../platform/entity-resolver/index.js';
import { EmailThreadsRepository, toThreadView } from './email-threads.repository.js';

const THREADS_CONTACT: ReferenceUse = { kinds: ['CONTACT'], notFoundAs: 'Contact' };

/** What opening a thread says when its mailbox's login has expired. */
export const MAILBOX_EXPIRED = 'The mailbox connection has expired: connect the calendar and mailbox again';

/**
 * E-mail threads: an update of the threads exchanged with some addresses, queued for the worker
 * (`comms.update-email-threads`, done by `EmailThreadsUpdate`); a contact's threads by page; and a
 * thread's messages, read from the mailbox when it is opened and handed to the caller only: never
 * stored, never logged. Every id goes through the caller's scope: a connection through the tenant
 * client's team rule, a contact through the entity resolver, a thread through its connection or
 * one of its contacts.
 */
@Injectable()
export class CommsService {
  constructor(
    @Inject(EmailThreadsRepository) private readonly threads: EmailThreadsRepository,
    @Inject(EntityResolver) private readonly entities: EntityResolver,
    @Inject(NylasClients) private readonly clients: NylasClients,
    @Inject(QueueService) private readonly queue: QueueService,
    @Inject(ConnectionsWriter) private readonly connections: ConnectionsWriter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async queueUpdate(body: UpdateEmailThreads): Promise<EmailThreadsUpdate> {
    const connection = await this.threads.connection(body.connectionId);
    if (!connection) throw notFound('Connection');
    if (connection.service !== 'NYLAS' || connection.credentialsKeyId === null) {
      throw new DomainError(ErrorCode.CONFLICT, CommsMessage.connectionNotMailbox);
    }
    if (connection.needsReauthSince !== null) throw new DomainError(ErrorCode.CONFLICT, MAILBOX_EXPIRED);
    // 409 when this server has no Nylas settings: the worker could not read the mailbox.
    this.clients.client();
    const updateId = randomUUID();
    await this.queue.enqueue('comms.update-email-threads', {
      organizationId: currentOrganizationId(),
      connectionId: connection.id,
      emails: body.emails,
      updateId,
    });
    return { updateId, connectionId: connection.id, emails: body.emails };
  }

  async ofContact(contactId: string, query: ContactEmailThreadsQuery): Promise<EmailThreadsPage> {
    await this.entities.requireOne(contactId, THREADS_CONTACT, 'contactId');
    const { rows, total } = await this.threads.ofContact(contactId, query.page, query.limit);
    return { items: rows.map(toThreadView), page: query.page, limit: query.limit, total };
  }

  async messages(threadId: string): Promise<EmailThreadMessages> {
    const thread = await this.threads.thread(threadId);
    if (!thread || !(await this.reachable(thread.connectionId, thread.contacts))) throw notFound('E-mail thread');
    // 409 when this server has no Nylas settings, before the grant is unsealed.
    this.clients.client();
    const organizationId = currentOrganizationId();
    const grantId = await this.clients.grantOf(organizationId, thread.connectionId);
    const newest = thread.messageIds.slice(-MAX_THREAD_MESSAGES);
    let read: (NylasMessageBody | null)[];
    try {
      read = await Promise.all(newest.map((messageId) => this.readMessage(grantId, messageId)));
    } catch (error) {
      if (!(error instanceof ConnectorError)) throw error;
      this.logger.info(
        { connectionId: thread.connectionId, threadId, code: error.code, status: error.status },
        'Nylas messages failed',
      );
      if (error.classification === 'AUTH') {
        await this.connections.markNeedsReauth(organizationId, thread.connectionId, error.code, new Date());
        throw new DomainError(ErrorCode.CONFLICT, MAILBOX_EXPIRED);
      }
      throw new DomainError(ErrorCode.PROVIDER_UNAVAILABLE, `The mailbox could not be read: ${error.message}`);
    }
    const messages: EmailMessageView[] = read
      .filter((message) => message !== null)
      .sort((a, b) => a.date.getTime() - b.date.getTime())
      .map((message) => ({
        id: message.id,
        subject: message.subject,
        date: message.date.toISOString(),
        from: message.from,
        to: message.to,
        text: messageText(message.body),
      }));
    return {
      thread: toThreadView(thread),
      messages,
      olderNotShown: thread.messageIds.length - newest.length,
    };
  }

  /** A message, or null when it is gone from the mailbox since the thread was read. */
  private async readMessage(grantId: string, messageId: string): Promise<NylasMessageBody | null> {
    try {
      return await this.clients.client().getMessage(grantId, messageId);
    } catch (error) {
      if (error instanceof ConnectorError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }

  /** A thread is the caller's when its mailbox is, or when one of its contacts is. */
  private async reachable(connectionId: string, contacts: readonly { contactId: string }[]): Promise<boolean> {
    if (await this.threads.connection(connectionId)) return true;
    if (contacts.length === 0) return false;
    const found = await this.entities.resolve(
      contacts.map((link) => link.contactId),
      ['CONTACT'],
    );
    return found.size > 0;
  }
}
