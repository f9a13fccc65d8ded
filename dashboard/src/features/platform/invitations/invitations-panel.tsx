import { useCallback, useEffect, useState } from 'react';
import { Button, Callout } from '@tremor/react';
import { enumLabel, type InvitationResponse } from '@meridian/domain';
import { toApiError } from '../../../api';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { CheckboxInput } from '../../../components/fields';
import { RelativeTime } from '../../../components/relative-time';
import { InvitationNotice } from './copy-link-button';
import { InviteDialog } from './invite-dialog';
import { invitationStatusLabel, isPending } from './invitation-status';
import { cancelInvitation, getTeam, listTeamInvitations, resendInvitation } from './invitations-api';

/** Delivery that went wrong and needs the admin: given up, or failing and being tried again. */
const deliveryTrouble = (invitation: InvitationResponse) =>
  isPending(invitation) && (invitation.deliveryStatus === 'FAILED' || invitation.deliveryStatus === 'RETRYING');

/** What the admin can do about a delivery in trouble. */
function troubleHint(invitation: InvitationResponse): string {
  if (invitation.deliveryStatus === 'RETRYING') {
    return `Tried ${invitation.deliveryAttempts} time${invitation.deliveryAttempts === 1 ? '' : 's'}; trying again shortly.`;
  }
  return invitation.method === 'SMS'
    ? 'Check the number, then use Resend, or invite them again with the right number.'
    : 'Use Resend to try again.';
}

function StatusCell({ invitation }: { invitation: InvitationResponse }) {
  const tone =
    invitation.status === 'ACCEPTED'
      ? 'bg-emerald-50 text-emerald-700'
      : invitation.status === 'INVALIDATED'
        ? 'bg-tremor-background-subtle text-tremor-content'
        : invitation.deliveryStatus === 'FAILED'
          ? 'bg-red-50 text-red-700'
          : invitation.deliveryStatus === 'RETRYING'
            ? 'bg-amber-50 text-amber-700'
            : 'bg-blue-50 text-blue-700';
  return (
    <span className="flex flex-col gap-0.5">
      <span
        className={`w-fit rounded px-1.5 py-0.5 text-tremor-label font-medium ${tone}`}
        data-testid="invitation-status"
      >
        {invitationStatusLabel(invitation)}
      </span>
      {deliveryTrouble(invitation) && (
        <span
          className={`max-w-xs text-tremor-label ${invitation.deliveryStatus === 'FAILED' ? 'text-red-600' : 'text-amber-700'}`}
          data-testid="invitation-delivery"
        >
          <span data-testid="invitation-delivery-error">
            {invitation.deliveryError ?? 'The message could not be sent.'}
          </span>{' '}
          <span className="text-tremor-content">{troubleHint(invitation)}</span>
        </span>
      )}
    </span>
  );
}

/**
 * A team's invitations: invite people (by e-mail, by SMS or a link to copy), see who has not answered
 * yet, cancel an invitation or send it again with a new link. Mounted on the team's settings.
 */
