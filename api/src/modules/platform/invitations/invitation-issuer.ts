import { Inject, Injectable } from '@nestjs/common';
import {
  EntityType,
  INVITATION_TYPE_OF_KIND,
  newId,
  type InvitationAcceptanceKind,
  type InvitationDeliveryMethod,
  type InvitationResponse,
  type ProfessionalRole,
  type UserRole,
} from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { AuditService } from '../audit/index.js';
import { hashInvitationCode, newInvitationCode } from './invitation-code.js';
import { InvitationDeliveryService } from './invitation-delivery.service.js';
import { OPEN_STATUSES, acceptLink, presentInvitation } from './invitation-rules.js';
import { INVITATION_SELECT, InvitationsRepository } from './invitations.repository.js';

export type IssuedRow = Prisma.InvitationGetPayload<{ select: typeof INVITATION_SELECT }>;

/** One invitation to one address, of any kind. */
export interface InvitationToIssue {
  kind: InvitationAcceptanceKind;
  email: string | null;
  method: InvitationDeliveryMethod;
  /** E.164, for SMS. */
  phone?: string | undefined;
  teamId?: string | null;
  contactId?: string | null;
  householdId?: string | null;
  personId?: string | null;
  role?: UserRole | null;
  professionalRole?: ProfessionalRole | null;
  /** The new firm's name (CREATE_ORG). */
  name?: string | null;
  /** The e-mail that carries the link, worded by the kind. */
  message: (link: string, expiresAt: Date) => { subject: string; text: string };
  /** The SMS that carries it, for the kinds that can be sent by SMS (team members). */
  sms?: (link: string, expiresAt: Date) => string;
}

/**
 * Issues and shows invitations of every kind: a code (only its hash kept), the row with its
 * expiry and its delivery (the message written in the same transaction), an audit entry; and an
 * open invitation superseded when a newer one replaces it.
 */
@Injectable()
export class InvitationIssuer {
  constructor(
    @Inject(InvitationsRepository) private readonly invitations: InvitationsRepository,
    @Inject(InvitationDeliveryService) private readonly delivery: InvitationDeliveryService,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** In the caller's transaction of the tenant client (the invitation is the caller's organization's). */
  async issue(tx: TenantTransaction, invitation: InvitationToIssue): Promise<{ row: IssuedRow; link: string }> {
    const code = newInvitationCode();
    const link = acceptLink(this.config.PUBLIC_URL ?? `http://localhost:${this.config.PORT}`, invitation.kind, code);
    const id = newId(EntityType.invitation);
    const organizationId = currentOrganizationId();
    const issuedAt = new Date();
    const expiresAt = new Date(issuedAt.getTime() + this.config.INVITATION_TTL_SECONDS * 1000);
    // EMAIL and SMS stay CREATED until the worker has handed their message over (then ISSUED).
    const delivery = await this.delivery.prepare(tx, {
      id,
      organizationId,
      method: invitation.method,
      email: invitation.email ?? '',
      ...(invitation.phone ? { phone: invitation.phone } : {}),
      emailContent: invitation.message(link, expiresAt),
      ...(invitation.sms ? { smsText: invitation.sms(link, expiresAt) } : {}),
    });
    const row = await tx.invitation.create({
      data: {
        id,
        organizationId,
        type: INVITATION_TYPE_OF_KIND[invitation.kind],
        method: invitation.method,
        ...delivery,
        issuedAt,
        code: hashInvitationCode(code),
        email: invitation.email,
        teamId: invitation.teamId ?? null,
        contactId: invitation.contactId ?? null,
        householdId: invitation.householdId ?? null,
        personId: invitation.personId ?? null,
        role: invitation.role ?? null,
        professionalRole: invitation.professionalRole ?? null,
        name: invitation.name ?? null,
        expiresAt,
      },
      select: INVITATION_SELECT,
    });
    await this.audit.record(tx, {
      action: 'CREATE',
      entityType: EntityType.invitation,
      entityId: id,
      after: {
        type: row.type,
        email: row.email,
        method: row.method,
        status: row.status,
        ...(row.teamId ? { teamId: row.teamId } : {}),
        ...(row.contactId ? { contactId: row.contactId } : {}),
        ...(row.role ? { role: row.role } : {}),
        ...(row.name ? { organizationName: row.name } : {}),
      },
    });
    return { row, link };
  }

  /** Marks the open invitations matching `where` INVALIDATED for `reason`; returns how many. */
  async invalidateOpen(
    tx: TenantTransaction,
    where: Prisma.InvitationWhereInput,
    reason: 'CANCELLED' | 'SUPERSEDED',
  ): Promise<number> {
    const open = await tx.invitation.findMany({
      where: { ...where, status: { in: [...OPEN_STATUSES] } },
      select: { id: true, status: true },
    });
    let count = 0;
    for (const invitation of open) {
      const changed = await tx.invitation.updateMany({
        where: { id: invitation.id, status: { in: [...OPEN_STATUSES] } },
        data: { status: 'INVALIDATED', invalidationReason: reason, invalidatedAt: new Date() },
      });
      if (changed.count === 0) continue;
      count += 1;
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.invitation,
        entityId: invitation.id,
        before: { status: invitation.status },
        after: { status: 'INVALIDATED', invalidationReason: reason },
      });
    }
    return count;
  }

  /** Hands the messages of committed invitations to the worker. */
  async dispatch(rows: readonly IssuedRow[]): Promise<void> {
    await this.delivery.dispatch(rows);
  }

  /** Invitations as their issuer sees them; the link only in the answer that made a LINK invitation. */
  present(items: ReadonlyArray<{ row: IssuedRow; link?: string }>): InvitationResponse[] {
    const now = new Date();
    return items.map(({ row, link }) => presentInvitation(row, row.method === 'LINK' ? link : undefined, now));
  }
}
