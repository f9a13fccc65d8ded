import {
  DomainError,
  ErrorCode,
  InvitationMessage,
  type InvitationAcceptanceKind,
  type InvitationResponse,
} from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { INVITATION_SELECT } from './invitations.repository.js';

export type InvitationRow = Prisma.InvitationGetPayload<{ select: typeof INVITATION_SELECT }>;

/** The statuses of an invitation whose code may still be accepted (unless it has expired). */
export const OPEN_STATUSES = ['CREATED', 'ISSUED'] as const;

export function isOpen(row: { status: string; expiresAt: Date | null }, now = new Date()): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(row.status) && (row.expiresAt === null || row.expiresAt > now);
}

/** The one answer to a code that was accepted, cancelled, superseded or has expired. */
export const noLongerValid = () => new DomainError(ErrorCode.CONFLICT, InvitationMessage.noLongerValid);

/** A transaction of the system or of the tenant client: what claiming an invitation writes with. */
interface InvitationWriter {
  invitation: {
    updateMany(args: {
      where: Prisma.InvitationWhereInput;
      data: Prisma.InvitationUpdateManyMutationInput;
    }): PromiseLike<{ count: number }>;
  };
}

/**
 * Marks an invitation ACCEPTED if it is still open and unexpired, inside the acceptance's
 * transaction: a second acceptance (or one racing a cancellation) finds nothing to claim and is
 * refused, so it creates nothing.
 */
export async function claimInvitation(tx: InvitationWriter, invitationId: string): Promise<void> {
  const now = new Date();
  const claimed = await tx.invitation.updateMany({
    where: { id: invitationId, status: { in: [...OPEN_STATUSES] }, expiresAt: { gt: now } },
    data: { status: 'ACCEPTED', acceptedAt: now },
  });
  if (claimed.count !== 1) throw noLongerValid();
}

/**
 * The address an acceptance is for: the invitation's, whatever the body says. An invitation is
 * accepted only by the address it was sent to (compared without regard to case); another address
 * is refused before anything is written, and the invitation stays open for its recipient. This
 * holds for every method: an SMS invitation's code went to its phone, a link's to whoever the
 * inviter handed it, but the account either makes is the address the inviter named, never one the
 * holder of the code chooses (docs/DECISIONS.md). Null when the invitation names none, which only
 * a client's link invitation may do: the client then gives the address their firm should use.
 */
export function invitedAddress(invitation: { email: string | null }, given: string | undefined): string | null {
  const invited = invitation.email?.toLowerCase() ?? null;
  if (invited && given !== undefined && given.toLowerCase() !== invited) {
    const message = InvitationMessage.forAnotherAddress(invited);
    throw new DomainError(ErrorCode.FORBIDDEN, message, [{ path: 'email', message }]);
  }
  return invited ?? given?.toLowerCase() ?? null;
}

/** The address of an acceptance that creates an account: the invitation must name one. */
export function accountAddress(invitation: { email: string | null }, given: string | undefined): string {
  if (!invitation.email) throw new DomainError(ErrorCode.CONFLICT, InvitationMessage.noInvitedAddress);
  return invitedAddress(invitation, given)!;
}

/**
 * Whether accepting the invitation proves its recipient holds the address: only when the code
 * travelled to that mailbox (method EMAIL). A link was handed over by the inviter, an SMS went to a
 * phone: neither says who reads the address's mail, so neither can make a listed address the
 * platform operator (PLATFORM_OPERATOR_EMAILS).
 */
export function provesAddress(invitation: { method: string }): boolean {
  return invitation.method === 'EMAIL';
}

/**
 * The acceptance kind of a stored invitation. The advisor kind has no type of its own: it is a
 * TEAM_MEMBER invitation that also creates a professional profile (docs/DECISIONS.md).
 */
export function acceptanceKindOf(row: {
  type: string;
  professionalRole: string | null;
}): InvitationAcceptanceKind | undefined {
  switch (row.type) {
    case 'TEAM_MEMBER':
      return row.professionalRole ? 'advisor' : 'team-member';
    case 'CLIENT':
      return 'client';
    case 'CREATE_ORG':
      return 'create-org';
    default:
      return undefined;
  }
}

/** The dashboard's public accept page of a code: `/accept/<kind>/<code>`. */
export function acceptLink(publicBase: string, kind: InvitationAcceptanceKind, code: string): string {
  return `${publicBase.replace(/\/+$/, '')}/accept/${kind}/${code}`;
}

/**
 * An invitation as its issuer sees it, whatever its kind: an expired open code shows as INVALIDATED
 * / EXPIRED (the row keeps its last stored status), with its delivery, and the link only when the
 * answer that created it is to hand it over.
 */
export function presentInvitation(row: InvitationRow, link: string | undefined, now: Date): InvitationResponse {
  const expired = (OPEN_STATUSES as readonly string[]).includes(row.status) && !isOpen(row, now);
  return {
    id: row.id,
    teamId: row.teamId,
    email: row.email,
    method: row.method,
    status: expired ? 'INVALIDATED' : row.status,
    invalidationReason: expired ? 'EXPIRED' : row.invalidationReason,
    role: row.role,
    phone: row.phone,
    deliveryStatus: row.deliveryStatus,
    deliveryError: row.deliveryError,
    deliveryAttempts: row.deliveryAttempts,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    ...(link ? { link } : {}),
  };
}
