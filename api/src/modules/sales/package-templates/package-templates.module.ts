import { Module } from '@nestjs/common';
import { PackageTemplatesController } from './package-templates.controller.js';
import { PackageTemplatesRepository } from './package-templates.repository.js';
import { PackageTemplatesService } from './package-templates.service.js';
import { PackageTemplatesWriter } from './package-templates.writer.js';

/**
 * Package templates (crm §3, §7) and the one writer of offers, their fee tiers and offerings,
 * which proposals will use through this module's face.
 */
@Module({
  controllers: [PackageTemplatesController],
  providers: [PackageTemplatesService, PackageTemplatesRepository, PackageTemplatesWriter],
  exports: [PackageTemplatesWriter],
})
export class PackageTemplatesModule {}
