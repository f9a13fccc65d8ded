import { type FormEvent, useId, useState } from 'react';
import { Button, Dialog, DialogPanel } from '@tremor/react';
import {
  CONTACT_FORM_DEFAULTS,
  enumerationOptions,
  type InvitationDeliveryMethod,
  type InvitationResponse,
  type UserRole,
} from '@meridian/domain';
import { toApiError } from '../../../api';
import { FieldShell, FormMessages, InputField, SelectInput, controlClass } from '../../../components/fields';
import { CopyLinkButton } from './copy-link-button';
import { inviteTeamMembers } from './invitations-api';

const METHOD_HINTS: Record<InvitationDeliveryMethod, string> = {
  EMAIL: 'Each person gets an e-mail with their link.',
  LINK: 'You get a link to copy for each person.',
  SMS: 'One person: they get a text message with their link. The e-mail address names their account.',
};

/**
 * Invites one or more people to a team: comma-separated addresses, their role, and how the
 * invitation reaches them. A LINK invitation shows its links here, to copy: they are not shown again.
 */
export function InviteDialog({
  teamId,
  teamName,
  onClose,
  onInvited,
}: {
  teamId: string;
  teamName: string;
  onClose: () => void;
  onInvited: (invitations: InvitationResponse[]) => void;
}) {
  const ids = useId();
  const [email, setEmail] = useState('');
  const [method, setMethod] = useState<InvitationDeliveryMethod>('EMAIL');
  const [countryCode, setCountryCode] = useState<string>(CONTACT_FORM_DEFAULTS.phoneCountryCode);
  const [phoneNumber, setPhoneNumber] = useState('');
  const [role, setRole] = useState<UserRole>('ADVISOR');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string[] }>({ fields: {}, form: [] });
  const [links, setLinks] = useState<InvitationResponse[]>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setErrors({ fields: {}, form: [] });
    try {
      const phone = method === 'SMS' && phoneNumber.trim() ? { countryCode, number: phoneNumber } : undefined;
      const answer = await inviteTeamMembers({ email, team: teamId, method, role, ...(phone ? { phone } : {}) });
      onInvited(answer.invitations);
      if (method === 'LINK') setLinks(answer.invitations);
      else onClose();
    } catch (failure) {
      setErrors(
        toApiError(failure).formErrors(['email', 'method', 'role', 'phone', 'phone.countryCode', 'phone.number']),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} static aria-label="Invite people">
      <DialogPanel className="max-w-lg" data-testid="invite-dialog">
        <h2 className="text-tremor-title font-semibold text-tremor-content-strong">Invite people to {teamName}</h2>
        {links ? (
          <div className="mt-4 space-y-3" data-testid="invite-links">
            <p className="text-tremor-default text-tremor-content">
              Send each person their own link. Each works once, and it is not shown again: if a link is lost, use Resend
              to make a new one.
            </p>
            <ul className="space-y-3">
              {links.map((invitation) => (
                <li key={invitation.id} className="rounded-tremor-default border border-tremor-border p-3">
                  <p className="font-medium text-tremor-content-strong">{invitation.email}</p>
                  <p className="mt-1 break-all text-tremor-label text-tremor-content" data-testid="invite-link">
                    {invitation.link}
                  </p>
                  {invitation.link && (
                    <div className="mt-2">
                      <CopyLinkButton link={invitation.link} testId="invite-copy-link" />
                    </div>
                  )}
                </li>
              ))}
            </ul>
            <div className="flex justify-end">
              <Button onClick={onClose} data-testid="invite-done">
                Done
              </Button>
            </div>
          </div>
        ) : (
          <form className="mt-4 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
            <FieldShell
              id={`${ids}-email`}
              label="E-mail addresses"
              required
              error={errors.fields.email}
              hint={
                method === 'SMS'
                  ? 'The address of the account they will sign in with.'
                  : 'Separate several addresses with commas; each person gets their own invitation.'
              }
              testId="invite-email"
            >
              <textarea
                id={`${ids}-email`}
                rows={3}
                className={controlClass(errors.fields.email !== undefined)}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                placeholder="ana@firm.ca, bo@firm.ca"
                aria-invalid={errors.fields.email !== undefined}
                aria-describedby={errors.fields.email !== undefined ? `${ids}-email-error` : undefined}
                data-testid="invite-email"
                disabled={busy}
              />
            </FieldShell>
            <SelectInput
              id={`${ids}-role`}
              label="Role"
              value={role}
              onChange={(value) => setRole(value as UserRole)}
              options={enumerationOptions('UserRole')}
              error={errors.fields.role}
              testId="invite-role"
              disabled={busy}
            />
            <SelectInput
              id={`${ids}-method`}
              label="Send by"
              value={method}
              onChange={(value) => setMethod(value as InvitationDeliveryMethod)}
              options={enumerationOptions('InvitationDeliveryMethod')}
              error={errors.fields.method}
              hint={METHOD_HINTS[method]}
              testId="invite-method"
              disabled={busy}
            />
            {method === 'SMS' && (
              <div className="grid grid-cols-3 gap-3" data-testid="invite-phone">
                <InputField
                  id={`${ids}-country-code`}
                  label="Country code"
                  type="tel"
                  prefix="+"
                  value={countryCode}
                  onChange={setCountryCode}
                  error={errors.fields['phone.countryCode']}
                  testId="invite-phone-country-code"
                  disabled={busy}
                />
                <InputField
                  id={`${ids}-phone-number`}
                  label="Mobile number"
                  type="tel"
                  required
                  className="col-span-2"
                  value={phoneNumber}
                  onChange={setPhoneNumber}
                  placeholder="416 555 0199"
                  error={errors.fields['phone.number'] ?? errors.fields.phone}
                  testId="invite-phone-number"
                  disabled={busy}
                />
              </div>
            )}
            <FormMessages messages={errors.form} testId="invite-errors" />
            <div className="flex justify-end gap-3">
              <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={busy} data-testid="invite-submit">
                Invite
              </Button>
            </div>
          </form>
        )}
      </DialogPanel>
    </Dialog>
  );
}