export function InvitationsPanel({ teamId }: { teamId: string }) {
  const [teamName, setTeamName] = useState<string>();
  const [invitations, setInvitations] = useState<InvitationResponse[]>();
  const [loadError, setLoadError] = useState<string>();
  const [showAll, setShowAll] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [cancelling, setCancelling] = useState<InvitationResponse>();
  const [notice, setNotice] = useState<{ text: string; link?: string }>();
  const [actionError, setActionError] = useState<string>();
  const [reload, setReload] = useState(0);
  const refresh = useCallback(() => setReload((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([getTeam(teamId, controller.signal), listTeamInvitations(teamId, controller.signal)])
      .then(([team, list]) => {
        setTeamName(team.name);
        setInvitations(list.invitations);
        setLoadError(undefined);
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setLoadError(toApiError(failure).message);
      });
    return () => controller.abort();
  }, [teamId, reload]);

  async function resend(invitation: InvitationResponse) {
    setActionError(undefined);
    try {
      const fresh = await resendInvitation(invitation.id);
      setNotice(
        fresh.link
          ? { text: `A new link for ${fresh.email ?? ''}; the previous one no longer works.`, link: fresh.link }
          : { text: `Sent again to ${fresh.phone ?? fresh.email ?? ''}; the previous link no longer works.` },
      );
      refresh();
    } catch (failure) {
      setActionError(toApiError(failure).message);
    }
  }

  const columns: DataColumn<InvitationResponse>[] = [
    {
      key: 'email',
      label: 'E-mail',
      fixed: true,
      render: (invitation) => <span className="font-medium text-tremor-content-strong">{invitation.email}</span>,
    },
    { key: 'role', label: 'Role', render: (invitation) => enumLabel('UserRole', invitation.role) },
    {
      key: 'method',
      label: 'Sent by',
      render: (invitation) => (
        <span className="flex flex-col">
          <span>{enumLabel('InvitationDeliveryMethod', invitation.method)}</span>
          {invitation.phone && (
            <span className="text-tremor-label text-tremor-content" data-testid="invitation-phone">
              {invitation.phone}
            </span>
          )}
        </span>
      ),
    },
    { key: 'status', label: 'Status', render: (invitation) => <StatusCell invitation={invitation} /> },
    { key: 'created', label: 'Invited', render: (invitation) => <RelativeTime value={invitation.createdAt} /> },
    {
      key: 'expires',
      label: 'Link works until',
      render: (invitation) => (isPending(invitation) ? <RelativeTime value={invitation.expiresAt} /> : '—'),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (invitation) =>
        invitation.status === 'ACCEPTED' ? null : (
          <span className="flex gap-2">
            <Button
              size="xs"
              variant="secondary"
              onClick={() => void resend(invitation)}
              data-testid="invitation-resend"
            >
              {invitation.method === 'LINK' ? 'New link' : 'Resend'}
            </Button>
            {isPending(invitation) && (
              <Button
                size="xs"
                variant="light"
                color="rose"
                onClick={() => setCancelling(invitation)}
                data-testid="invitation-cancel"
              >
                Cancel
              </Button>
            )}
          </span>
        ),
    },
  ];

  const shown = (invitations ?? []).filter((invitation) => showAll || isPending(invitation));

  return (
    <section aria-label="Invitations" data-testid="invitations-panel" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-tremor-title font-semibold text-tremor-content-strong">Invitations</h2>
          <p className="text-tremor-default text-tremor-content">
            People invited to {teamName ?? 'this team'} who have not joined yet.
          </p>
        </div>
        <Button onClick={() => setInviting(true)} disabled={!teamName} data-testid="invite-open">
          Invite people
        </Button>
      </div>

      {loadError && (
        <Callout title="The invitations could not be loaded" color="rose" role="alert">
          {loadError}{' '}
          <button type="button" className="underline" onClick={refresh}>
            Try again
          </button>
        </Callout>
      )}
      {actionError && <Callout title={actionError} color="rose" role="alert" data-testid="invitations-error" />}
      {notice && <InvitationNotice notice={notice} testId="invitations-notice" />}

      {invitations && (
        <>
          <CheckboxInput
            id={`invitations-all-${teamId}`}
            label="Also show accepted, cancelled and expired invitations"
            checked={showAll}
            onChange={setShowAll}
            testId="invitations-show-all"
          />
          <DataTable
            columns={columns}
            items={shown}
            rowKey={(invitation) => invitation.id}
            testId="invitations-table"
            rowTestId="invitation-row"
            label="Invitations"
            empty={
              <span>
                No one is waiting to join. Use <strong>Invite people</strong> to send invitations by e-mail, by SMS or
                as links to copy.
              </span>
            }
          />
        </>
      )}

      {inviting && teamName && (
        <InviteDialog
          teamId={teamId}
          teamName={teamName}
          onClose={() => setInviting(false)}
          onInvited={(created) => {
            const first = created[0];
            setNotice(
              first?.method === 'EMAIL'
                ? { text: `Invitation e-mailed to ${created.map((invitation) => invitation.email).join(', ')}.` }
                : first?.method === 'SMS'
                  ? { text: `Invitation texted to ${first.phone ?? ''} for ${first.email ?? ''}.` }
                  : undefined,
            );
            refresh();
          }}
        />
      )}
      {cancelling && (
        <ConfirmDialog
          title="Cancel this invitation?"
          testId="invitation-cancel-dialog"
          confirmLabel="Cancel invitation"
          action={() => cancelInvitation(cancelling.id)}
          onDone={() => {
            setCancelling(undefined);
            setNotice({ text: `The invitation to ${cancelling.email ?? ''} is cancelled.` });
            refresh();
          }}
          onClose={() => setCancelling(undefined)}
        >
          {cancelling.email}’s link will stop working at once; they will see that the invitation was cancelled. You can
          invite them again later.
        </ConfirmDialog>
      )}
    </section>
  );
}
