import { Module } from '@nestjs/common';
import { systemClock } from '@meridian/domain';
import { ReportsController } from './reports.controller.js';
import { ReportsRepository } from './reports.repository.js';
import { REPORTS_CLOCK, ReportsService } from './reports.service.js';

@Module({
  controllers: [ReportsController],
  providers: [ReportsService, ReportsRepository, { provide: REPORTS_CLOCK, useValue: systemClock }],
})
export class ReportsModule {}
