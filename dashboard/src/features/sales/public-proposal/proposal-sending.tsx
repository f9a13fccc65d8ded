import { useCallback, useId, useState } from 'react';
import { Badge, Button, Callout, Card, Dialog, DialogPanel } from '@tremor/react';
import {
  enumLabel,
  formatTimestamp,
  isProposalFinal,
  proposalTransition,
  type HouseholdResponse,
  type ProposalResponse,
} from '@meridian/domain';
import { getHousehold, toApiError } from '../../../api';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CheckboxInput, FormMessages, InputField } from '../../../components/fields';
import { useResource } from '../../../hooks/use-resource';
import { proposalCalls } from '../proposals/proposals-api';
import { proposalSendCalls } from './public-proposal-api';

/** A person the proposal can go to, and the address to prefill: their contact's e-mail, else their own. */
interface Candidate {
  personId: string;
  name: string;
  email: string;
}

function candidatesOf(household: HouseholdResponse): Candidate[] {
  return household.members.map((member) => {
    const contact = household.contacts.find((candidate) => candidate.person?.id === member.id && candidate.email);
    return { personId: member.id, name: member.name.display, email: contact?.email ?? member.email ?? '' };
  });
}

/**
 * Send a proposal: the household's persons, each picked with the address to write to (prefilled);
 * each picked person is e-mailed a link to the proposal's page.
 */
function SendDialog({
  proposal,
  householdId,
  onSent,
  onClose,
}: {
  proposal: ProposalResponse;
  householdId: string;
  onSent: () => void;
  onClose: () => void;
}) {
  const ids = useId();
  const loadHousehold = useCallback((signal: AbortSignal) => getHousehold(householdId, signal), [householdId]);
  const household = useResource(loadHousehold);
  const candidates = household.data ? candidatesOf(household.data) : [];
  const recorded = new Set(proposal.recipients.map((recipient) => recipient.personId));
  const [picked, setPicked] = useState<Record<string, boolean>>({});
  const [emails, setEmails] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string[] }>({ fields: {}, form: [] });

  const isPicked = (personId: string) => picked[personId] ?? (recorded.size === 0 ? true : recorded.has(personId));
  const emailOf = (candidate: Candidate) =>
    emails[candidate.personId] ??
    proposal.recipients.find((recipient) => recipient.personId === candidate.personId)?.email ??
    candidate.email;

  async function send() {
    const chosen = candidates.filter((candidate) => isPicked(candidate.personId));
    setBusy(true);
    setErrors({ fields: {}, form: [] });
    try {
      await proposalSendCalls.send(proposal.id, {
        recipients: chosen.map((candidate) => ({ personId: candidate.personId, email: emailOf(candidate).trim() })),
        resend: false,
      });
      onSent();
    } catch (failure) {
      const error = toApiError(failure);
      const fields = error.fieldErrors();
      // recipients.<n>.email names the n-th chosen person's address.
      const byPerson: Record<string, string> = {};
      chosen.forEach((candidate, index) => {
        const message = fields[`recipients.${index}.email`] ?? fields[`recipients.${index}.personId`];
        if (message) byPerson[candidate.personId] = message;
      });
      setErrors({ fields: byPerson, form: Object.keys(byPerson).length > 0 ? [] : [error.message] });
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} static aria-label="Send the proposal">
      <DialogPanel className="max-w-lg" data-testid="proposal-send-dialog">
        <h2 className="text-tremor-title font-semibold text-tremor-content-strong">Send the proposal</h2>
        <p className="mt-2 text-tremor-default text-tremor-content">
          Each person you pick is e-mailed a personal link to read the offers and their fees, accept the proposal or ask
          for changes. Once sent, its offers can no longer be changed unless the client asks for changes.
        </p>
        {household.error && <Callout className="mt-4" title={household.error.message} color="rose" role="alert" />}
        <div className="mt-4 space-y-4" data-testid="proposal-send-recipients">
          {household.data && candidates.length === 0 && (
            <p className="text-tremor-default text-tremor-content">This household has no members to send to.</p>
          )}
          {candidates.map((candidate, index) => (
            <div key={candidate.personId} className="space-y-2" data-testid="proposal-send-recipient">
              <CheckboxInput
                id={`${ids}-pick-${index}`}
                label={candidate.name}
                checked={isPicked(candidate.personId)}
                onChange={(checked) => setPicked({ ...picked, [candidate.personId]: checked })}
                testId={`proposal-send-pick-${index}`}
              />
              {isPicked(candidate.personId) && (
                <InputField
                  id={`${ids}-email-${index}`}
                  label={`${candidate.name}’s e-mail address`}
                  type="email"
                  value={emailOf(candidate)}
                  onChange={(value) => setEmails({ ...emails, [candidate.personId]: value })}
                  error={errors.fields[candidate.personId]}
                  testId={`proposal-send-email-${index}`}
                  disabled={busy}
                />
              )}
            </div>
          ))}
        </div>
        <FormMessages messages={errors.form} testId="proposal-send-errors" />
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            onClick={() => void send()}
            loading={busy}
            disabled={!household.data || !candidates.some((candidate) => isPicked(candidate.personId))}
            data-testid="proposal-send-confirm"
          >
            Send the proposal
          </Button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}

