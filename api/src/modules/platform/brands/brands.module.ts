import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/index.js';
import { FilesCoreModule } from '../files/index.js';
import { BrandsController } from './brands.controller.js';
import { BrandsService } from './brands.service.js';
import { LogoProcessor } from './logo-processor.js';

@Module({
  imports: [AuditModule, FilesCoreModule],
  controllers: [BrandsController],
  providers: [BrandsService, LogoProcessor],
  exports: [BrandsService, LogoProcessor],
})
export class BrandsModule {}

/** The brands' work without the routes, for the worker's image job. */
@Module({
  imports: [AuditModule, FilesCoreModule],
  providers: [BrandsService, LogoProcessor],
  exports: [BrandsService, LogoProcessor],
})
export class BrandsCoreModule {}
