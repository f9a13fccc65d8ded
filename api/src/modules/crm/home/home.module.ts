import { Module } from '@nestjs/common';
import { systemClock } from '@meridian/domain';
import { FxRatesModule } from '../../financials/fx-rates/index.js';
import { HomeController } from './home.controller.js';
import { HomeRepository } from './home.repository.js';
import { HOME_CLOCK, HomeService } from './home.service.js';

/** The dashboard home page's figures for the caller's households. */
@Module({
  imports: [FxRatesModule],
  controllers: [HomeController],
  providers: [HomeService, HomeRepository, { provide: HOME_CLOCK, useValue: systemClock }],
})
export class HomeModule {}
