import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A page that only says why there is nothing to show here (not found, not allowed): an optional
 * line above the title, the explanation, and the way back Home.
 */
export function MessagePage({
  eyebrow,
  title,
  testId,
  children,
}: {
  eyebrow?: string;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-xl py-16 text-center" data-testid={testId}>
      {eyebrow && <p className="text-tremor-default font-semibold text-tremor-brand">{eyebrow}</p>}
      <h1 className={`${eyebrow ? 'mt-2 ' : ''}text-2xl font-semibold tracking-tight text-tremor-content-strong`}>
        {title}
      </h1>
      <p className="mt-2 text-tremor-default text-tremor-content">{children}</p>
      <Link
        to="/"
        className="mt-6 inline-block text-tremor-default font-medium text-tremor-brand hover:text-tremor-brand-emphasis"
      >
        Back to Home
      </Link>
    </div>
  );
}
