import { useState, type ReactNode } from 'react';
import { Button, Callout, Dialog, DialogPanel } from '@tremor/react';
import { toApiError } from '../api';

/**
 * A destructive action behind a confirmation: the question, Cancel, and the action's button, which
 * waits for the call and shows its error in the dialog (so the user can retry or cancel).
 */
export function ConfirmDialog({
  title,
  testId,
  confirmLabel,
  children,
  action,
  onDone,
  onClose,
}: {
  title: string;
  testId: string;
  confirmLabel: string;
  /** The question, with what the action does. */
  children: ReactNode;
  action: () => Promise<unknown>;
  onDone: () => void;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function confirm() {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      onDone();
    } catch (failure) {
      setError(toApiError(failure).message);
      setBusy(false);
    }
  }
  return (
    // Headless UI names the dialog from its own DialogTitle (Tremor does not export it) and drops an
    // aria-labelledby given here, so the dialog is named with aria-label.
    <Dialog open onClose={onClose} static aria-label={title}>
      <DialogPanel className="max-w-md" data-testid={testId}>
        <h2 className="text-tremor-title font-semibold text-tremor-content-strong">{title}</h2>
        <p className="mt-2 text-tremor-default text-tremor-content">{children}</p>
        {error && <Callout className="mt-4" title={error} color="rose" role="alert" />}
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color="rose" onClick={() => void confirm()} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
