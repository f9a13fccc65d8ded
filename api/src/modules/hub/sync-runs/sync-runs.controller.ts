import { Controller, Get, Inject, Post } from '@nestjs/common';
import type { z } from 'zod';
import {
  auditLogPageSchema,
  paginationSchema,
  queueHealthListSchema,
  syncRecordErrorPageSchema,
  syncRunActionSchema,
  syncRunDailyQuerySchema,
  syncRunDailySchema,
  syncRunDetailSchema,
  syncRunListQuerySchema,
  syncRunPageSchema,
  syncRunParamsSchema,
} from '@meridian/domain';
import { ApiRoute, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import { QueueService } from '../../../infra/queue/queue.service.js';
import { SyncRunsService } from './sync-runs.service.js';

const TAGS = ['sync-runs'];
type RunParams = z.output<typeof syncRunParamsSchema>;

@Controller('sync-runs')
export class SyncRunsController {
  constructor(@Inject(SyncRunsService) private readonly runs: SyncRunsService) {}

  @Get()
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary:
      'List sync runs, newest first unless sorted (filters: connection, status, trigger, service, queued from/to day, stale connections)',
    tags: TAGS,
    query: syncRunListQuerySchema,
    response: syncRunPageSchema,
  })
  list(@ValidQuery() query: z.output<typeof syncRunListQuerySchema>) {
    return this.runs.list(query);
  }

  // Declared before `:syncRunId` so "daily" is not read as a run id.
  @Get('daily')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary: 'Runs per UTC day by status, every day of the window present (for the operations chart)',
    tags: TAGS,
    query: syncRunDailyQuerySchema,
    response: syncRunDailySchema,
  })
  daily(@ValidQuery() query: z.output<typeof syncRunDailyQuerySchema>) {
    return this.runs.daily(query);
  }

  @Get(':syncRunId')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary: 'A sync run with its first 50 per-record errors and their count',
    tags: TAGS,
    params: syncRunParamsSchema,
    response: syncRunDetailSchema,
    errors: [404],
  })
  detail(@ValidParams() params: RunParams) {
    return this.runs.detail(params.syncRunId);
  }

  @Get(':syncRunId/record-errors')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary: "A sync run's per-record errors, page by page",
    tags: TAGS,
    params: syncRunParamsSchema,
    query: paginationSchema,
    response: syncRecordErrorPageSchema,
    errors: [404],
  })
  recordErrors(@ValidParams() params: RunParams, @ValidQuery() query: z.output<typeof paginationSchema>) {
    return this.runs.recordErrors(params.syncRunId, query.page, query.limit);
  }

  @Get(':syncRunId/changes')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary:
      'What a sync run changed: the records it created, updated and removed, newest first, each named and linked, with its field changes',
    tags: TAGS,
    params: syncRunParamsSchema,
    query: paginationSchema,
    response: auditLogPageSchema,
    errors: [404],
  })
  changes(@ValidParams() params: RunParams, @ValidQuery() query: z.output<typeof paginationSchema>) {
    return this.runs.changes(params.syncRunId, query.page, query.limit);
  }

  @Post(':syncRunId/retry')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary:
      'Retry a FAILED, PARTIAL or CANCELLED run: queues a new MANUAL run of its connection (202), or answers the run already queued or running for it; 409 otherwise, or when the connection needs re-authentication',
    tags: TAGS,
    params: syncRunParamsSchema,
    response: syncRunActionSchema,
    status: 202,
    errors: [404, 409],
  })
  retry(@ValidParams() params: RunParams) {
    return this.runs.retry(params.syncRunId);
  }

  @Post(':syncRunId/cancel')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary: 'Cancel a QUEUED or RUNNING run (409 otherwise); a worker running it writes no further page',
    tags: TAGS,
    params: syncRunParamsSchema,
    response: syncRunActionSchema,
    errors: [404, 409],
  })
  cancel(@ValidParams() params: RunParams) {
    return this.runs.cancel(params.syncRunId);
  }
}

@Controller('queues')
export class QueuesController {
  constructor(@Inject(QueueService) private readonly queues: QueueService) {}

  @Get('health')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary: 'Depth of every job queue: waiting, active, delayed, failed, completed, paused',
    tags: TAGS,
    response: queueHealthListSchema,
  })
  health() {
    return this.queues.health();
  }
}
