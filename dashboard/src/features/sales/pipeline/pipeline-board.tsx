import { type DragEvent, type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { Button, Callout, Dialog, DialogPanel } from '@tremor/react';
import { Link } from 'react-router';
import {
  enumLabel,
  formatMoney,
  formatShortDate,
  OpportunityStage,
  type OpportunityListItem,
  type PipelineResponse,
} from '@meridian/domain';
import { toApiError } from '../../../api';
import { useCan } from '../../platform/auth/use-can';
import { opportunityCalls, type PipelineFilter, type StageMove } from './pipeline-api';
import { checkStageMove } from './stage-moves';

/** How many cards a column shows at first and adds on "Show more". */
const PAGE_SIZE = 10;

/** What each column holds. */
const STAGE_MEANING: Readonly<Record<OpportunityStage, string>> = {
  NEW: 'Sales begun whose discovery has not started.',
  DISCOVERY: 'Sales in discovery, before a proposal.',
  PROPOSAL: 'Sales with a proposal, not yet closed.',
  WON: 'Sales closed with a new client.',
  LOST: 'Sales that ended without a client.',
};

export const stageLabel = (stage: OpportunityStage) => enumLabel('OpportunityStage', stage);

/** "$26,180.60 CAD". */
export const money = (amount: string, currency: string) => `${formatMoney(amount)} ${currency}`;

/** The period in words, its ends as calendar dates (no time zone to shift them). */
export function periodWords(period: { startDate: string | null; endDate: string | null }): string {
  const start = period.startDate && formatShortDate(period.startDate, true);
  const end = period.endDate && formatShortDate(period.endDate, true);
  if (start && end) return `between ${start} and ${end}`;
  if (start) return `since ${start}`;
  if (end) return `until ${end}`;
  return 'at any time';
}

const saleTitle = (item: OpportunityListItem) => item.name ?? `Sale with ${item.subjectName ?? 'an unnamed client'}`;

/** A move asked for: the sale, where to, and the call. */
interface MoveRequest {
  item: OpportunityListItem;
  to: OpportunityStage;
  move: StageMove;
}

/** Asks why a sale was lost before closing it (the API keeps the reason on the sale). */
function LostReasonDialog({
  item,
  onConfirm,
  onClose,
}: {
  item: OpportunityListItem;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <Dialog open onClose={onClose} static aria-label="Close the sale as lost">
      <DialogPanel className="max-w-md" data-testid="pipeline-lost-dialog">
        <h2 className="text-tremor-title font-semibold text-tremor-content-strong">
          Close “{saleTitle(item)}” as lost
        </h2>
        <label htmlFor={id} className="mt-4 block text-tremor-default font-medium text-tremor-content-strong">
          Why was it lost?
        </label>
        <textarea
          id={id}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          rows={3}
          className="mt-1 w-full rounded-tremor-default border border-tremor-border px-3 py-2 text-tremor-default"
          data-testid="pipeline-lost-reason"
        />
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="rose"
            disabled={reason.trim() === ''}
            onClick={() => onConfirm(reason.trim())}
            data-testid="pipeline-lost-confirm"
          >
            Close as lost
          </Button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}

/** One labelled value of a card, on a line that wraps. */
function CardField({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div className="break-words">
      <dt className="inline">{label}: </dt>
      <dd className="inline text-tremor-content-emphasis" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function SaleCard({
  item,
  currency,
  canMove,
  onDragStart,
  onDragEnd,
  onMove,
}: {
  item: OpportunityListItem;
  currency: string;
  canMove: boolean;
  onDragStart: () => void;
  onDragEnd: () => void;
  onMove: (to: OpportunityStage) => void;
}) {
  const selectId = useId();
  const targets = OpportunityStage.filter((stage) => checkStageMove(item.stage, stage).ok);
  return (
    <li
      draggable={canMove && targets.length > 0}
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', item.id);
        event.dataTransfer.effectAllowed = 'move';
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      className={`rounded-tremor-default border border-tremor-border bg-tremor-background p-3 shadow-tremor-card ${
        canMove && targets.length > 0 ? 'cursor-grab' : ''
      }`}
      data-testid="pipeline-card"
      data-sale-title={saleTitle(item)}
    >
      <Link
        to={`/pipeline/${item.id}`}
        className="text-tremor-default font-medium text-tremor-content-strong hover:underline"
      >
        {saleTitle(item)}
      </Link>
      <dl className="mt-1 space-y-0.5 text-tremor-label text-tremor-content">
        {item.name && item.subjectName && <CardField label="For">{item.subjectName}</CardField>}
        <CardField label="Advisor">{item.primaryAdvisorName ?? 'None yet'}</CardField>
        <CardField label="In stage since">{formatShortDate(item.stageEnteredAt)}</CardField>
        {item.confidence !== null && <CardField label="Confidence">{item.confidence}%</CardField>}
        {item.temperature && <CardField label="Temperature">{enumLabel('Temperature', item.temperature)}</CardField>}
        {item.expectedAnnualFees !== null && (
          <CardField label="Fees a year" testId="pipeline-card-fees">
            {money(item.expectedAnnualFees, currency)}
          </CardField>
        )}
      </dl>
      {canMove && targets.length > 0 && (
        <div className="mt-2">
          <label htmlFor={selectId} className="sr-only">
            Move {saleTitle(item)} to another stage
          </label>
          <select
            id={selectId}
            value=""
            onChange={(event) => {
              if (event.target.value) onMove(event.target.value as OpportunityStage);
            }}
            className="w-full rounded-tremor-small border border-tremor-border bg-tremor-background px-2 py-1 text-tremor-label text-tremor-content-emphasis"
            data-testid="pipeline-card-move"
          >
            <option value="">Move to…</option>
            {targets.map((stage) => (
              <option key={stage} value={stage}>
                {stageLabel(stage)}
              </option>
            ))}
          </select>
        </div>
      )}
    </li>
  );
}

/**
 * One stage's column: its totals, then its sales a page at a time (the period keeps those that
 * entered the stage in it). A dragged sale that may not come here says why.
 */
function StageColumn({
  stage,
  pipeline,
  filter,
  version,
  dragged,
  canMove,
  onDrag,
  onMove,
}: {
  stage: PipelineResponse['stages'][number];
  pipeline: PipelineResponse;
  filter: PipelineFilter;
  version: number;
  dragged: OpportunityListItem | undefined;
  canMove: boolean;
  onDrag: (item: OpportunityListItem | undefined) => void;
  onMove: (item: OpportunityListItem, to: OpportunityStage) => void;
}) {
  const [items, setItems] = useState<OpportunityListItem[]>([]);
  const [total, setTotal] = useState<number>();
  const [pages, setPages] = useState(1);
  const [error, setError] = useState<string>();
  const [over, setOver] = useState(false);
  const key = JSON.stringify(filter);

  const load = useCallback(
    async (page: number, signal?: AbortSignal) => {
      const query = { ...(JSON.parse(key) as PipelineFilter), stage: stage.stage, page, limit: PAGE_SIZE };
      const answer = await opportunityCalls.list(query, signal);
      return answer;
    },
    [key, stage.stage],
  );

  // The first page again whenever the filter changes or a sale moved.
  useEffect(() => {
    const controller = new AbortController();
    setError(undefined);
    load(1, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setItems(answer.items);
        setTotal(answer.total);
        setPages(1);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(toApiError(failure).message);
      },
    );
    return () => controller.abort();
  }, [load, version]);

  async function more() {
    try {
      const answer = await load(pages + 1);
      setItems((current) => [...current, ...answer.items.filter((item) => !current.some((c) => c.id === item.id))]);
      setTotal(answer.total);
      setPages(pages + 1);
    } catch (failure) {
      setError(toApiError(failure).message);
    }
  }

  const check = dragged ? checkStageMove(dragged.stage, stage.stage) : undefined;
  const refusal = dragged && dragged.stage !== stage.stage && check && !check.ok ? check.reason : undefined;
  const label = stageLabel(stage.stage);
  const periodSet = pipeline.startDate !== null || pipeline.endDate !== null;

  function drop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    const item = dragged;
    onDrag(undefined);
    if (item && check?.ok) onMove(item, stage.stage);
  }

  return (
    <section
      aria-label={label}
      onDragOver={(event) => {
        if (!dragged) return;
        setOver(true);
        // Only a column that may take the sale accepts the drop.
        if (check?.ok) event.preventDefault();
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      title={refusal}
      className={`flex min-w-0 flex-col rounded-tremor-default p-3 ${
        over && check?.ok
          ? 'bg-tremor-brand-faint ring-2 ring-tremor-brand-muted'
          : refusal && over
            ? 'bg-rose-50 ring-2 ring-rose-200'
            : 'bg-tremor-background-subtle'
      }`}
      data-testid="pipeline-stage"
      data-stage-label={label}
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-tremor-default font-semibold text-tremor-content-strong">{label}</h2>
        <p className="text-tremor-label text-tremor-content">
          <span className="text-2xl font-semibold text-tremor-content-strong" data-testid="pipeline-stage-count">
            {stage.count}
          </span>{' '}
          {stage.count === 1 ? 'sale' : 'sales'}
        </p>
      </div>
      <p className="text-tremor-label text-tremor-content">{STAGE_MEANING[stage.stage]}</p>
      <dl className="mt-2 space-y-1 text-tremor-label text-tremor-content">
        <div>
          <dt>Expected annual fees</dt>
          <dd className="font-medium text-tremor-content-strong" data-testid="pipeline-stage-fees">
            {stage.expectedAnnualFees === null
              ? 'Fees come with proposals'
              : money(stage.expectedAnnualFees, pipeline.currency)}
          </dd>
        </div>
        <div>
          <dt>Assets under management</dt>
          <dd className="font-medium text-tremor-content-strong" data-testid="pipeline-stage-aum">
            {stage.aum === null ? 'Not known' : money(stage.aum, pipeline.currency)}
          </dd>
        </div>
      </dl>
      <p className="mt-1 text-tremor-label text-tremor-content-emphasis" data-testid="pipeline-stage-entered">
        {stage.enteredInPeriod} entered {periodWords(pipeline)}
      </p>
      {refusal && over && (
        <p
          className="mt-2 text-tremor-label font-medium text-rose-700"
          role="status"
          data-testid="pipeline-drop-refusal"
        >
          Cannot move here: {refusal}
        </p>
      )}
      {error && <Callout className="mt-2" color="rose" title={error} />}
      {periodSet && total !== undefined && (
        <p className="mt-2 text-tremor-label text-tremor-content">
          {total === 1 ? '1 of them entered' : `${total} of them entered`} this stage {periodWords(pipeline)}.
        </p>
      )}
      <ul className="mt-2 min-h-16 space-y-2" data-testid="pipeline-stage-cards">
        {items.map((item) => (
          <SaleCard
            key={item.id}
            item={item}
            currency={pipeline.currency}
            canMove={canMove}
            onDragStart={() => onDrag(item)}
            onDragEnd={() => onDrag(undefined)}
            onMove={(to) => onMove(item, to)}
          />
        ))}
      </ul>
      {total !== undefined && total > items.length && (
        <div className="mt-2 flex items-center justify-between gap-2 text-tremor-label text-tremor-content">
          <span>
            Showing {items.length} of {total}
          </span>
          <Button size="xs" variant="secondary" onClick={() => void more()} data-testid="pipeline-stage-more">
            Show more
          </Button>
        </div>
      )}
    </section>
  );
}

/**
 * The pipeline as a board: a column per stage with its totals and its sales; a sale dragged to
 * another column (or moved with its "Move to…" menu) is moved there when the stage rule allows
 * it, closing as lost asks why. A refused move shows the API's sentence.
 */
export function PipelineBoard({
  pipeline,
  filter,
  onMoved,
}: {
  pipeline: PipelineResponse;
  filter: PipelineFilter;
  onMoved: () => void;
}) {
  const canMove = useCan()('SALES_WRITE');
  const [dragged, setDragged] = useState<OpportunityListItem>();
  const [version, setVersion] = useState(0);
  const [refused, setRefused] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [losing, setLosing] = useState<MoveRequest>();

  async function perform(request: MoveRequest, reason?: string) {
    setBusy(true);
    setRefused(undefined);
    try {
      await opportunityCalls.move(request.item.id, request.move, reason);
    } catch (failure) {
      setRefused(toApiError(failure).message);
    } finally {
      setBusy(false);
      setVersion((n) => n + 1);
      onMoved();
    }
  }

  function move(item: OpportunityListItem, to: OpportunityStage) {
    const check = checkStageMove(item.stage, to);
    if (!check.ok) {
      setRefused(check.reason);
      return;
    }
    const request = { item, to, move: check.move };
    if (check.move === 'closeLost') setLosing(request);
    else void perform(request);
  }

  return (
    <div className="space-y-3">
      {canMove && (
        <p className="text-tremor-label text-tremor-content">
          Drag a sale to another column to move it, or use its “Move to…” menu. A column that cannot take the sale says
          why.
        </p>
      )}
      {refused && (
        <Callout color="rose" title="The sale was not moved" data-testid="pipeline-refused">
          {refused}
        </Callout>
      )}
      <div
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5"
        data-testid="pipeline-stages"
        aria-busy={busy}
      >
        {pipeline.stages.map((stage) => (
          <StageColumn
            key={stage.stage}
            stage={stage}
            pipeline={pipeline}
            filter={filter}
            version={version}
            dragged={dragged}
            canMove={canMove}
            onDrag={setDragged}
            onMove={move}
          />
        ))}
      </div>
      {losing && (
        <LostReasonDialog
          item={losing.item}
          onClose={() => setLosing(undefined)}
          onConfirm={(reason) => {
            const request = losing;
            setLosing(undefined);
            void perform(request, reason);
          }}
        />
      )}
    </div>
  );
}
