import { useCallback, useState, type ReactNode } from 'react';
import { Badge, Button, Callout, Card } from '@tremor/react';
import { Link, useParams } from 'react-router';
import {
  enumLabel,
  formatTimestamp,
  isOpportunityOpen,
  opportunityTransition,
  type OpportunityPageView,
  type OpportunityResponse,
} from '@meridian/domain';
import { toApiError } from '../../../api';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loaded } from '../../../components/loaded';
import { useResource } from '../../../hooks/use-resource';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useCan } from '../../platform/auth/use-can';
import { ProposalBuilder } from '../proposals/proposal-builder';
import { ProposalSending } from '../public-proposal/proposal-sending';
import { opportunityCalls, type StageMove } from './pipeline-api';

/** The forward moves as buttons, in the order a sale takes them; closing as lost is confirmed apart. */
const FORWARD_MOVES: readonly { move: StageMove; label: string }[] = [
  { move: 'initiateDiscovery', label: 'Begin discovery' },
  { move: 'initiateProposal', label: 'Initiate the proposal' },
  { move: 'closeWon', label: 'Close as won' },
];

/** The sale's name, or what it is a sale to when it has none. */
function titleOf(view: OpportunityPageView): string {
  if (view.opportunity.name) return view.opportunity.name;
  return view.subject?.name ? `Sale with ${view.subject.name}` : 'Sale';
}

