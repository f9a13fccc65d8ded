import { Link } from 'react-router';
import { BarChart, Card, Text, Title } from '@tremor/react';
import type { HomeView } from '@meridian/domain';
import { formatCount } from '../../../lib/format';
import { useCan } from '../auth/use-can';

type Count = HomeView['clientRecords'][number];

/** The clients of the caller's households, by kind, side by side. */
export function RecordsChart({ counts }: { counts: Count[] }) {
  const can = useCan();
  const data = counts.map((count) => ({ type: count.label, Records: count.value }));
  // A chart of zeros says nothing: say what to do instead.
  if (counts.every((count) => count.value === 0)) {
    return (
      <Card className="h-full" data-testid="records-chart-empty">
        <Title>Clients by kind</Title>
        <Text className="mt-2">
          {can('CRM_WRITE') || can('HUB_MANAGE')
            ? 'No records yet: add a first contact, or import them from your current CRM.'
            : 'No records yet.'}
        </Text>
        <div className="mt-4 flex flex-wrap gap-2">
          {can('CRM_WRITE') && (
            <Link
              to="/crm/contacts/new"
              className="rounded-tremor-default bg-tremor-brand px-3 py-2 text-tremor-default font-medium text-white hover:bg-tremor-brand-emphasis"
            >
              Add a contact
            </Link>
          )}
          {can('HUB_MANAGE') && (
            <Link
              to="/imports/new"
              className="rounded-tremor-default border border-tremor-border px-3 py-2 text-tremor-default font-medium text-tremor-content-emphasis hover:bg-tremor-background-subtle"
            >
              Import a file
            </Link>
          )}
        </div>
      </Card>
    );
  }
  return (
    <Card className="h-full" data-testid="records-chart">
      <Title>Clients by kind</Title>
      <BarChart
        className="mt-4 h-72"
        data={data}
        index="type"
        categories={['Records']}
        colors={['blue']}
        layout="vertical"
        barCategoryGap="30%"
        yAxisWidth={128}
        valueFormatter={formatCount}
        showLegend={false}
        allowDecimals={false}
        noDataText="No records yet"
      />
    </Card>
  );
}
