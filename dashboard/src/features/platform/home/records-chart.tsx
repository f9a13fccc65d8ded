import { BarChart, Card, Title } from '@tremor/react';
import type { OrganizationOverview } from '@meridian/domain';
import { formatCount } from '../../../lib/format';

type Count = OrganizationOverview['counts'][number];

/** The organization's record counts side by side. */
export function RecordsChart({ counts }: { counts: Count[] }) {
  const data = counts.map((count) => ({ type: count.label, Records: count.value }));
  return (
    <Card className="h-full" data-testid="records-chart">
      <Title>Records by type</Title>
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
