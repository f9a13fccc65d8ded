import { Module } from '@nestjs/common';
import { EntityResolverModule } from '../../platform/entity-resolver/index.js';
import { FilesCoreModule } from '../../platform/files/index.js';
import { NotificationsCoreModule } from '../notifications/index.js';
import { NotesController } from './notes.controller.js';
import { NotesRepository } from './notes.repository.js';
import { NotesService } from './notes.service.js';
import { NotesWriter } from './notes.writer.js';

/** The notes' writer alone, shared by the imports and the links pages (and the worker through them). */
@Module({ providers: [NotesWriter], exports: [NotesWriter] })
export class NotesModule {}

/**
 * Notes (crm §3, §4, §7): the routes, and `NotesService` for the global search's notes. Apart from
 * `NotesModule` so the worker, which takes the writer through the imports, loads none of this.
 */
@Module({
  imports: [NotesModule, EntityResolverModule, FilesCoreModule, NotificationsCoreModule],
  controllers: [NotesController],
  providers: [NotesService, NotesRepository],
  exports: [NotesService],
})
export class NotesApiModule {}
