import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Callout, Card, Text, Title } from '@tremor/react';
import type { ImportBatchView, ImportRollbackSummary } from '@meridian/domain';
import { commitImport, rollbackImport, toApiError } from '../../../api';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RelativeTime } from '../../../components/relative-time';
import { formatCount } from '../../../lib/format';
import { CountCards } from './dry-run-step';
import { ImportProgress } from './import-progress';
import { kindLabel } from './import-labels';

function ConfirmRollback({
  batch,
  onClose,
  onRolledBack,
}: {
  batch: ImportBatchView;
  onClose: () => void;
  onRolledBack: () => void;
}) {
  return (
    <ConfirmDialog
      title="Roll back import"
      testId="rollback-dialog"
      confirmLabel="Roll back"
      action={() => rollbackImport(batch.id)}
      onDone={onRolledBack}
      onClose={onClose}
    >
      Roll back {batch.fileName ?? 'this import'}? The {formatCount(batch.counts.create)} records it created are deleted
      and the fields it updated get their earlier values back.
    </ConfirmDialog>
  );
}

/** 'contact' -> '3 contacts', 'investment_account' -> '1 investment account'. */
function counted(count: number, entityType: string): string {
  const noun = entityType.replace(/_/g, ' ');
  return `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/** What a rollback did, in a sentence: what it removed (by kind) and how many records it restored. */
export function describeRollback(summary: ImportRollbackSummary): string {
  const removed = Object.entries(summary.removed)
    .filter(([, count]) => count > 0)
    .map(([entityType, count]) => counted(count, entityType));
  const parts = [
    removed.length > 0 ? `removed ${removed.join(', ')}` : 'removed nothing',
    summary.restored > 0 ? `restored the fields of ${counted(summary.restored, 'record')}` : null,
  ].filter(Boolean);
  const sentence = parts.join(' and ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

function RunLink({ batch }: { batch: ImportBatchView }) {
  if (!batch.syncRunId) return null;
  return (
    <Link
      to={`/connections/runs/${batch.syncRunId}`}
      className="text-tremor-default font-medium text-tremor-brand hover:underline"
      data-testid="import-run-link"
    >
      View the sync run in Connections
    </Link>
  );
}

/**
 * Step 4: commit the dry-run batch (a sync run of the source system's connection), follow it live,
 * then its result with the run in the operations view and Roll back.
 */
export function CommitStep({
  batch,
  onChanged,
  onBack,
}: {
  batch: ImportBatchView;
  onChanged: () => void;
  onBack: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const committing = batch.status === 'PENDING' && (batch.stage === 'COMMIT_QUEUED' || batch.stage === 'COMMITTING');
  const ready = batch.status === 'PENDING' && batch.commitReadiness === 'READY';
  const idle = batch.status === 'PENDING' && batch.commitReadiness !== null && !ready;
  const { counts } = batch;
  const notWritten = counts.invalid + counts.review;

  async function commit() {
    setBusy(true);
    setError(undefined);
    try {
      await commitImport(batch.id);
    } catch (failure) {
      setError(toApiError(failure).message);
    } finally {
      setBusy(false);
      onChanged();
    }
  }

  return (
    <Card role="region" aria-labelledby="commit-title">
      <Title id="commit-title">Commit</Title>
      {error && <Callout className="mt-4" title={error} color="rose" role="alert" />}

      {ready && (
        <div className="mt-3 space-y-4">
          <Text>
            {formatCount(counts.create)} {kindLabel(batch.kind).toLowerCase()} will be created and{' '}
            {formatCount(counts.update)} updated; {formatCount(counts.unchanged)} rows are already up to date,{' '}
            {formatCount(counts.invalid)} invalid rows are skipped
            {counts.review > 0 && ` and ${formatCount(counts.review)} rows wait for review`}.
          </Text>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={onBack} disabled={busy}>
              Back to the dry run
            </Button>
            <Button onClick={() => void commit()} loading={busy}>
              Commit import
            </Button>
          </div>
        </div>
      )}

      {idle && (
        <div className="mt-3 space-y-4" data-testid="commit-nothing">
          <Text>
            {batch.commitReadiness === 'REVIEW_PENDING'
              ? `Nothing to write yet: ${formatCount(counts.review)} rows wait for review. Decide them in the dry run step.`
              : 'Nothing to write: every row is already up to date or invalid, so there is nothing to commit.'}
          </Text>
          <Button variant="secondary" onClick={onBack}>
            Back to the dry run
          </Button>
        </div>
      )}

      {committing && (
        <div className="mt-4 space-y-3">
          <ImportProgress batch={batch} label="Commit progress" />
          <RunLink batch={batch} />
        </div>
      )}

      {batch.status === 'APPLIED' && (
        <div className="mt-4 space-y-4" data-testid="commit-result">
          <Callout
            title={notWritten > 0 ? 'Import committed in part' : 'Import committed'}
            color={notWritten > 0 ? 'amber' : 'emerald'}
            role="status"
          >
            Applied <RelativeTime value={batch.appliedAt} />: the imported records are in Meridian, linked to their
            source ids, so importing the same file again changes nothing.
            {notWritten > 0 &&
              ` ${formatCount(notWritten)} rows were not written (${formatCount(counts.invalid)} invalid, ${formatCount(counts.review)} left in review): see the rows of the dry run.`}
          </Callout>
          <CountCards counts={counts} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <RunLink batch={batch} />
            <Button color="rose" variant="secondary" onClick={() => setConfirming(true)}>
              Roll back
            </Button>
          </div>
        </div>
      )}

      {batch.status === 'FAILED' && (
        <div className="mt-4 space-y-4" data-testid="commit-result">
          <Callout title="The commit failed" color="rose" role="alert">
            {batch.errorMessage ?? 'The import stopped before it finished.'} Rows written before the failure stay until
            you roll the import back.
          </Callout>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <RunLink batch={batch} />
            <Button color="rose" variant="secondary" onClick={() => setConfirming(true)}>
              Roll back
            </Button>
          </div>
        </div>
      )}

      {batch.status === 'ROLLED_BACK' && (
        <div className="mt-4 space-y-3" data-testid="commit-result">
          <Callout title="Import rolled back" color="gray" role="status">
            Rolled back <RelativeTime value={batch.rolledBackAt} />: what it created was deleted and what it changed
            restored.
            {batch.rollback && <span data-testid="rollback-summary"> {describeRollback(batch.rollback)}</span>}
          </Callout>
          <RunLink batch={batch} />
        </div>
      )}

      {confirming && (
        <ConfirmRollback
          batch={batch}
          onClose={() => setConfirming(false)}
          onRolledBack={() => {
            setConfirming(false);
            onChanged();
          }}
        />
      )}
    </Card>
  );
}
