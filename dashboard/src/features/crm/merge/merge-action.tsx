import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@tremor/react';
import type { MergeKind, MergeResult } from '@meridian/domain';
import { toApiError } from '../../../api';
import { useCan } from '../../platform/auth/use-can';
import { describeAdded, undoMerge } from './merge-api';
import { MergeDialog } from './merge-dialog';

type Banner = { merge: MergeResult; undone: boolean; error?: string; busy?: boolean };

/**
 * The "Merge" action of a contact's or household's page: the dialog, then a banner saying what was
 * merged with "Undo". `onChanged` reloads the page after a merge or its undo. Only for the roles
 * that may merge (CRM_DELETE).
 */
export function MergeAction({
  kind,
  recordId,
  recordName,
  onChanged,
}: {
  kind: MergeKind;
  recordId: string;
  recordName: string;
  onChanged: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [banner, setBanner] = useState<Banner>();
  const canMerge = useCan()('CRM_DELETE');

  async function undo(merge: MergeResult) {
    setBanner({ merge, undone: false, busy: true });
    try {
      setBanner({ merge: await undoMerge(merge.id), undone: true });
      onChanged();
    } catch (failure) {
      setBanner({ merge, undone: false, error: toApiError(failure).message });
    }
  }

  if (!canMerge) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="merge-open">
        Merge…
      </Button>
      {open && (
        <MergeDialog
          kind={kind}
          recordId={recordId}
          recordName={recordName}
          onClose={() => setOpen(false)}
          onMerged={(merge) => {
            setOpen(false);
            setBanner({ merge, undone: false });
            onChanged();
          }}
        />
      )}
      {banner &&
        createPortal(
          <div
            role="status"
            className="fixed inset-x-0 bottom-6 z-50 mx-auto flex w-fit max-w-2xl items-center gap-4 rounded-tremor-default bg-slate-900 px-4 py-3 text-tremor-default text-white shadow-tremor-dropdown"
            data-testid="merge-banner"
          >
            <span>
              {banner.undone
                ? `Merge undone: ${banner.merge.merged.name} is back with its records.`
                : banner.error
                  ? banner.error
                  : mergedText(banner.merge)}
            </span>
            {!banner.undone && !banner.error && (
              <button
                type="button"
                className="rounded-tremor-small bg-white px-3 py-1 font-semibold text-slate-900 hover:bg-slate-200 disabled:opacity-60"
                disabled={banner.busy}
                onClick={() => void undo(banner.merge)}
                data-testid="merge-undo"
              >
                {banner.busy ? 'Undoing…' : 'Undo'}
              </button>
            )}
            <button
              type="button"
              className="text-tremor-label text-slate-300 hover:text-white"
              onClick={() => setBanner(undefined)}
              aria-label="Dismiss"
            >
              Dismiss
            </button>
          </div>,
          document.body,
        )}
    </>
  );
}

function mergedText(merge: MergeResult): string {
  const added = describeAdded(merge.combined);
  return `${merge.merged.name} was merged into ${merge.survivor.name}${added ? `: ${added} added` : ''}.`;
}
