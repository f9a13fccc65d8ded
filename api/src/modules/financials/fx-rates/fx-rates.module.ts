import { Module } from '@nestjs/common';
import { FxRatesController } from './fx-rates.controller.js';
import { FxRatesRepository } from './fx-rates.repository.js';
import { FxRatesService } from './fx-rates.service.js';

/** Exchange rates by day; exports the service the financial view and cash flows convert with. */
@Module({ controllers: [FxRatesController], providers: [FxRatesService, FxRatesRepository], exports: [FxRatesService] })
export class FxRatesModule {}