/** The subject's page: a lead and a contact both open the contact's page, a household its own. */
function SubjectLink({ view }: { view: OpportunityPageView }) {
  const { subject, opportunity } = view;
  if (!subject) return <>None</>;
  const kind = subject.kind === 'HOUSEHOLD' ? 'household' : subject.kind === 'LEAD' ? 'lead' : 'contact';
  const contactId = subject.kind === 'LEAD' ? opportunity.contactId : subject.id;
  const to = subject.kind === 'HOUSEHOLD' ? `/crm/households/${subject.id}` : contactId && `/crm/contacts/${contactId}`;
  const name = subject.name || `Their ${kind}`;
  return (
    <>
      {to ? (
        <Link to={to} className="text-tremor-brand hover:underline" data-testid="opportunity-subject">
          {name}
        </Link>
      ) : (
        <span data-testid="opportunity-subject">{name}</span>
      )}{' '}
      <span className="text-tremor-content">({kind})</span>
    </>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-tremor-label text-tremor-content">{label}</dt>
      <dd className="text-tremor-default text-tremor-content-strong" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

const orNotSet = (value: string | null) => value ?? 'Not set';
const labelOrNotSet = (enumeration: Parameters<typeof enumLabel>[0], value: string | null) =>
  value === null ? 'Not set' : enumLabel(enumeration, value);

/** The stage steps with their times: when the sale began and each step it reached. */
function stageDates(opportunity: OpportunityResponse): { label: string; at: string | null }[] {
  return [
    { label: 'Begun', at: opportunity.createdAt },
    { label: 'Discovery began', at: opportunity.discoveryStartedAt },
    { label: 'Proposal initiated', at: opportunity.proposalStartedAt },
    // A won sale was never lost and a lost one never won: only the end it had is listed.
    ...(opportunity.lostAt ? [] : [{ label: 'Won', at: opportunity.wonAt }]),
    ...(opportunity.wonAt ? [] : [{ label: 'Lost', at: opportunity.lostAt }]),
  ];
}

function OpportunityView({ view, onChanged }: { view: OpportunityPageView; onChanged: () => void }) {
  const { opportunity } = view;
  const canWrite = useCan()('SALES_WRITE');
  const [busy, setBusy] = useState<StageMove>();
  const [refused, setRefused] = useState<string>();
  const [confirmingLost, setConfirmingLost] = useState(false);
  // Bumped when a proposal is sent or revoked, so the builder shows its new status.
  const [proposalsVersion, setProposalsVersion] = useState(0);
  usePageTitle(titleOf(view));

  async function move(action: StageMove) {
    setBusy(action);
    setRefused(undefined);
    try {
      await opportunityCalls.move(opportunity.id, action);
      onChanged();
    } catch (failure) {
      // Refused (someone moved it meanwhile): the API's sentence, and the sale as it now stands.
      setRefused(toApiError(failure).message);
      onChanged();
    } finally {
      setBusy(undefined);
    }
  }

  // The moves the domain allows from this stage: the others are not offered.
  const allowed = (action: StageMove) => opportunityTransition(opportunity.stage, action).ok;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <Link to="/pipeline" className="text-tremor-label text-tremor-brand hover:underline">
            ← Pipeline
          </Link>
          <h1
            className="text-2xl font-semibold tracking-tight text-tremor-content-strong"
            data-testid="opportunity-name"
          >
            {titleOf(view)}
          </h1>
          <p className="mt-1 flex items-center gap-2 text-tremor-default text-tremor-content">
            <Badge data-testid="opportunity-stage">{enumLabel('OpportunityStage', opportunity.stage)}</Badge>
          </p>
        </div>
        {canWrite && (
          <div className="flex flex-wrap gap-2" data-testid="opportunity-moves">
            {FORWARD_MOVES.filter(({ move: action }) => allowed(action)).map(({ move: action, label }) => (
              <Button
                key={action}
                loading={busy === action}
                disabled={busy !== undefined}
                onClick={() => void move(action)}
                data-testid={`opportunity-${action}`}
              >
                {label}
              </Button>
            ))}
            {allowed('closeLost') && (
              <Button
                variant="secondary"
                color="rose"
                disabled={busy !== undefined}
                onClick={() => setConfirmingLost(true)}
                data-testid="opportunity-closeLost"
              >
                Close as lost
              </Button>
            )}
          </div>
        )}
      </div>
      {refused && <Callout title={refused} color="rose" role="alert" data-testid="opportunity-refused" />}
      {!isOpportunityOpen(opportunity.stage) && (
        <p className="text-tremor-label text-tremor-content" data-testid="opportunity-closed">
          This sale is {enumLabel('OpportunityStage', opportunity.stage).toLowerCase()}: it is no longer changed.
        </p>
      )}

      <Card className="p-4">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Fact label="For">
            <SubjectLink view={view} />
          </Fact>
          <Fact label="Primary advisor" testId="opportunity-advisor">
            {view.primaryAdvisor?.name ?? 'No advisor'}
          </Fact>
          <Fact label="Team" testId="opportunity-team">
            {view.team.name}
          </Fact>
          <Fact label="Expected fees">Fees come with proposals</Fact>
          {opportunity.lostReason && <Fact label="Why it was lost">{opportunity.lostReason}</Fact>}
        </dl>
      </Card>

      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Card className="p-4">
          <h2 className="text-tremor-default font-semibold text-tremor-content-strong">Stages</h2>
          <dl className="mt-2 grid grid-cols-2 gap-3" data-testid="opportunity-stage-dates">
            {stageDates(opportunity).map(({ label, at }) => (
              <Fact key={label} label={label}>
                {at ? formatTimestamp(at) : 'Not yet'}
              </Fact>
            ))}
          </dl>
          {view.stageChanges.length > 0 && (
            <ol className="mt-4 space-y-1 text-tremor-label text-tremor-content" data-testid="opportunity-history">
              {view.stageChanges.map((change) => (
                <li key={`${change.toStage}-${change.changedAt}`}>
                  {change.fromStage
                    ? `From ${enumLabel('OpportunityStage', change.fromStage)} to ${enumLabel('OpportunityStage', change.toStage)}`
                    : `Begun at ${enumLabel('OpportunityStage', change.toStage)}`}{' '}
                  · {formatTimestamp(change.changedAt)}
                </li>
              ))}
            </ol>
          )}
        </Card>
        <Card className="p-4">
          <h2 className="text-tremor-default font-semibold text-tremor-content-strong">About the sale</h2>
          <dl className="mt-2 grid grid-cols-2 gap-3" data-testid="opportunity-details">
            <Fact label="Type">
              {enumLabel('OpportunityType', opportunity.type)}
              {opportunity.isCorporation && ', a corporation’s'}
            </Fact>
            <Fact label="Discovery method">{labelOrNotSet('DiscoveryMethod', opportunity.discoveryMethod)}</Fact>
            <Fact label="Confidence">{opportunity.confidence === null ? 'Not set' : `${opportunity.confidence}%`}</Fact>
            <Fact label="Temperature">{labelOrNotSet('Temperature', opportunity.temperature)}</Fact>
            <Fact label="Lead source">{labelOrNotSet('LeadSource', opportunity.leadSource)}</Fact>
            <Fact label="Referrer">{orNotSet(opportunity.referrer)}</Fact>
            <Fact label="Marketing campaign">{orNotSet(opportunity.marketingCampaign)}</Fact>
            <Fact label="Marketing content">{orNotSet(opportunity.marketingContent)}</Fact>
            <Fact label="Marketing medium">{labelOrNotSet('MarketingMedium', opportunity.marketingMedium)}</Fact>
          </dl>
        </Card>
      </div>

      {opportunity.stage !== 'NEW' && opportunity.stage !== 'DISCOVERY' && (
        <>
          <ProposalSending
            opportunityId={opportunity.id}
            householdId={opportunity.householdId}
            canWrite={canWrite}
            onChanged={() => setProposalsVersion((version) => version + 1)}
          />
          <ProposalBuilder key={proposalsVersion} opportunityId={opportunity.id} stage={opportunity.stage} />
        </>
      )}

      {confirmingLost && (
        <ConfirmDialog
          title="Close this sale as lost?"
          testId="opportunity-lost-dialog"
          confirmLabel="Close as lost"
          action={() => opportunityCalls.move(opportunity.id, 'closeLost')}
          onDone={() => {
            setConfirmingLost(false);
            onChanged();
          }}
          onClose={() => setConfirmingLost(false)}
        >
          A lost sale cannot be reopened or changed; it stays in the pipeline’s Lost column.
        </ConfirmDialog>
      )}
    </div>
  );
}

/** One sale: who it is for, its stage with the dates of each step, what is known of it, and its moves. */
export default function OpportunityPage() {
  const { opportunityId = '' } = useParams();
  const load = useCallback((signal: AbortSignal) => opportunityCalls.pageView(opportunityId, signal), [opportunityId]);
  const view = useResource(load);
  return (
    <section data-testid="opportunity-page">
      <Loaded resource={view} what="sale">
        {(data) => <OpportunityView view={data} onChanged={view.reload} />}
      </Loaded>
    </section>
  );
}
