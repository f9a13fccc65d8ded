import { Controller, Get, Inject } from '@nestjs/common';
import {
  addressSuggestionParamsSchema,
  addressSuggestionsQuerySchema,
  addressSuggestionsSchema,
  completedAddressSchema,
  type AddressSuggestions,
  type AddressSuggestionsQuery,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import { ADDRESS_COMPLETION, type AddressCompletion } from './address-completion.js';

/**
 * Address completion for the address forms (beside `POST /addresses/add-new-address`, which keeps
 * a completed address): suggestions as the user types, then the chosen one in full. Who may add an
 * address may look one up; each look-up may cost the firm, so readers may not.
 */
@Controller('addresses')
export class AddressesController {
  constructor(@Inject(ADDRESS_COMPLETION) private readonly completion: AddressCompletion) {}

  @Get('suggestions')
  @ApiRoute({
    summary:
      'Addresses matching the text typed, or a container’s addresses; `configured` is false (and the list empty) without a completion provider',
    tags: ['contacts'],
    permission: 'CRM_WRITE',
    query: addressSuggestionsQuerySchema,
    response: addressSuggestionsSchema,
    errors: [422, 502],
  })
  async suggestions(@ValidQuery() query: AddressSuggestionsQuery): Promise<AddressSuggestions> {
    return { configured: this.completion.configured, suggestions: await this.completion.find(query) };
  }

  @Get('suggestions/:id')
  @ApiRoute({
    summary:
      'A suggested address in full, with the provider’s id to keep as postCodeAnywhereId (409 without a provider)',
    tags: ['contacts'],
    permission: 'CRM_WRITE',
    params: addressSuggestionParamsSchema,
    response: completedAddressSchema,
    errors: [404, 409, 422, 502],
  })
  retrieve(@ValidParams() params: z.output<typeof addressSuggestionParamsSchema>) {
    return this.completion.retrieve(params.id);
  }
}
