import { type FormEvent, useCallback, useId, useState } from 'react';
import { Button, Callout, Card, Title } from '@tremor/react';
import { enumLabel, enumerationOptions, type OrganizationInvitationResponse } from '@meridian/domain';
import { toApiError } from '../../../api';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { FormMessages, InputField, SelectInput } from '../../../components/fields';
import { RelativeTime } from '../../../components/relative-time';
import { useResource } from '../../../hooks/use-resource';
import { useSessionUser } from '../auth/auth-context';
import { InvitationNotice } from './copy-link-button';
import { cancelOrganizationInvitation, inviteOrganization, listOrganizationInvitations } from './invitation-kinds-api';
import { invitationStatusLabel } from './invitation-status';

type Method = 'EMAIL' | 'LINK';
const METHODS: readonly Method[] = ['EMAIL', 'LINK'];

const isPending = (invitation: OrganizationInvitationResponse) =>
  invitation.status === 'CREATED' || invitation.status === 'ISSUED';

/**
 * The platform operator's page: invite a new firm (its name and its founder's e-mail); the founder
 * accepts on the public page, which creates the firm with them as its admin. Only the operators
 * named in PLATFORM_OPERATOR_EMAILS see it.
 */
export default function OrganizationInvitationsPage() {
  const user = useSessionUser();
  const ids = useId();
  const load = useCallback((signal: AbortSignal) => listOrganizationInvitations(signal), []);
  const list = useResource(load);
  const [organizationName, setOrganizationName] = useState('');
  const [email, setEmail] = useState('');
  const [method, setMethod] = useState<Method>('EMAIL');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string[] }>({ fields: {}, form: [] });
  const [notice, setNotice] = useState<{ text: string; link?: string }>();
  const [cancelling, setCancelling] = useState<OrganizationInvitationResponse>();

  if (!user.platformOperator) {
    return (
      <Callout title="Only the platform's operators can invite new firms" color="amber" data-testid="operator-only" />
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setErrors({ fields: {}, form: [] });
    try {
      const created = await inviteOrganization({ organizationName, email, method });
      setNotice(
        created.link
          ? {
              text: `Send this link to ${created.email ?? ''} to set up ${created.organizationName}.`,
              link: created.link,
            }
          : { text: `Invitation e-mailed to ${created.email ?? ''} to set up ${created.organizationName}.` },
      );
      setOrganizationName('');
      setEmail('');
      list.reload();
    } catch (failure) {
      setErrors(toApiError(failure).formErrors(['organizationName', 'email', 'method']));
    } finally {
      setBusy(false);
    }
  }

  const columns: DataColumn<OrganizationInvitationResponse>[] = [
    {
      key: 'firm',
      label: 'Firm',
      fixed: true,
      render: (invitation) => (
        <span className="font-medium text-tremor-content-strong">{invitation.organizationName}</span>
      ),
    },
    { key: 'email', label: 'Founder’s e-mail', render: (invitation) => invitation.email ?? '—' },
    {
      key: 'method',
      label: 'Sent by',
      render: (invitation) => enumLabel('InvitationDeliveryMethod', invitation.method),
    },
    {
      key: 'status',
      label: 'Status',
      render: (invitation) => (
        <span data-testid="organization-invitation-status">{invitationStatusLabel(invitation)}</span>
      ),
    },
    { key: 'created', label: 'Invited', render: (invitation) => <RelativeTime value={invitation.createdAt} /> },
    {
      key: 'actions',
      label: 'Actions',
      render: (invitation) =>
        isPending(invitation) ? (
          <Button
            size="xs"
            variant="light"
            color="rose"
            onClick={() => setCancelling(invitation)}
            data-testid="organization-invitation-cancel"
          >
            Cancel
          </Button>
        ) : null,
    },
  ];

  return (
    <div className="space-y-6" data-testid="organization-invitations-page">
      <div>
        <h1 className="text-xl font-semibold text-tremor-content-strong">New firms</h1>
        <p className="text-tremor-default text-tremor-content">
          Invite a firm to Meridian: its founder sets up the firm and becomes its administrator.
        </p>
      </div>
      <Card className="max-w-2xl">
        <Title>Invite a firm</Title>
        <form className="mt-4 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          <InputField
            id={`${ids}-name`}
            label="Firm’s name"
            required
            value={organizationName}
            onChange={setOrganizationName}
            error={errors.fields.organizationName}
            testId="organization-invite-name"
            disabled={busy}
          />
          <InputField
            id={`${ids}-email`}
            label="Founder’s e-mail"
            type="email"
            required
            value={email}
            onChange={setEmail}
            error={errors.fields.email}
            testId="organization-invite-email"
            disabled={busy}
          />
          <SelectInput
            id={`${ids}-method`}
            label="Send by"
            value={method}
            onChange={(value) => setMethod(value as Method)}
            options={enumerationOptions('InvitationDeliveryMethod').filter((option) =>
              (METHODS as readonly string[]).includes(option.value),
            )}
            error={errors.fields.method}
            testId="organization-invite-method"
            disabled={busy}
          />
          <FormMessages messages={errors.form} testId="organization-invite-errors" />
          <Button type="submit" loading={busy} data-testid="organization-invite-submit">
            Invite the firm
          </Button>
        </form>
      </Card>
      {notice && <InvitationNotice notice={notice} testId="organization-invite-notice" />}
      {list.error && (
        <Callout title="The invitations could not be loaded" color="rose" role="alert">
          {list.error.message}
        </Callout>
      )}
      {list.data && (
        <DataTable
          columns={columns}
          items={list.data.invitations}
          rowKey={(invitation) => invitation.id}
          testId="organization-invitations-table"
          rowTestId="organization-invitation-row"
          label="New-firm invitations"
          empty={<span>No firm has been invited yet.</span>}
        />
      )}
      {cancelling && (
        <ConfirmDialog
          title="Cancel this invitation?"
          testId="organization-invitation-cancel-dialog"
          confirmLabel="Cancel invitation"
          action={() => cancelOrganizationInvitation(cancelling.id)}
          onDone={() => {
            setCancelling(undefined);
            setNotice({ text: `The invitation to set up ${cancelling.organizationName} is cancelled.` });
            list.reload();
          }}
          onClose={() => setCancelling(undefined)}
        >
          The link sent to {cancelling.email} stops working at once. You can invite the firm again later.
        </ConfirmDialog>
      )}
    </div>
  );
}
