import { type FormEvent, useEffect, useId, useState } from 'react';
import { useParams } from 'react-router';
import { Button, Callout, Card } from '@tremor/react';
import type { ClientInvitationAcceptedResponse, InvitationCodeValidityResponse } from '@meridian/domain';
import { type ApiError, toApiError } from '../../../api';
import { BrandMark } from '../../../components/brand-mark';
import { FormMessages, InputField } from '../../../components/fields';
import { acceptClientInvitation, validateCode } from './invitation-kinds-api';

type Check =
  | { state: 'checking' }
  | { state: 'valid'; invitation: InvitationCodeValidityResponse }
  | { state: 'invalid'; error: ApiError };

function invalidTitle(error: ApiError): string {
  if (error.status === 409) return 'This invitation can no longer be used';
  if (error.status === 404) return 'This invitation link is not valid';
  if (error.status === 429) return 'Too many attempts';
  return 'The invitation could not be checked';
}

/**
 * The public page a client's portal invitation opens: the firm that invites them, an optional
 * e-mail to confirm, and Accept. The acceptance is recorded (their access becomes active); the
 * client gets no account in the firm's dashboard (docs/DECISIONS.md).
 */
export default function AcceptClientInvitationPage() {
  const { code = '' } = useParams();
  const ids = useId();
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; form: string[] }>({ form: [] });
  const [accepted, setAccepted] = useState<ClientInvitationAcceptedResponse>();

  useEffect(() => {
    const controller = new AbortController();
    validateCode(code, 'client', controller.signal)
      .then((invitation) => {
        setCheck({ state: 'valid', invitation });
        setEmail(invitation.email ?? '');
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setCheck({ state: 'invalid', error: toApiError(failure) });
      });
    return () => controller.abort();
  }, [code]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setErrors({ form: [] });
    try {
      setAccepted(await acceptClientInvitation(code, email.trim() ? { email: email.trim() } : {}));
    } catch (failure) {
      const error = toApiError(failure);
      if (error.status === 409 || error.status === 404) setCheck({ state: 'invalid', error });
      const fields = error.fieldErrors();
      setErrors({ ...(fields.email ? { email: fields.email } : {}), form: fields.email ? [] : [error.message] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-tremor-background-muted px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 flex flex-col items-center text-center">
          <BrandMark size="lg" />
          <h1 className="mt-6 text-xl font-semibold text-tremor-content-strong">Your client portal</h1>
        </div>
        <Card className="p-6" data-testid="accept-invitation">
          {check.state === 'checking' && (
            <p className="text-tremor-default text-tremor-content" role="status">
              Checking your invitation…
            </p>
          )}
          {check.state === 'invalid' && (
            <Callout title={invalidTitle(check.error)} color="rose" role="alert" data-testid="accept-invalid">
              <span className="block" data-testid="accept-invalid-message">
                {check.error.status === 409
                  ? 'It was already accepted, withdrawn, or it has expired.'
                  : check.error.message}
              </span>
              <span className="mt-2 block">Ask your advisor to send you a new invitation.</span>
            </Callout>
          )}
          {check.state === 'valid' && accepted && (
            <Callout title="Your portal access is active" color="emerald" data-testid="accept-done">
              Thank you, {accepted.firstName}. {accepted.organizationName} now knows you accepted; your advisor will
              tell you what comes next.
            </Callout>
          )}
          {check.state === 'valid' && !accepted && (
            <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
              <p className="text-tremor-default text-tremor-content" data-testid="accept-summary">
                {check.invitation.organizationName} invites you to its client portal.
              </p>
              <InputField
                id={`${ids}-email`}
                label="Your e-mail address"
                type="email"
                value={email}
                onChange={setEmail}
                hint="Optional: the address your advisor should use."
                error={errors.email}
                testId="accept-email"
                disabled={busy}
              />
              <FormMessages messages={errors.form} testId="accept-errors" />
              <Button type="submit" className="w-full" loading={busy} data-testid="accept-submit">
                Accept the invitation
              </Button>
            </form>
          )}
        </Card>
      </div>
    </main>
  );
}
