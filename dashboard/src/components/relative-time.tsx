import { useEffect, useState } from 'react';
import { formatExact, formatRelative } from '../lib/relative-time';

/** The current time, re-read every `intervalMs` so relative times stay true on an open page. */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** '5 min ago' with the exact date and time on hover (and for screen readers, in `dateTime`). */
export function RelativeTime({
  value,
  empty = '—',
  testId,
}: {
  value: string | null;
  empty?: string;
  testId?: string;
}) {
  const now = useNow();
  if (value === null) return <span data-testid={testId}>{empty}</span>;
  const date = new Date(value);
  return (
    <time dateTime={value} title={formatExact(date)} data-testid={testId}>
      {formatRelative(date, now)}
    </time>
  );
}
