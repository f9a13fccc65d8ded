import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { healthResponseSchema, type HealthResponse } from '@meridian/domain';
import { ApiRoute } from '../../../common/http/api-route.js';
import { HealthService } from './health.service.js';

@Controller('health')
export class HealthController {
  constructor(@Inject(HealthService) private readonly health: HealthService) {}

  @Get()
  @ApiRoute({
    summary: 'PostgreSQL, Redis and queue status; 503 when a service is down',
    tags: ['platform'],
    public: true,
    response: healthResponseSchema,
    errors: [503],
  })
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthResponse> {
    const report = await this.health.report();
    if (report.status !== 'ok') response.status(503);
    return report;
  }
}
