import type { ReactNode } from 'react';

/**
 * A settings page's form: submitting it (its button, or Enter in a field) runs `onSave` without a
 * page load; `noValidate` where the API's messages stand in for the browser's.
 */
export function SettingsForm({
  onSave,
  noValidate,
  children,
}: {
  onSave: () => Promise<void>;
  noValidate?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      className="mt-4 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
      noValidate={noValidate}
    >
      {children}
    </form>
  );
}
