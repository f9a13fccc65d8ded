import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, Callout } from '@tremor/react';
import type { InvitationCodeValidityResponse } from '@meridian/domain';
import { toApiError } from '../../../api';
import { FormMessages, InputField } from '../../../components/fields';
import { useAuth } from '../auth/auth-context';
import { AcceptPageShell, InvitationCheckStatus, useInvitationCheck } from './accept-page-parts';
import { acceptAccountInvitation } from './invitation-kinds-api';

/** The invitations whose acceptance creates an account: a team member, an advisor, a new firm's admin. */
export type AccountInvitationKind = 'team-member' | 'advisor' | 'create-org';

const HEADINGS: Record<AccountInvitationKind, string> = {
  'team-member': 'Join your team on Meridian',
  advisor: 'Join your team as an advisor',
  'create-org': 'Set up your firm on Meridian',
};

function summary(kind: AccountInvitationKind, invitation: InvitationCodeValidityResponse): string {
  const as = invitation.email ? ` as ${invitation.email}` : '';
  if (kind === 'create-org') {
    return `You are invited to set up ${invitation.organizationName} on Meridian and be its administrator${as}.`;
  }
  // Quoted, as the invitation e-mail quotes it: a name such as "Toronto advisory team" reads as one.
  const team = invitation.teamName ? ` its team “${invitation.teamName}”` : ' its team';
  return `${invitation.organizationName} invites you to join${team}${kind === 'advisor' ? ' as an advisor' : ''}${as}.`;
}

/**
 * The public page an invitation link opens: checks the code first, then asks for the invitee's
 * name and a password; the account is created in the inviting team (an advisor's with their
 * professional profile), or, for a new firm, the firm is created with them as its admin and they
 * land signed in.
 */
export default function AcceptInvitationPage({ kind = 'team-member' }: { kind?: AccountInvitationKind }) {
  const { code = '' } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const ids = useId();
  const { check, invalidate } = useInvitationCheck(code, kind);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string[] }>({ fields: {}, form: [] });
  const [accepted, setAccepted] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirm) {
      setErrors({ fields: { confirm: 'The two passwords differ' }, form: [] });
      return;
    }
    setBusy(true);
    setErrors({ fields: {}, form: [] });
    try {
      const session = await acceptAccountInvitation(kind, code, { name, password });
      if (kind === 'create-org') {
        // The founder's firm exists now: straight in.
        auth.adopt(session);
        void navigate('/', { replace: true });
        return;
      }
      setAccepted(session.user.email);
    } catch (failure) {
      const error = toApiError(failure);
      invalidate(error);
      setErrors(error.formErrors(['name', 'password']));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AcceptPageShell heading={HEADINGS[kind]}>
      <InvitationCheckStatus check={check} usedUp="It was already accepted, cancelled, or it has expired.">
        Ask the person who invited you to send a new invitation, or{' '}
        <Link to="/login" className="underline">
          sign in
        </Link>{' '}
        if you already have an account.
      </InvitationCheckStatus>
      {check.state === 'valid' && accepted && (
        <div data-testid="accept-done" className="space-y-4">
          <Callout title="Your account is ready" color="emerald">
            Sign in with {accepted} and the password you just chose.
          </Callout>
          <Link to="/login" data-testid="accept-sign-in">
            <Button className="w-full">Sign in</Button>
          </Link>
        </div>
      )}
      {check.state === 'valid' && !accepted && (
        <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          <p className="text-tremor-default text-tremor-content" data-testid="accept-summary">
            {summary(kind, check.invitation)}
          </p>
          {check.invitation.email && (
            // The account is the invited address's: shown, not chosen (docs/DECISIONS.md).
            <InputField
              id={`${ids}-email`}
              label="E-mail address"
              type="email"
              value={check.invitation.email}
              onChange={() => undefined}
              hint="Your account is for the address this invitation was sent to."
              testId="accept-email"
              disabled
            />
          )}
          <InputField
            id={`${ids}-name`}
            label="Your name"
            required
            value={name}
            onChange={setName}
            error={errors.fields.name}
            testId="accept-name"
            disabled={busy}
          />
          <PasswordField
            id={`${ids}-password`}
            label="Password"
            value={password}
            onChange={setPassword}
            error={errors.fields.password}
            hint="At least 10 characters."
            testId="accept-password"
            disabled={busy}
          />
          <PasswordField
            id={`${ids}-confirm`}
            label="Confirm the password"
            value={confirm}
            onChange={setConfirm}
            error={errors.fields.confirm}
            testId="accept-confirm"
            disabled={busy}
          />
          <FormMessages messages={errors.form} testId="accept-errors" />
          <Button type="submit" className="w-full" loading={busy} data-testid="accept-submit">
            {kind === 'create-org' ? 'Create the firm and my account' : 'Create my account'}
          </Button>
        </form>
      )}
    </AcceptPageShell>
  );
}

function PasswordField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  testId: string;
  disabled: boolean;
}) {
  const invalid = props.error !== undefined;
  return (
    <div>
      <label htmlFor={props.id} className="block text-tremor-default font-medium text-tremor-content-strong">
        {props.label}
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      </label>
      <input
        id={props.id}
        type="password"
        autoComplete="new-password"
        className={`mt-1 w-full rounded-tremor-default border bg-tremor-background px-3 py-2 text-tremor-default shadow-tremor-input outline-none focus:ring-2 focus:ring-tremor-brand-muted ${invalid ? 'border-red-500' : 'border-tremor-border'}`}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${props.id}-error` : undefined}
        data-testid={props.testId}
        disabled={props.disabled}
      />
      {props.hint && !invalid && <p className="mt-1 text-tremor-label text-tremor-content">{props.hint}</p>}
      {invalid && (
        <p
          id={`${props.id}-error`}
          className="mt-1 text-tremor-label text-red-600"
          data-testid={`${props.testId}-error`}
        >
          {props.error}
        </p>
      )}
    </div>
  );
}
