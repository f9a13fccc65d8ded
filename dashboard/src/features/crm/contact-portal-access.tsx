import { type FormEvent, useCallback, useId, useState } from 'react';
import { Badge, Button, Callout, Card, Text, Title } from '@tremor/react';
import { enumLabel, type ContactResponse, type PortalAccess, type PortalAccessResponse } from '@meridian/domain';
import { getPortalAccess, inviteToPortal, revokePortalAccess, toApiError } from '../../api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormMessages, InputField } from '../../components/fields';
import { RelativeTime } from '../../components/relative-time';
import { useResource } from '../../hooks/use-resource';
import { useCan } from '../platform/auth/use-can';

const ACCESS_COLOR: Record<PortalAccess, 'emerald' | 'blue' | 'gray' | 'rose'> = {
  ACTIVE: 'emerald',
  INVITED: 'blue',
  NONE: 'gray',
  REVOKED: 'rose',
};

/** What the card says when no invitation is on record (access set by an import or before invitations). */
const WITHOUT_INVITATION: Record<PortalAccess, (name: string) => string> = {
  NONE: (name) => `${name} has not been invited to the client portal yet.`,
  INVITED: (name) => `${name} was invited to the client portal.`,
  ACTIVE: (name) => `${name} has access to the client portal.`,
  REVOKED: (name) => `${name}’s access to the client portal was revoked.`,
};

type Invitation = NonNullable<PortalAccessResponse['invitation']>;

/** One line on the latest invitation: where it went and where it stands. */
function InvitationLine({ invitation }: { invitation: Invitation }) {
  const to = invitation.method === 'EMAIL' && invitation.email ? ` to ${invitation.email}` : ' by a link to copy';
  if (invitation.status === 'ACCEPTED') {
    return (
      <Text data-testid="portal-invitation">
        Accepted <RelativeTime value={invitation.acceptedAt} />.
      </Text>
    );
  }
  if (invitation.status === 'INVALIDATED') {
    return (
      <Text data-testid="portal-invitation">
        The latest invitation is no longer valid:{' '}
        {enumLabel('InvitationInvalidationReason', invitation.invalidationReason).toLowerCase()}.
      </Text>
    );
  }
  return (
    <Text data-testid="portal-invitation">
      Invited{to} <RelativeTime value={invitation.createdAt} />; the link works until{' '}
      <RelativeTime value={invitation.expiresAt} />.
      {invitation.deliveryStatus && invitation.deliveryStatus !== 'SENT' && (
        <> {enumLabel('InvitationDeliveryStatus', invitation.deliveryStatus)}.</>
      )}
    </Text>
  );
}

/**
 * The contact's access to the client portal: its status, the latest invitation, and the buttons
 * to invite them (by e-mail, to their primary address unless another is typed, or as a link to
 * copy) and to revoke the invitation or the access.
 */
export function PortalAccessCard({ contact }: { contact: ContactResponse }) {
  const ids = useId();
  const can = useCan();
  const load = useCallback((signal: AbortSignal) => getPortalAccess(contact.id, signal), [contact.id]);
  const resource = useResource(load);
  const [fresh, setFresh] = useState<PortalAccessResponse>();
  const [inviting, setInviting] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState<'EMAIL' | 'LINK'>();
  const [errors, setErrors] = useState<{ email?: string; form: string[] }>({ form: [] });
  const access = fresh?.contactId === contact.id ? fresh : resource.data;

  async function invite(method: 'EMAIL' | 'LINK', event?: FormEvent) {
    event?.preventDefault();
    setBusy(method);
    setErrors({ form: [] });
    try {
      const result = await inviteToPortal(contact.id, { method, ...(email.trim() ? { email: email.trim() } : {}) });
      setFresh(result);
      setInviting(false);
      setEmail('');
    } catch (failure) {
      const error = toApiError(failure);
      const fields = error.fieldErrors();
      setErrors({
        ...(fields.email ? { email: fields.email } : {}),
        form: fields.email ? [] : [error.message],
      });
    } finally {
      setBusy(undefined);
    }
  }

  const status = access?.portalAccess;
  // Inviting and revoking change the contact: CRM_WRITE, as their routes declare.
  const mayWrite = can('CRM_WRITE');
  const canInvite = mayWrite && status !== undefined && status !== 'ACTIVE';
  const canRevoke = mayWrite && (status === 'INVITED' || status === 'ACTIVE');
  const link = access?.invitation?.link;

  return (
    <Card className="space-y-3" data-testid="portal-access">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Title>Client portal</Title>
        {status && (
          <Badge color={ACCESS_COLOR[status]} data-testid="portal-access-status">
            {enumLabel('PortalAccess', status)}
          </Badge>
        )}
      </div>
      {resource.error && !access && <Text className="text-red-600">{resource.error.message}</Text>}
      {access?.invitation && <InvitationLine invitation={access.invitation} />}
      {access && !access.invitation && (
        <Text data-testid="portal-invitation">{WITHOUT_INVITATION[access.portalAccess](contact.name.first)}</Text>
      )}
      {link && (
        <Callout title="Send this link to the client" color="blue" data-testid="portal-link">
          <span className="block break-all font-mono text-tremor-label">{link}</span>
          <span className="mt-1 block">It is shown once: copy it now. It works once.</span>
        </Callout>
      )}
      {inviting && (
        <form className="space-y-3" onSubmit={(event) => void invite('EMAIL', event)} noValidate>
          <InputField
            id={`${ids}-email`}
            label="E-mail address"
            type="email"
            value={email}
            onChange={setEmail}
            placeholder={contact.email ?? 'client@example.com'}
            hint={
              contact.email
                ? `Leave empty to use ${contact.email}.`
                : 'This contact has no e-mail address: type one, or create a link to copy.'
            }
            error={errors.email}
            testId="portal-email"
          />
          <FormMessages messages={errors.form} testId="portal-errors" />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={busy === 'EMAIL'} disabled={busy !== undefined} data-testid="portal-send">
              Send the invitation
            </Button>
            <Button
              type="button"
              variant="secondary"
              loading={busy === 'LINK'}
              disabled={busy !== undefined}
              onClick={() => void invite('LINK')}
              data-testid="portal-create-link"
            >
              Create a link to copy
            </Button>
            <Button type="button" variant="light" onClick={() => setInviting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      {!inviting && (canInvite || canRevoke) && (
        <div className="flex flex-wrap gap-2">
          {canInvite && (
            <Button size="xs" onClick={() => setInviting(true)} data-testid="portal-invite">
              {status === 'NONE' ? 'Invite to portal' : 'Invite again'}
            </Button>
          )}
          {canRevoke && (
            <Button
              size="xs"
              variant="secondary"
              color="rose"
              onClick={() => setRevoking(true)}
              data-testid="portal-revoke"
            >
              Revoke
            </Button>
          )}
        </div>
      )}
      {revoking && (
        <ConfirmDialog
          title="Revoke portal access?"
          testId="portal-revoke-dialog"
          confirmLabel="Revoke"
          action={async () => setFresh(await revokePortalAccess(contact.id))}
          onDone={() => setRevoking(false)}
          onClose={() => setRevoking(false)}
        >
          {status === 'ACTIVE'
            ? `${contact.name.display} loses access to the client portal. You can invite them again later.`
            : `The invitation sent to ${contact.name.display} stops working. You can invite them again later.`}
        </ConfirmDialog>
      )}
    </Card>
  );
}
