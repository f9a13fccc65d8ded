import { useEffect, useState } from 'react';
import { Button, Callout, Dialog, DialogPanel } from '@tremor/react';
import type { MergeKind, MergePreview, MergeResult } from '@meridian/domain';
import { toApiError } from '../../../api';
import { controlClass } from '../../../components/fields';
import {
  describeAdded,
  describeKeptOnce,
  findCandidates,
  getMergePreview,
  mergeRecords,
  type MergeCandidate,
} from './merge-api';

const NOUN: Record<MergeKind, string> = { contact: 'contact', household: 'household' };

/** Step 1: search the duplicate by name. */
function CandidatePicker({
  kind,
  recordId,
  onPick,
}: {
  kind: MergeKind;
  recordId: string;
  onPick: (candidate: MergeCandidate) => void;
}) {
  const [search, setSearch] = useState('');
  const [candidates, setCandidates] = useState<MergeCandidate[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (search.trim().length < 2) {
      setCandidates(undefined);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      findCandidates(kind, search.trim(), controller.signal).then(
        (found) => {
          setCandidates(found.filter((candidate) => candidate.id !== recordId));
          setError(undefined);
        },
        (failure: unknown) => {
          if (!controller.signal.aborted) setError(toApiError(failure).message);
        },
      );
    }, 200);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [kind, recordId, search]);

  return (
    <div className="mt-4 space-y-3">
      <label htmlFor="merge-search" className="block text-tremor-default font-medium text-tremor-content-strong">
        Find the duplicate {NOUN[kind]} by name
      </label>
      <input
        id="merge-search"
        className={controlClass(false)}
        value={search}
        autoFocus
        placeholder="At least two letters"
        onChange={(event) => setSearch(event.target.value)}
        data-testid="merge-search"
      />
      {error && <Callout title={error} color="rose" role="alert" />}
      {candidates?.length === 0 && (
        <p className="text-tremor-default text-tremor-content">No other {NOUN[kind]} matches. Try another spelling.</p>
      )}
      <ul className="divide-y divide-tremor-border rounded-tremor-default border border-tremor-border">
        {candidates?.map((candidate) => (
          <li key={candidate.id}>
            <button
              type="button"
              className="flex w-full items-baseline justify-between gap-3 px-3 py-2 text-left hover:bg-tremor-background-subtle focus:bg-tremor-background-subtle focus:outline-none"
              onClick={() => onPick(candidate)}
              data-testid="merge-candidate"
            >
              <span className="font-medium text-tremor-content-strong">{candidate.name}</span>
              <span className="text-tremor-label text-tremor-content">{candidate.detail}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Step 2: each differing field with a choice, "before → after" when the duplicate's value is taken. */
function FieldChooser({
  preview,
  choices,
  onChoose,
}: {
  preview: MergePreview;
  choices: Record<string, 'SURVIVOR' | 'MERGED'>;
  onChoose: (field: string, side: 'SURVIVOR' | 'MERGED') => void;
}) {
  const differing = preview.fields.filter((field) => field.differs);
  const same = preview.fields.length - differing.length;
  const added = describeAdded(preview.combined);
  const keptOnce = describeKeptOnce(preview.combined);
  return (
    <div className="mt-4 space-y-3">
      {differing.length === 0 ? (
        <p className="text-tremor-default text-tremor-content">Both records hold the same values in every field.</p>
      ) : (
        <table className="w-full text-tremor-default" data-testid="merge-fields">
          <thead>
            <tr className="text-left text-tremor-label text-tremor-content">
              <th className="py-1 pr-3 font-medium">Field</th>
              <th className="py-1 pr-3 font-medium">Keep {preview.survivor.name}’s</th>
              <th className="py-1 pr-3 font-medium">Take {preview.merged.name}’s</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-tremor-border">
            {differing.map((field) => {
              const taken = choices[field.field] === 'MERGED';
              return (
                <tr key={field.field} data-testid="merge-field">
                  <th scope="row" className="py-2 pr-3 text-left align-top font-medium text-tremor-content-strong">
                    {field.label}
                    {taken && (
                      <span className="block text-tremor-label font-normal text-tremor-content">
                        {field.survivor.display} → {field.merged.display}
                      </span>
                    )}
                  </th>
                  {(['SURVIVOR', 'MERGED'] as const).map((side) => (
                    <td key={side} className="py-2 pr-3 align-top">
                      <label className="flex items-start gap-2">
                        <input
                          type="radio"
                          name={`merge-${field.field}`}
                          checked={(choices[field.field] ?? 'SURVIVOR') === side}
                          onChange={() => onChoose(field.field, side)}
                          aria-label={`${field.label}: ${side === 'SURVIVOR' ? field.survivor.display : field.merged.display}`}
                          data-testid={`merge-${field.field}-${side.toLowerCase()}`}
                        />
                        <span>{side === 'SURVIVOR' ? field.survivor.display : field.merged.display}</span>
                      </label>
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {same > 0 && differing.length > 0 && (
        <p className="text-tremor-label text-tremor-content">
          {same === 1 ? '1 other field is' : `${same} other fields are`} the same on both.
        </p>
      )}
      <div className="rounded-tremor-default bg-tremor-background-subtle p-3" data-testid="merge-summary">
        <p className="text-tremor-default text-tremor-content-strong">
          {added
            ? `Combined into ${preview.survivor.name}: ${added}.`
            : `${preview.merged.name} has nothing ${preview.survivor.name} does not have already.`}
        </p>
        {keptOnce && (
          <p className="mt-1 text-tremor-label text-tremor-content">Already on both, kept once: {keptOnce}.</p>
        )}
        <p className="mt-1 text-tremor-label text-tremor-content">
          {preview.merged.name} is then hidden; the merge can be undone.
        </p>
      </div>
    </div>
  );
}

/**
 * Merging a duplicate into the record on screen: pick the duplicate, choose each differing field,
 * see what is combined, confirm. The record on screen is the one kept.
 */
export function MergeDialog({
  kind,
  recordId,
  recordName,
  onMerged,
  onClose,
}: {
  kind: MergeKind;
  recordId: string;
  recordName: string;
  onMerged: (result: MergeResult) => void;
  onClose: () => void;
}) {
  const [other, setOther] = useState<MergeCandidate>();
  const [preview, setPreview] = useState<MergePreview>();
  const [choices, setChoices] = useState<Record<string, 'SURVIVOR' | 'MERGED'>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!other) return;
    const controller = new AbortController();
    setPreview(undefined);
    setError(undefined);
    getMergePreview(kind, recordId, other.id, controller.signal).then(setPreview, (failure: unknown) => {
      if (!controller.signal.aborted) setError(toApiError(failure).message);
    });
    return () => controller.abort();
  }, [kind, recordId, other]);

  async function merge() {
    if (!other) return;
    setBusy(true);
    setError(undefined);
    try {
      onMerged(await mergeRecords(kind, recordId, other.id, choices));
    } catch (failure) {
      setError(toApiError(failure).message);
      setBusy(false);
    }
  }

  const title = `Merge a duplicate into ${recordName}`;
  return (
    <Dialog open onClose={onClose} static aria-label={title}>
      <DialogPanel className="max-w-2xl" data-testid="merge-dialog">
        <h2 className="text-tremor-title font-semibold text-tremor-content-strong">{title}</h2>
        <p className="mt-1 text-tremor-default text-tremor-content">
          {other
            ? `${other.name} will be merged into ${recordName}, which is kept.`
            : `${recordName} is kept; the duplicate’s records are combined into it.`}
        </p>
        {!other && <CandidatePicker kind={kind} recordId={recordId} onPick={setOther} />}
        {other && !preview && !error && <p className="mt-4 text-tremor-default text-tremor-content">Comparing…</p>}
        {preview && (
          <FieldChooser
            preview={preview}
            choices={choices}
            onChoose={(field, side) => setChoices((current) => ({ ...current, [field]: side }))}
          />
        )}
        {error && <Callout className="mt-4" title={error} color="rose" role="alert" />}
        <div className="mt-6 flex justify-end gap-3">
          {other && (
            <Button
              variant="light"
              onClick={() => {
                setOther(undefined);
                setPreview(undefined);
                setChoices({});
                setError(undefined);
              }}
              disabled={busy}
            >
              Pick another
            </Button>
          )}
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          {preview && (
            <Button onClick={() => void merge()} loading={busy} data-testid="merge-confirm">
              Merge into {preview.survivor.name}
            </Button>
          )}
        </div>
      </DialogPanel>
    </Dialog>
  );
}
