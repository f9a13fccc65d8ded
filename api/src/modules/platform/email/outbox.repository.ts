import { Inject, Injectable } from '@nestjs/common';
import { SystemPrisma } from '../../../infra/prisma/prisma.service.js';
import type { EmailAttachment } from './outbox.service.js';

/**
 * Outbox rows as the delivering worker sees them. The worker serves every organization, so this
 * repository uses the system client; every method names the row it touches.
 */
@Injectable()
export class OutboxRepository {
  constructor(@Inject(SystemPrisma) private readonly prisma: SystemPrisma) {}

  async findForDelivery(id: string) {
    const row = await this.prisma.outboxEmail.findUnique({
      where: { id },
      select: {
        id: true,
        toAddress: true,
        subject: true,
        textBody: true,
        htmlBody: true,
        attachments: true,
        status: true,
      },
    });
    return row && { ...row, attachments: deliverableAttachments(row.attachments) };
  }

  async markSent(id: string): Promise<void> {
    await this.prisma.outboxEmail.update({
      where: { id },
      data: { status: 'SENT', sentAt: new Date(), attempts: { increment: 1 }, lastError: null },
    });
  }

  async recordFailure(id: string, error: string, final: boolean): Promise<void> {
    await this.prisma.outboxEmail.update({
      where: { id },
      data: { attempts: { increment: 1 }, lastError: error.slice(0, 2000), ...(final ? { status: 'FAILED' } : {}) },
    });
  }

  /** Pending rows older than `olderThan`: their enqueue was lost or is still running. */
  async findPendingIds(olderThan: Date, limit = 500): Promise<string[]> {
    const rows = await this.prisma.outboxEmail.findMany({
      where: { status: 'PENDING', createdAt: { lt: olderThan } },
      select: { id: true },
      orderBy: { createdAt: 'asc' },
      take: limit,
    });
    return rows.map((row) => row.id);
  }
}

/** The attachments column as OutboxService.write stored it; anything else in it is not sent. */
function deliverableAttachments(stored: unknown): EmailAttachment[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (item): item is EmailAttachment =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as EmailAttachment).filename === 'string' &&
      typeof (item as EmailAttachment).contentType === 'string' &&
      typeof (item as EmailAttachment).content === 'string',
  );
}
