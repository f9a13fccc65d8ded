import { useCallback, useId, useState } from 'react';
import { Badge, Button, Callout, Card } from '@tremor/react';
import {
  enumLabel,
  formatTimestamp,
  isProposalFinal,
  proposalTransition,
  type OpportunityStage,
  type ProposalPackageView,
} from '@meridian/domain';
import { toApiError } from '../../../api';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SelectInput } from '../../../components/fields';
import { Loaded } from '../../../components/loaded';
import { useResource } from '../../../hooks/use-resource';
import { useCan } from '../../platform/auth/use-can';
import { OfferCard, type PricedOffer } from './offer-card';
import { OfferDrawer } from './offer-form';
import { bodyOfOffer } from './offer-draft';
import { offeringCalls, packageTemplateCalls, proposalCalls } from './proposals-api';

type Proposal = ProposalPackageView['proposals'][number];

/** The dates a proposal reached, in words. */
function proposalDates(proposal: Proposal): string {
  return [
    `Created ${formatTimestamp(proposal.createdAt)}`,
    proposal.sentAt && `sent ${formatTimestamp(proposal.sentAt)}`,
    proposal.modificationRequestedAt && `changes asked ${formatTimestamp(proposal.modificationRequestedAt)}`,
    proposal.acceptedAt && `accepted ${formatTimestamp(proposal.acceptedAt)}`,
    proposal.revokedAt && `revoked ${formatTimestamp(proposal.revokedAt)}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** Why a proposal's offers are not changed, when they are not. */
function lockedReason(proposal: Proposal): string | null {
  const transition = proposalTransition(proposal.status, 'editOffers');
  return transition.ok ? null : transition.message;
}

/** "Add from a package template": a template's offers copied into the proposal, one call each. */
function TemplatePicker({ proposalId, onAdded }: { proposalId: string; onAdded: () => void }) {
  const id = useId();
  const templates = useResource(packageTemplateCalls.list);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const items = templates.data?.items ?? [];
  const template = items.find((item) => item.id === chosen);

  async function copy() {
    if (!template) return;
    setBusy(true);
    setProblem(undefined);
    let added = 0;
    try {
      for (const offer of template.offers) {
        await proposalCalls.addOffer(proposalId, bodyOfOffer(offer));
        added += 1;
      }
      setChosen('');
    } catch (failure) {
      setProblem(
        `${added} of ${template.offers.length} offers of “${template.name}” were added: ${toApiError(failure).message}`,
      );
    } finally {
      setBusy(false);
      onAdded();
    }
  }

  if (templates.data && items.length === 0) {
    return (
      <p className="text-tremor-label text-tremor-content" data-testid="template-none">
        The firm has no package templates yet; add offers one at a time.
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-end gap-3" data-testid="template-picker">
      <SelectInput
        id={`${id}-template`}
        label="Package template"
        value={chosen}
        options={items.map((item) => ({
          value: item.id,
          label: `${item.name} (${item.offers.length} offer${item.offers.length === 1 ? '' : 's'})`,
        }))}
        emptyLabel={templates.data ? 'Choose a template' : 'Loading the templates…'}
        onChange={setChosen}
        testId="template-select"
        className="min-w-64"
      />
      <Button
        variant="secondary"
        disabled={!template || template.offers.length === 0}
        loading={busy}
        onClick={() => void copy()}
        data-testid="template-add"
      >
        {template
          ? `Add its ${template.offers.length} offer${template.offers.length === 1 ? '' : 's'}`
          : 'Add its offers'}
      </Button>
      {problem && <Callout className="w-full" title={problem} color="rose" role="alert" />}
    </div>
  );
}

function ProposalCard({
  proposal,
  view,
  canWrite,
  onChanged,
}: {
  proposal: Proposal;
  view: ProposalPackageView;
  canWrite: boolean;
  onChanged: () => void;
}) {
  const offerings = useResource(offeringCalls.list);
  const [editing, setEditing] = useState<PricedOffer | 'new'>();
  const [removing, setRemoving] = useState<PricedOffer>();
  const locked = lockedReason(proposal);
  const editable = canWrite && locked === null;

  return (
    <Card className="space-y-4 p-4" data-testid="proposal-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="flex items-center gap-2 text-tremor-default font-semibold text-tremor-content-strong">
            Proposal <Badge data-testid="proposal-status">{enumLabel('ProposalStatus', proposal.status)}</Badge>
          </h2>
          <p className="text-tremor-label text-tremor-content">{proposalDates(proposal)}</p>
        </div>
        {editable && (
          <Button onClick={() => setEditing('new')} data-testid="offer-add">
            Add an offer
          </Button>
        )}
      </div>
      {proposal.modificationRequest && (
        <Callout title="The client asked for changes" color="amber" data-testid="proposal-modification">
          {proposal.modificationRequest}
        </Callout>
      )}
      {locked && (
        <p className="text-tremor-label text-tremor-content" data-testid="proposal-locked">
          {locked}.
        </p>
      )}
      {editable && <TemplatePicker proposalId={proposal.id} onAdded={onChanged} />}
      {proposal.offers.length === 0 ? (
        <p className="text-tremor-default text-tremor-content" data-testid="proposal-no-offers">
          {editable
            ? 'No offers yet: add one from a package template, or from scratch with “Add an offer”.'
            : 'This proposal has no offers.'}
        </p>
      ) : (
        <div className="space-y-3" data-testid="proposal-offers">
          {proposal.offers.map((offer, index) => (
            <OfferCard
              key={offer.id}
              offer={offer}
              position={index + 1}
              onEdit={editable ? () => setEditing(offer) : undefined}
              onRemove={editable ? () => setRemoving(offer) : undefined}
            />
          ))}
        </div>
      )}
      {editing && (
        <OfferDrawer
          proposalId={proposal.id}
          offer={editing === 'new' ? undefined : editing}
          offerings={offerings.data?.items ?? []}
          investableAssets={view.investableAssets}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            onChanged();
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          title="Remove this offer?"
          testId="offer-remove-dialog"
          confirmLabel="Remove the offer"
          action={() => proposalCalls.removeOffer(proposal.id, removing.id)}
          onDone={() => {
            setRemoving(undefined);
            onChanged();
          }}
          onClose={() => setRemoving(undefined)}
        >
          The offer of {removing.offerings.map((offering) => offering.name).join(', ')} is taken out of the proposal;
          the offerings themselves stay in the firm’s list.
        </ConfirmDialog>
      )}
    </Card>
  );
}

/**
 * An opportunity's proposals (crm §4): at the proposal stage, its proposal with the offers, each
 * priced for its first year, added from a package template or from scratch, edited and removed
 * while the proposal is a draft or sent back for changes; a sale without one offers to create it.
 * Closed sales show their proposals as they ended.
 */
export function ProposalBuilder({ opportunityId, stage }: { opportunityId: string; stage: OpportunityStage }) {
  const canWrite = useCan()('SALES_WRITE');
  const load = useCallback((signal: AbortSignal) => proposalCalls.packageView(opportunityId, signal), [opportunityId]);
  const view = useResource(load);
  const [creating, setCreating] = useState(false);
  const [refused, setRefused] = useState<string>();

  async function create() {
    setCreating(true);
    setRefused(undefined);
    try {
      await proposalCalls.create(opportunityId);
      view.reload();
    } catch (failure) {
      setRefused(toApiError(failure).message);
    } finally {
      setCreating(false);
    }
  }

  return (
    <section className="space-y-3" data-testid="proposal-builder">
      <h2 className="text-lg font-semibold text-tremor-content-strong">Proposals</h2>
      <Loaded resource={view} what="proposals">
        {(data) => {
          const open = data.proposals.some((proposal) => !isProposalFinal(proposal.status));
          const canCreate = canWrite && !open && stage === 'PROPOSAL';
          if (data.proposals.length === 0 && stage !== 'PROPOSAL') return null;
          return (
            <>
              {canCreate && (
                <Callout
                  title={data.proposals.length === 0 ? 'This sale has no proposal yet' : 'No proposal is open'}
                  color="blue"
                  data-testid="proposal-none"
                >
                  <p>
                    {data.proposals.length === 0
                      ? 'Create its proposal, then add the offers the client is to choose from.'
                      : 'Every proposal of this sale was accepted or revoked; create a new one to offer again.'}
                  </p>
                  <Button
                    className="mt-3"
                    loading={creating}
                    onClick={() => void create()}
                    data-testid="proposal-create"
                  >
                    Create the proposal
                  </Button>
                </Callout>
              )}
              {refused && <Callout title={refused} color="rose" role="alert" data-testid="proposal-refused" />}
              {data.proposals.map((proposal) => (
                <ProposalCard
                  key={proposal.id}
                  proposal={proposal}
                  view={data}
                  canWrite={canWrite}
                  onChanged={view.reload}
                />
              ))}
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
