import { Module } from '@nestjs/common';
import { FilesCoreModule } from '../files/index.js';
import { ProfessionalsController } from './professionals.controller.js';
import { ProfessionalsRepository } from './professionals.repository.js';
import { ProfessionalsService } from './professionals.service.js';

@Module({
  imports: [FilesCoreModule],
  controllers: [ProfessionalsController],
  providers: [ProfessionalsService, ProfessionalsRepository],
  exports: [ProfessionalsService],
})
export class ProfessionalsModule {}
