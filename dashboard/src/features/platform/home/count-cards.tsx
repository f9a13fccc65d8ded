import { Card, Metric, Text } from '@tremor/react';
import type { HomeView } from '@meridian/domain';
import { formatCount } from '../../../lib/format';

type Count = HomeView['clientRecords'][number];

export function CountCards({ counts }: { counts: Count[] }) {
  if (counts.length === 0) {
    return <Text>No records yet.</Text>;
  }
  return (
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-4" aria-label="Record counts">
      {counts.map((count) => (
        <li key={count.key}>
          <Card decoration="top" decorationColor="blue" className="h-full" data-testid={`count-${count.key}`}>
            <Text>{count.label}</Text>
            <Metric className="mt-1 tabular-nums" data-testid="count-value">
              {formatCount(count.value)}
            </Metric>
          </Card>
        </li>
      ))}
    </ul>
  );
}
