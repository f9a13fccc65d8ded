import { Controller, Get, Inject } from '@nestjs/common';
import { globalSearchQuerySchema, globalSearchResultSchema, type GlobalSearchQuery } from '@meridian/domain';
import { ApiRoute, ValidQuery } from '../../../common/http/api-route.js';
import { SearchService } from './search.service.js';

@Controller('search')
export class SearchController {
  constructor(@Inject(SearchService) private readonly search: SearchService) {}

  @Get()
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary:
      'Find contacts (name, e-mail, phone), households (name), persons (name) and financial records (nickname, name, institution, kind such as RRSP) and notes (their words, English or French), best match first; limit per kind',
    tags: ['search'],
    query: globalSearchQuerySchema,
    response: globalSearchResultSchema,
  })
  find(@ValidQuery() query: GlobalSearchQuery) {
    return this.search.find(query);
  }
}
