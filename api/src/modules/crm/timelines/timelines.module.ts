import { Module } from '@nestjs/common';
import { TimelinesController } from './timelines.controller.js';
import { TimelinesRepository } from './timelines.repository.js';
import { TimelinesService } from './timelines.service.js';

/** Household and personal timelines with their life events (crm §3, §7). */
@Module({ controllers: [TimelinesController], providers: [TimelinesService, TimelinesRepository] })
export class TimelinesModule {}
