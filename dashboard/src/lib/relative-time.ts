const exact = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

/** The full date and time, for a tooltip beside a relative time: 'Nov 22, 2026, 02:44:01 UTC'. */
export function formatExact(date: Date): string {
  return exact.format(date);
}

const UNITS: readonly { limit: number; seconds: number; unit: string }[] = [
  { limit: 3600, seconds: 60, unit: 'min' },
  { limit: 86_400, seconds: 3600, unit: 'h' },
  { limit: Number.POSITIVE_INFINITY, seconds: 86_400, unit: 'day' },
];

/**
 * How far `date` is from `now`, in words: 'just now', '5 min ago', '3 h ago', '2 days ago',
 * 'in 4 h'. Rounded down, so "1 day ago" is never shown for 23 hours.
 */
export function formatRelative(date: Date, now: Date): string {
  const deltaSeconds = Math.round((now.getTime() - date.getTime()) / 1000);
  const past = deltaSeconds >= 0;
  const seconds = Math.abs(deltaSeconds);
  if (seconds < 60) return past ? 'just now' : 'in less than a minute';
  const { seconds: size, unit } = UNITS.find((candidate) => seconds < candidate.limit)!;
  const count = Math.floor(seconds / size);
  const label = unit === 'day' && count !== 1 ? 'days' : unit;
  return past ? `${count} ${label} ago` : `in ${count} ${label}`;
}

/** Milliseconds to a short, readable duration: '850 ms', '12.4 s', '3 min 5 s'. */
export function formatMilliseconds(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  return `${minutes} min ${seconds} s`;
}
