import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  EntityType,
  ErrorCode,
  InvitationMessage,
  notFound,
  validationError,
  type AcceptClientInvitationInput,
  type ClientInvitationAcceptedResponse,
  type InviteClientInput,
  type PortalAccess,
  type PortalAccessResponse,
} from '@meridian/domain';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { runAsOrganization } from '../../../common/tenancy/request-context.js';
import { writeScope } from '../../../common/tenancy/write-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { ContactsWriter } from '../../crm/contacts/index.js';
import { AuditService } from '../audit/index.js';
import { clientInvitationEmail } from './invitation-kind-emails.js';
import { InvitationIssuer, type IssuedRow } from './invitation-issuer.js';
import { claimInvitation, invitedAddress, noLongerValid } from './invitation-rules.js';
import { INVITATION_SELECT } from './invitations.repository.js';
import { InvitationsService } from './invitations.service.js';

const CONTACT_SELECT = {
  id: true,
  teamId: true,
  householdId: true,
  personId: true,
  firstName: true,
  portalAccess: true,
  organization: { select: { name: true } },
  emails: { select: { email: true, isPrimary: true } },
} as const;

/**
 * CLIENT invitations: an advisor invites a contact of their team to the client portal. The
 * contact's portal access follows the invitation: INVITED while it is pending, ACTIVE once
 * accepted, REVOKED when withdrawn. The acceptance records the client's consent; it creates no
 * login (docs/DECISIONS.md), so a client never holds a firm role.
 */
@Injectable()
export class ClientInvitationsService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(InvitationIssuer) private readonly issuer: InvitationIssuer,
    @Inject(InvitationsService) private readonly invitations: InvitationsService,
    @Inject(ContactsWriter) private readonly contacts: ContactsWriter,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  async access(contactId: string): Promise<PortalAccessResponse> {
    const contact = await this.prisma.contact.findUnique({ where: { id: contactId }, select: { portalAccess: true } });
    if (!contact) throw notFound('Contact');
    const latest = await this.prisma.invitation.findFirst({
      where: { contactId, type: 'CLIENT' },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: INVITATION_SELECT,
    });
    return this.view(contactId, contact.portalAccess, latest ? { row: latest } : null);
  }

  /** A new invitation supersedes the contact's open one; the e-mail defaults to the contact's primary. */
  async invite(contactId: string, input: InviteClientInput): Promise<PortalAccessResponse> {
    const contact = await this.prisma.contact.findUnique({ where: { id: contactId }, select: CONTACT_SELECT });
    if (!contact) throw notFound('Contact');
    if (contact.portalAccess === 'ACTIVE') {
      throw new DomainError(ErrorCode.CONFLICT, 'This contact already has access to the client portal');
    }
    const primary = contact.emails.find((email) => email.isPrimary) ?? contact.emails[0];
    const email = (input.email ?? primary?.email ?? null)?.toLowerCase() ?? null;
    if (!email && input.method === 'EMAIL') {
      throw validationError([{ path: 'email', message: InvitationMessage.contactEmailRequired }]);
    }
    const issued = await this.prisma.$transaction(async (tx) => {
      await this.issuer.invalidateOpen(tx, { contactId, type: 'CLIENT' }, 'SUPERSEDED');
      const result = await this.issuer.issue(tx, {
        kind: 'client',
        email,
        method: input.method,
        teamId: contact.teamId,
        contactId,
        householdId: contact.householdId,
        personId: contact.personId,
        message: (link, expiresAt) =>
          clientInvitationEmail({
            firstName: contact.firstName,
            organizationName: contact.organization.name,
            link,
            expiresAt,
          }),
      });
      await this.setAccess(tx, contactId, contact.portalAccess, 'INVITED');
      return result;
    });
    await this.issuer.dispatch([issued.row]);
    return this.view(contactId, 'INVITED', issued);
  }

  /** Withdraws the pending invitation (cancelled) or the granted access; the contact's access is REVOKED. */
  async revoke(contactId: string): Promise<PortalAccessResponse> {
    const contact = await this.prisma.contact.findUnique({ where: { id: contactId }, select: { portalAccess: true } });
    if (!contact) throw notFound('Contact');
    if (contact.portalAccess !== 'INVITED' && contact.portalAccess !== 'ACTIVE') {
      throw new DomainError(ErrorCode.CONFLICT, InvitationMessage.portalNotGranted);
    }
    await this.prisma.$transaction(async (tx) => {
      await this.issuer.invalidateOpen(tx, { contactId, type: 'CLIENT' }, 'CANCELLED');
      await this.setAccess(tx, contactId, contact.portalAccess, 'REVOKED');
    });
    return this.access(contactId);
  }

  /**
   * Records the client's acceptance: the invitation ACCEPTED, the contact's access ACTIVE and, when
   * the client gives an e-mail the contact lacks, that address added to the contact. Claimed by a
   * conditional update, so a second acceptance (or one racing a revocation) changes nothing.
   */
  async accept(
    code: string,
    input: AcceptClientInvitationInput,
    client: string,
  ): Promise<ClientInvitationAcceptedResponse> {
    const invitation = await this.invitations.usableInvitation(code, 'client', client);
    const contactId = invitation.contactId;
    if (!contactId) throw noLongerValid();
    // The invitation's address, or, for a link to a contact without one, the address the client gives.
    const email = invitedAddress(invitation, input.email);
    return runAsOrganization({ organizationId: invitation.organizationId }, () =>
      this.prisma.$transaction(async (tx) => {
        await claimInvitation(tx, invitation.id);
        // A contact deleted since the invitation was sent has nobody to give access to.
        const contact = await tx.contact.findUnique({ where: { id: contactId }, select: CONTACT_SELECT });
        if (!contact) throw noLongerValid();
        await this.audit.record(tx, {
          action: 'UPDATE',
          entityType: EntityType.invitation,
          entityId: invitation.id,
          before: { status: invitation.status },
          after: { status: 'ACCEPTED' },
        });
        if (email && !contact.emails.some((known) => known.email.toLowerCase() === email)) {
          await this.contacts.addToLists(writeScope(tx), [
            { contactId, lists: { emails: [{ email, isPrimary: contact.emails.length === 0 }] } },
          ]);
        }
        await this.setAccess(tx, contactId, contact.portalAccess, 'ACTIVE');
        return {
          portalAccess: 'ACTIVE' as const,
          organizationName: contact.organization.name,
          firstName: contact.firstName,
        };
      }),
    );
  }

  private async setAccess(tx: TenantTransaction, contactId: string, before: PortalAccess, after: PortalAccess) {
    if (before === after) return;
    await this.contacts.setPortalAccess(writeScope(tx), [contactId], after);
    await this.audit.record(tx, {
      action: 'UPDATE',
      entityType: EntityType.contact,
      entityId: contactId,
      before: { portalAccess: before },
      after: { portalAccess: after },
    });
  }

  private async view(
    contactId: string,
    portalAccess: PortalAccess,
    invitation: { row: IssuedRow; link?: string } | null,
  ): Promise<PortalAccessResponse> {
    const [presented] = invitation ? await this.issuer.present([invitation]) : [];
    if (!presented) return { contactId, portalAccess, invitation: null };
    const { role: _role, ...shown } = presented;
    return { contactId, portalAccess, invitation: shown };
  }
}
