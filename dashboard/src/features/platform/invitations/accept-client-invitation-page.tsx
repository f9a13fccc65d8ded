import { type FormEvent, useId, useState } from 'react';
import { useParams } from 'react-router';
import { Button, Callout } from '@tremor/react';
import type { ClientInvitationAcceptedResponse } from '@meridian/domain';
import { toApiError } from '../../../api';
import { FormMessages, InputField } from '../../../components/fields';
import { AcceptPageShell, InvitationCheckStatus, useInvitationCheck } from './accept-page-parts';
import { acceptClientInvitation } from './invitation-kinds-api';

/**
 * The public page a client's portal invitation opens: the firm that invites them, an optional
 * e-mail to confirm, and Accept. The acceptance is recorded (their access becomes active); the
 * client gets no account in the firm's dashboard (docs/DECISIONS.md).
 */
export default function AcceptClientInvitationPage() {
  const { code = '' } = useParams();
  const ids = useId();
  const [email, setEmail] = useState('');
  const { check, invalidate } = useInvitationCheck(code, 'client', (invitation) => setEmail(invitation.email ?? ''));
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; form: string[] }>({ form: [] });
  const [accepted, setAccepted] = useState<ClientInvitationAcceptedResponse>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setErrors({ form: [] });
    try {
      setAccepted(await acceptClientInvitation(code, email.trim() ? { email: email.trim() } : {}));
    } catch (failure) {
      const error = toApiError(failure);
      invalidate(error);
      const fields = error.fieldErrors();
      setErrors({ ...(fields.email ? { email: fields.email } : {}), form: fields.email ? [] : [error.message] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AcceptPageShell heading="Your client portal">
      <InvitationCheckStatus check={check} usedUp="It was already accepted, withdrawn, or it has expired.">
        Ask your advisor to send you a new invitation.
      </InvitationCheckStatus>
      {check.state === 'valid' && accepted && (
        <Callout title="Your portal access is active" color="emerald" data-testid="accept-done">
          Thank you, {accepted.firstName}. {accepted.organizationName} now knows you accepted; your advisor will tell
          you what comes next.
        </Callout>
      )}
      {check.state === 'valid' && !accepted && (
        <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          <p className="text-tremor-default text-tremor-content" data-testid="accept-summary">
            {check.invitation.organizationName} invites you to its client portal.
          </p>
          {/* An invitation sent to an address is accepted for it only; a link to a contact
              without one lets the client give the address their advisor should use. */}
          <InputField
            id={`${ids}-email`}
            label="Your e-mail address"
            type="email"
            value={email}
            onChange={setEmail}
            hint={
              check.invitation.email
                ? 'The address this invitation was sent to.'
                : 'Optional: the address your advisor should use.'
            }
            error={errors.email}
            testId="accept-email"
            disabled={busy || check.invitation.email !== null}
          />
          <FormMessages messages={errors.form} testId="accept-errors" />
          <Button type="submit" className="w-full" loading={busy} data-testid="accept-submit">
            Accept the invitation
          </Button>
        </form>
      )}
    </AcceptPageShell>
  );
}
