import { Module } from '@nestjs/common';
import { StorageModule } from '../../../infra/storage/storage.module.js';
import { FilesController } from './files.controller.js';
import { FilesService } from './files.service.js';

@Module({
  imports: [StorageModule],
  controllers: [FilesController],
  providers: [FilesService],
  exports: [FilesService],
})
export class FilesModule {}

/** The service without the routes, for the worker. */
@Module({ imports: [StorageModule], providers: [FilesService], exports: [FilesService] })
export class FilesCoreModule {}
