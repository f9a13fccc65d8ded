import { Controller, Delete, Get, Inject, Post } from '@nestjs/common';
import type { z } from 'zod';
import {
  connectionListQuerySchema,
  connectionListSchema,
  connectionOwnerParamsSchema,
  connectionPageSchema,
  connectionParamsSchema,
  connectionSchema,
  connectionServiceQuerySchema,
  syncRunActionSchema,
} from '@meridian/domain';
import { ApiRoute, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import { SyncRunsService } from '../sync-runs/index.js';
import { ConnectionsService } from './connections.service.js';

const TAGS = ['connections'];
type ConnectionParams = z.output<typeof connectionParamsSchema>;

@Controller('connections')
export class ConnectionsController {
  constructor(
    @Inject(ConnectionsService) private readonly connections: ConnectionsService,
    @Inject(SyncRunsService) private readonly runs: SyncRunsService,
  ) {}

  @Get()
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary: 'List the organization’s connections (filters: service, status, needsReauth), newest first',
    tags: TAGS,
    query: connectionListQuerySchema,
    response: connectionPageSchema,
  })
  list(@ValidQuery() query: z.output<typeof connectionListQuerySchema>) {
    return this.connections.list(query);
  }

  @Get('by-owner/:owner')
  @ApiRoute({
    permission: 'BANK_LINK',
    summary: 'The connections of a household, team or professional (404 when the owner is not in the organization)',
    tags: TAGS,
    params: connectionOwnerParamsSchema,
    query: connectionServiceQuerySchema,
    response: connectionListSchema,
    errors: [404],
  })
  byOwner(
    @ValidParams() params: z.output<typeof connectionOwnerParamsSchema>,
    @ValidQuery() query: z.output<typeof connectionServiceQuerySchema>,
  ) {
    return this.connections.byOwner(params.owner, query.service);
  }

  @Get(':connectionId')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary: 'A connection: status, owner, last run, next scheduled sync, record counts (never its credentials)',
    tags: TAGS,
    params: connectionParamsSchema,
    response: connectionSchema,
    errors: [404],
  })
  get(@ValidParams() params: ConnectionParams) {
    return this.connections.get(params.connectionId);
  }

  @Delete(':connectionId')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary:
      'Delete a connection: cancels its active run, removes its schedule and the item at the provider; its financial records stay, as manual records. A Stripe connection is refused (409): it is disconnected instead',
    tags: TAGS,
    params: connectionParamsSchema,
    status: 204,
    errors: [404, 409],
  })
  async delete(@ValidParams() params: ConnectionParams): Promise<void> {
    await this.connections.delete(params.connectionId);
  }

  @Post(':connectionId/sync')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary:
      'Run a connection now (trigger MANUAL). Always 202 with the run: a new one, or the run already queued or running for the connection. 409 when the connection needs re-authentication (relink it first)',
    tags: TAGS,
    params: connectionParamsSchema,
    response: syncRunActionSchema,
    status: 202,
    errors: [404, 409],
  })
  sync(@ValidParams() params: ConnectionParams) {
    return this.runs.runConnection(params.connectionId);
  }
}
