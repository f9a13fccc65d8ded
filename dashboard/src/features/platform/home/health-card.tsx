import {
  Badge,
  Button,
  Callout,
  Card,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Text,
  Title,
} from '@tremor/react';
import { queueLabel, type HealthResponse, type QueueHealth } from '@meridian/domain';
import { getHealth } from '../../../api';
import { LoadingState } from '../../../components/full-page-status';
import { useResource } from '../../../hooks/use-resource';
import { formatCount, formatDuration, formatLatency } from '../../../lib/format';

const REFRESH_MS = 30_000;

type ServiceCheck = HealthResponse['checks']['postgres'];

const SERVICES: readonly { key: keyof HealthResponse['checks']; label: string }[] = [
  { key: 'postgres', label: 'PostgreSQL' },
  { key: 'redis', label: 'Redis' },
];

function ServiceRow({ id, label, check }: { id: string; label: string; check: ServiceCheck }) {
  const up = check.status === 'up';
  return (
    <li
      className="flex items-center justify-between gap-4 py-2.5"
      data-testid={`health-${id}`}
      data-status={check.status}
    >
      <div className="min-w-0">
        <p className="text-tremor-default font-medium text-tremor-content-strong">{label}</p>
        {!up && check.error && <p className="truncate text-tremor-label text-red-600">{check.error}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-3">
        <span className="text-tremor-label tabular-nums text-tremor-content" data-testid={`health-${id}-latency`}>
          {up ? formatLatency(check.latencyMs) : ''}
        </span>
        <Badge color={up ? 'emerald' : 'rose'} size="xs" data-testid={`health-${id}-status`}>
          {up ? 'Up' : 'Down'}
        </Badge>
      </div>
    </li>
  );
}

function QueueTable({ queues }: { queues: QueueHealth[] }) {
  if (queues.length === 0) return <Text className="mt-2">No queues reported.</Text>;
  const numeric = 'text-right tabular-nums';
  return (
    <Table className="mt-2" data-testid="queue-table" aria-label="Job queues">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Queue</TableHeaderCell>
          <TableHeaderCell className="text-right">Waiting</TableHeaderCell>
          <TableHeaderCell className="text-right">Active</TableHeaderCell>
          <TableHeaderCell className="text-right">Delayed</TableHeaderCell>
          <TableHeaderCell className="text-right">Failed</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {queues.map((queue) => (
          <TableRow key={queue.name} data-testid={`queue-${queue.name}`}>
            <TableCell className="font-medium text-tremor-content-strong">
              {queueLabel(queue.name)}
              {queue.paused && (
                <Badge color="amber" size="xs" className="ml-2">
                  Paused
                </Badge>
              )}
            </TableCell>
            <TableCell className={numeric}>{formatCount(queue.waiting)}</TableCell>
            <TableCell className={numeric}>{formatCount(queue.active)}</TableCell>
            <TableCell className={numeric}>{formatCount(queue.delayed)}</TableCell>
            <TableCell className={`${numeric} ${queue.failed > 0 ? 'font-semibold text-red-600' : ''}`}>
              {formatCount(queue.failed)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Database, cache and job-queue status from GET /api/health, refreshed every 30 seconds. */
export function HealthCard() {
  const { data: health, error, loading, reload } = useResource(getHealth, REFRESH_MS);

  return (
    <Card className="h-full" data-testid="health-card" aria-labelledby="health-title" role="region">
      <div className="flex items-start justify-between gap-4">
        <div>
          <Title id="health-title">System health</Title>
          {health && (
            <Text className="mt-0.5">
              Version {health.version} · up {formatDuration(health.uptimeSeconds)}
            </Text>
          )}
        </div>
        <div className="flex items-center gap-2">
          {health && (
            <Badge color={health.status === 'ok' ? 'emerald' : 'amber'} data-testid="health-status">
              {health.status === 'ok' ? 'Operational' : 'Degraded'}
            </Badge>
          )}
          <Button variant="light" size="xs" onClick={reload} loading={loading} disabled={loading}>
            Refresh
          </Button>
        </div>
      </div>

      {error && (
        <Callout title="Health check failed" color="rose" className="mt-4" role="alert">
          {error.message}
        </Callout>
      )}
      {!health && !error && <LoadingState label="Checking services…" />}

      {health && (
        <>
          <ul className="mt-4 divide-y divide-tremor-border" aria-label="Services">
            {SERVICES.map((service) => (
              <ServiceRow key={service.key} id={service.key} label={service.label} check={health.checks[service.key]} />
            ))}
          </ul>
          <h3 className="mt-6 text-tremor-default font-medium text-tremor-content-strong">Queues</h3>
          <QueueTable queues={health.queues} />
          <Text className="mt-2">
            Failed: jobs that failed for good in the last 7 days, kept for inspection; a sync’s failed job is a failed
            run.
          </Text>
        </>
      )}
    </Card>
  );
}
