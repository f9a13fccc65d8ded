import { Badge, Card, Text } from '@tremor/react';
import { queueLabel, type QueueHealth } from '@meridian/domain';
import { formatCount } from '../../../lib/format';

const FIGURES = [
  { key: 'waiting', label: 'Waiting' },
  { key: 'active', label: 'Active' },
  { key: 'delayed', label: 'Delayed' },
  { key: 'failed', label: 'Failed' },
] as const;

/** One card per job queue: how many jobs wait, run, wait for a retry, and failed for good. */
export function QueueHealthCards({ queues }: { queues: readonly QueueHealth[] }) {
  if (queues.length === 0) return <Text>No queues reported.</Text>;
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Job queues">
      {queues.map((queue) => (
        <li key={queue.name}>
          <Card className="p-4" data-testid={`queue-${queue.name}`}>
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-tremor-default font-semibold text-tremor-content-strong">{queueLabel(queue.name)}</h3>
              {queue.paused && (
                <Badge color="amber" size="xs">
                  Paused
                </Badge>
              )}
            </div>
            <dl className="mt-3 grid grid-cols-4 gap-2">
              {FIGURES.map((figure) => (
                <div key={figure.key}>
                  <dt className="text-tremor-label text-tremor-content">{figure.label}</dt>
                  <dd
                    className={`text-tremor-metric-sm font-semibold tabular-nums ${
                      figure.key === 'failed' && queue.failed > 0 ? 'text-red-600' : 'text-tremor-content-strong'
                    }`}
                    data-testid={`queue-${queue.name}-${figure.key}`}
                  >
                    {formatCount(queue[figure.key])}
                  </dd>
                </div>
              ))}
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}
