import { Module } from '@nestjs/common';
import { NotesApiModule } from '../../practice/notes/index.js';
import { SearchController } from './search.controller.js';
import { SearchRepository } from './search.repository.js';
import { SearchService } from './search.service.js';

/** The global search of the command palette (Ctrl-K). */
@Module({
  imports: [NotesApiModule],
  controllers: [SearchController],
  providers: [SearchRepository, SearchService],
})
export class SearchModule {}
