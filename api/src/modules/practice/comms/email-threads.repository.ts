import { Inject, Injectable } from '@nestjs/common';
import type { EmailParticipant, EmailThreadView } from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';

const THREAD_SELECT = {
  id: true,
  connectionId: true,
  subject: true,
  snippet: true,
  participants: true,
  lastMessageAt: true,
  unread: true,
  messageIds: true,
  messageCount: true,
} as const satisfies Prisma.EmailThreadSelect;

export type EmailThreadRow = Prisma.EmailThreadGetPayload<{ select: typeof THREAD_SELECT }>;

/** The participants as stored ([{email, name}]); anything else there reads as none. */
function participantsOf(value: Prisma.JsonValue): EmailParticipant[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return [];
    const email = entry.email;
    const name = entry.name;
    return typeof email === 'string' ? [{ email, name: typeof name === 'string' ? name : null }] : [];
  });
}

export function toThreadView(row: EmailThreadRow): EmailThreadView {
  return {
    id: row.id,
    subject: row.subject,
    snippet: row.snippet,
    participants: participantsOf(row.participants),
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    unread: row.unread,
    messageCount: row.messageCount,
  };
}

/**
 * E-mail threads and connections, read through the tenant client (the caller's organization; a
 * connection also within their teams). Threads are written by `EmailThreadsWriter` only.
 */
@Injectable()
export class EmailThreadsRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  /** A connection within the caller's reach, with its service and whether it holds credentials. */
  connection(connectionId: string) {
    return this.prisma.connection.findFirst({
      where: { id: connectionId },
      select: { id: true, service: true, credentialsKeyId: true, needsReauthSince: true },
    });
  }

  /** A page of the contact's threads, newest first, and how many there are. */
  async ofContact(contactId: string, page: number, limit: number): Promise<{ rows: EmailThreadRow[]; total: number }> {
    const where = { contacts: { some: { contactId } } } satisfies Prisma.EmailThreadWhereInput;
    const [rows, total] = await Promise.all([
      this.prisma.emailThread.findMany({
        where,
        select: THREAD_SELECT,
        orderBy: [{ lastMessageAt: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }],
        skip: (page - 1) * limit,
        take: limit,
      }),
      this.prisma.emailThread.count({ where }),
    ]);
    return { rows, total };
  }

  /** A thread of the organization, with the contacts it is linked to. */
  thread(threadId: string) {
    return this.prisma.emailThread.findFirst({
      where: { id: threadId },
      select: { ...THREAD_SELECT, contacts: { select: { contactId: true } } },
    });
  }
}
