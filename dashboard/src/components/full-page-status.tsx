import type { ReactNode } from 'react';

export function Spinner({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg className={`animate-spin text-tremor-brand ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A loading indicator centred in the page or in the area it is placed in. */
export function LoadingState({ label = 'Loading…', fullPage = false }: { label?: string; fullPage?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex items-center justify-center gap-3 text-tremor-default text-tremor-content ${
        fullPage ? 'min-h-screen' : 'py-16'
      }`}
    >
      <Spinner />
      <span>{label}</span>
    </div>
  );
}

/** A centred message for states where the app cannot show its normal layout. */
export function FullPageMessage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="max-w-md text-center">
        <h1 className="text-tremor-title font-semibold text-tremor-content-strong">{title}</h1>
        <div className="mt-2 text-tremor-default text-tremor-content">{children}</div>
      </div>
    </main>
  );
}
