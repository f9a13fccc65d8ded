const integer = new Intl.NumberFormat('en-CA', { maximumFractionDigits: 0 });

export function formatCount(value: number): string {
  return integer.format(value);
}

export function formatLatency(ms: number | undefined): string {
  if (ms === undefined) return '—';
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${integer.format(ms)} ms`;
}

export function formatDuration(totalSeconds: number): string {
  const seconds = Math.floor(totalSeconds);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${seconds} s`;
}

const clock = new Intl.DateTimeFormat('en-CA', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

export function formatTime(date: Date): string {
  return clock.format(date);
}

const dollarsAndCents = new Intl.NumberFormat('en-CA', {
  style: 'currency',
  currency: 'CAD',
  currencyDisplay: 'narrowSymbol',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Dollars with exactly two decimals, e.g. '407709.79' -> '$407,709.79'. The API sends money as
 * decimal strings; they are formatted as strings, so no digit goes through a float.
 */
export function formatCents(value: string | number): string {
  return dollarsAndCents.format(typeof value === 'string' ? (value as Intl.StringNumericLiteral) : value);
}

const twoDecimals = new Intl.NumberFormat('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A rate given in percent units with two decimals: 4 -> '4.00%', 6.61 -> '6.61%'. */
export function formatRate(percent: number): string {
  return `${twoDecimals.format(percent)}%`;
}