/** One proposal's sending: where it stands, to whom it went, and Send, Resend or Revoke. */
function ProposalSendRow({
  proposal,
  householdId,
  onChanged,
}: {
  proposal: ProposalResponse;
  householdId: string | null;
  onChanged: () => void;
}) {
  const [dialog, setDialog] = useState<'send' | 'resend' | 'revoke'>();
  const [done, setDone] = useState<string>();
  const canSend = proposalTransition(proposal.status, 'send', proposal.offers.length).ok && householdId !== null;
  const canResend = proposalTransition(proposal.status, 'resend').ok;
  const close = () => setDialog(undefined);
  const finished = (message: string) => () => {
    setDialog(undefined);
    setDone(message);
    onChanged();
  };
  return (
    <div
      className="space-y-2 border-t border-tremor-border pt-3 first:border-t-0 first:pt-0"
      data-testid="proposal-sending"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-tremor-default text-tremor-content-strong">
          Proposal <Badge data-testid="proposal-sending-status">{enumLabel('ProposalStatus', proposal.status)}</Badge>
        </p>
        <div className="flex flex-wrap gap-2">
          {canSend && (
            <Button onClick={() => setDialog('send')} data-testid="proposal-send">
              {proposal.status === 'MODIFICATION_REQUESTED' ? 'Send the reworked proposal' : 'Send proposal'}
            </Button>
          )}
          {canResend && (
            <Button variant="secondary" onClick={() => setDialog('resend')} data-testid="proposal-resend">
              Resend
            </Button>
          )}
          {!isProposalFinal(proposal.status) && (
            <Button variant="secondary" color="rose" onClick={() => setDialog('revoke')} data-testid="proposal-revoke">
              Revoke
            </Button>
          )}
        </div>
      </div>
      {proposal.status === 'DRAFT' && proposal.offers.length === 0 && (
        <p className="text-tremor-label text-tremor-content">Add an offer before sending the proposal.</p>
      )}
      {householdId === null && !isProposalFinal(proposal.status) && (
        <p className="text-tremor-label text-tremor-content">
          This sale has no household yet: a proposal is sent to the members of a household.
        </p>
      )}
      {proposal.recipients.length > 0 && (
        <ul className="text-tremor-label text-tremor-content" data-testid="proposal-recipients">
          {proposal.recipients.map((recipient) => (
            <li key={recipient.personId}>
              {recipient.email}
              {recipient.sentAt ? ` · last sent ${formatTimestamp(recipient.sentAt)}` : ''}
            </li>
          ))}
        </ul>
      )}
      {done && <Callout title={done} color="emerald" data-testid="proposal-sending-done" />}
      {dialog === 'send' && householdId && (
        <SendDialog
          proposal={proposal}
          householdId={householdId}
          onSent={finished('The proposal was sent: each recipient gets an e-mail with their link.')}
          onClose={close}
        />
      )}
      {dialog === 'resend' && (
        <ConfirmDialog
          title="Send the proposal again?"
          testId="proposal-resend-dialog"
          confirmLabel="Resend"
          action={() => proposalSendCalls.send(proposal.id, { resend: true })}
          onDone={finished('The proposal was sent again to its recipients, each with a new link.')}
          onClose={close}
        >
          Each recipient ({proposal.recipients.map((recipient) => recipient.email).join(', ')}) gets a new e-mail with a
          new link; the links already sent keep working until they expire.
        </ConfirmDialog>
      )}
      {dialog === 'revoke' && (
        <ConfirmDialog
          title="Revoke this proposal?"
          testId="proposal-revoke-dialog"
          confirmLabel="Revoke the proposal"
          action={() => proposalSendCalls.revoke(proposal.id)}
          onDone={finished('The proposal was revoked: its links no longer open it.')}
          onClose={close}
        >
          The proposal can no longer be accepted or changed, and every link sent to the client stops working. A new
          proposal can be created for the sale.
        </ConfirmDialog>
      )}
    </div>
  );
}

/**
 * The sending of a sale's proposals (crm §7: send with recipients, resend, revoke), beside the
 * proposal builder on the sale's page. `onChanged` runs after each change, for the page to reload.
 */
export function ProposalSending({
  opportunityId,
  householdId,
  canWrite,
  onChanged,
}: {
  opportunityId: string;
  householdId: string | null;
  canWrite: boolean;
  onChanged: () => void;
}) {
  const load = useCallback((signal: AbortSignal) => proposalCalls.packageView(opportunityId, signal), [opportunityId]);
  const view = useResource(load);
  const open = (view.data?.proposals ?? []).filter((proposal) => !isProposalFinal(proposal.status));
  if (!canWrite || open.length === 0) return null;
  return (
    <Card className="space-y-3 p-4" data-testid="proposal-sending-card">
      <h2 className="text-tremor-default font-semibold text-tremor-content-strong">Send to the client</h2>
      {open.map((proposal) => (
        <ProposalSendRow
          key={proposal.id}
          proposal={proposal}
          householdId={householdId}
          onChanged={() => {
            view.reload();
            onChanged();
          }}
        />
      ))}
    </Card>
  );
}
