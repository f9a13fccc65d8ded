import { Module } from '@nestjs/common';
import { SearchController } from './search.controller.js';
import { SearchRepository } from './search.repository.js';
import { SearchService } from './search.service.js';

/** The global search of the command palette (Ctrl-K). */
@Module({
  controllers: [SearchController],
  providers: [SearchRepository, SearchService],
})
export class SearchModule {}
