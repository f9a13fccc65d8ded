import { Module } from '@nestjs/common';
import { OfferingsController } from './offerings.controller.js';
import { OfferingsRepository } from './offerings.repository.js';
import { OfferingsService } from './offerings.service.js';
import { OfferingsWriter } from './offerings.writer.js';

/** The firm's offerings (crm §3, §7): what its offers and package templates sell. */
@Module({
  controllers: [OfferingsController],
  providers: [OfferingsService, OfferingsRepository, OfferingsWriter],
})
export class OfferingsModule {}
