import { Controller, Delete, Get, Inject, Patch, Post } from '@nestjs/common';
import {
  createOfferingSchema,
  editOfferingSchema,
  offeringIdParamsSchema,
  offeringListQuerySchema,
  offeringPageSchema,
  offeringResponseSchema,
  type CreateOffering,
  type EditOffering,
  type ListPage,
  type OfferingListQuery,
  type OfferingResponse,
} from '@meridian/domain';
import { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import { OfferingsService } from './offerings.service.js';

const TAGS = ['offerings'];
type OfferingParams = z.infer<typeof offeringIdParamsSchema>;

@Controller('offerings')
export class OfferingsController {
  constructor(@Inject(OfferingsService) private readonly offerings: OfferingsService) {}

  @Get()
  @ApiRoute({
    summary: 'The firm’s offerings by name, a page at a time; `search` finds them by name',
    tags: TAGS,
    permission: 'SALES_READ',
    query: offeringListQuerySchema,
    response: offeringPageSchema,
  })
  list(@ValidQuery() query: OfferingListQuery): Promise<ListPage<OfferingResponse>> {
    return this.offerings.list(query);
  }

  @Post()
  @ApiRoute({
    summary: 'Create an offering of the firm: name, description, category and service type',
    tags: TAGS,
    permission: 'SALES_WRITE',
    body: createOfferingSchema,
    response: offeringResponseSchema,
    status: 201,
  })
  create(@ValidBody() body: CreateOffering): Promise<OfferingResponse> {
    return this.offerings.create(body);
  }

  @Patch(':offeringId')
  @ApiRoute({
    summary: 'Edit an offering’s details; the offers naming it show the new ones',
    tags: TAGS,
    permission: 'SALES_WRITE',
    params: offeringIdParamsSchema,
    body: editOfferingSchema,
    response: offeringResponseSchema,
    errors: [404],
  })
  edit(@ValidParams() params: OfferingParams, @ValidBody() body: EditOffering): Promise<OfferingResponse> {
    return this.offerings.edit(params.offeringId, body);
  }

  @Delete(':offeringId')
  @ApiRoute({
    summary: 'Delete an offering; refused with a sentence (409) while an offer names it',
    tags: TAGS,
    permission: 'SALES_WRITE',
    params: offeringIdParamsSchema,
    response: z.object({ id: z.string() }),
    errors: [404, 409],
  })
  remove(@ValidParams() params: OfferingParams): Promise<{ id: string }> {
    return this.offerings.remove(params.offeringId);
  }
}
