import { BarChart, Text } from '@tremor/react';
import { SyncRunStatus, type SyncRunDaily } from '@meridian/domain';
import { RUN_STATUS } from '../../../components/run-status';
import { formatCount } from '../../../lib/format';

const dayLabel = new Intl.DateTimeFormat('en-CA', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Runs per day, stacked by status (GET /sync-runs/daily: every day present, oldest first). */
export function RunsChart({ daily }: { daily: SyncRunDaily }) {
  const data = daily.map((day) => ({
    day: dayLabel.format(new Date(`${day.date}T00:00:00Z`)),
    ...Object.fromEntries(SyncRunStatus.map((status) => [RUN_STATUS[status].label, day.counts[status] ?? 0])),
  }));
  // A chart of empty days says nothing: say what to do instead.
  if (daily.every((day) => Object.values(day.counts).every((count) => count === 0))) {
    return (
      <Text className="mt-4" data-testid="runs-chart-empty">
        No sync has run in this period: link a bank below, or run a connection now, and its runs appear here.
      </Text>
    );
  }
  return (
    <BarChart
      className="mt-4 h-64"
      data={data}
      index="day"
      categories={SyncRunStatus.map((status) => RUN_STATUS[status].label)}
      colors={SyncRunStatus.map((status) => RUN_STATUS[status].colour)}
      stack
      allowDecimals={false}
      valueFormatter={formatCount}
      noDataText="No sync runs in this period"
    />
  );
}
