import type { ReactNode } from 'react';
import { Dialog, DialogPanel } from '@tremor/react';

/**
 * A panel that slides over the right of the page for editing a record in place of a page-long
 * stack of forms: the page stays visible behind it; Escape or the backdrop closes it.
 */
export function SideDrawer({
  title,
  testId,
  onClose,
  children,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    // Headless UI drops an aria-labelledby given here, so the dialog is named with aria-label.
    <Dialog open onClose={onClose} static aria-label={title}>
      <DialogPanel
        className="fixed inset-y-0 right-0 flex h-full w-full max-w-xl flex-col overflow-y-auto rounded-none p-0 sm:rounded-l-tremor-default"
        data-testid={testId}
      >
        <div className="sticky top-0 z-10 flex items-center justify-between border-b border-tremor-border bg-tremor-background px-6 py-4">
          <h2 className="text-tremor-title font-semibold text-tremor-content-strong">{title}</h2>
          <button
            type="button"
            onClick={onClose}
            className="rounded-tremor-small px-2 py-1 text-tremor-default text-tremor-content hover:bg-tremor-background-subtle"
          >
            Close
          </button>
        </div>
        <div className="flex-1 px-6 py-5">{children}</div>
      </DialogPanel>
    </Dialog>
  );
}
