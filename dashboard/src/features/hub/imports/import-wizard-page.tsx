import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Callout } from '@tremor/react';
import type { ImportBatchView } from '@meridian/domain';
import { getImport, getImportMapping, type ImportMappingView } from '../../../api';
import { LoadingState } from '../../../components/full-page-status';
import { useResource } from '../../../hooks/use-resource';
import { CommitStep } from './commit-step';
import { DryRunStep } from './dry-run-step';
import { IMPORT_REFRESH_MS, ImportStatusBadge, isActiveImport } from './import-labels';
import { MappingStep } from './mapping-step';
import { ReviewQueue } from './review-queue';
import { WizardHeader, type WizardStep } from './wizard-steps';

/** Where a batch stands when the page opens: the step the user has to act on next. */
function stepOf(batch: ImportBatchView): WizardStep {
  if (batch.status !== 'PENDING') return 4;
  switch (batch.stage) {
    case 'UPLOADED':
      return 2;
    case 'DRY_RUN_QUEUED':
    case 'DRY_RUN_RUNNING':
    case 'DRY_RUN_DONE':
      return 3;
    default:
      return 4;
  }
}

/**
 * Steps 2 to 4 of the import wizard for one uploaded batch (`/imports/:batchId`). The batch is
 * polled while a dry run or commit is queued or running, so progress shows live; opening the page
 * again later resumes at the step the batch is at.
 */
export default function ImportWizardPage() {
  const { batchId = '' } = useParams();
  const [live, setLive] = useState(true);
  const [chosenStep, setChosenStep] = useState<WizardStep>();
  const [mappingOverride, setMappingOverride] = useState<ImportMappingView>();

  const loadBatch = useCallback((signal: AbortSignal) => getImport(batchId, signal), [batchId]);
  const batchResource = useResource(loadBatch, live ? IMPORT_REFRESH_MS : undefined);
  const loadMapping = useCallback((signal: AbortSignal) => getImportMapping(batchId, signal), [batchId]);
  const mappingResource = useResource(loadMapping);

  const batch = batchResource.data?.id === batchId ? batchResource.data : undefined;
  const mapping = mappingOverride ?? mappingResource.data;
  // A finished dry run has read every value of the columns with a value map: read the mapping again.
  const reloadMapping = mappingResource.reload;
  const dryRunDone = batch?.stage === 'DRY_RUN_DONE';
  useEffect(() => {
    if (!dryRunDone) return;
    setMappingOverride(undefined);
    reloadMapping();
  }, [dryRunDone, reloadMapping]);
  // Until the batch is loaded the page keeps asking; then only while work is in progress.
  const active = batch === undefined ? !batchResource.error : isActiveImport(batch);
  if (active !== live) setLive(active);
  const step = chosenStep ?? (batch ? stepOf(batch) : 2);
  const error = batchResource.error ?? mappingResource.error;

  return (
    <div className="mx-auto max-w-6xl space-y-6" data-testid="import-wizard-page">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <WizardHeader step={step} fileName={batch?.fileName} />
        {batch && <ImportStatusBadge batch={batch} testId="import-status" />}
      </div>
      {error && (
        <Callout title="The import could not be loaded" color="rose" role="alert">
          {error.message}
        </Callout>
      )}
      {(!batch || !mapping) && !error && <LoadingState label="Loading the import…" />}
      {batch && mapping && step === 2 && (
        <MappingStep
          // A profile of another kind changes the fields each column can take: start the form afresh.
          key={batch.kind}
          batch={batch}
          mapping={mapping}
          onMapped={(next) => {
            setMappingOverride(next);
            // A new mapping drops the dry run and may change the kind: read the batch again.
            batchResource.reload();
          }}
          onContinue={() => setChosenStep(3)}
        />
      )}
      {batch && step === 3 && (
        <DryRunStep
          batch={batch}
          mapping={mapping}
          onChanged={batchResource.reload}
          onMapped={(next) => {
            setMappingOverride(next);
            batchResource.reload();
          }}
          onBack={() => setChosenStep(2)}
          onContinue={() => setChosenStep(4)}
        >
          <ReviewQueue batch={batch} onChanged={batchResource.reload} />
        </DryRunStep>
      )}
      {batch && step === 4 && (
        <CommitStep batch={batch} onChanged={batchResource.reload} onBack={() => setChosenStep(3)} />
      )}
    </div>
  );
}
