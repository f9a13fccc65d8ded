import { Controller, Delete, Get, Inject, Patch, Post } from '@nestjs/common';
import {
  createPackageTemplateSchema,
  packageOfferBodySchema,
  packageTemplateIdParamsSchema,
  packageTemplateListQuerySchema,
  packageTemplateOfferParamsSchema,
  packageTemplatePageSchema,
  packageTemplateResponseSchema,
  type CreatePackageTemplate,
  type ListPage,
  type PackageOfferBody,
  type PackageTemplateListQuery,
  type PackageTemplateResponse,
} from '@meridian/domain';
import { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import { PackageTemplatesService } from './package-templates.service.js';

const TAGS = ['package-templates'];
type TemplateParams = z.infer<typeof packageTemplateIdParamsSchema>;
type TemplateOfferParams = z.infer<typeof packageTemplateOfferParamsSchema>;

@Controller('package-templates')
export class PackageTemplatesController {
  constructor(@Inject(PackageTemplatesService) private readonly templates: PackageTemplatesService) {}

  @Get()
  @ApiRoute({
    summary: 'The firm’s package templates by name, a page at a time, each with its offers; `search` finds a name',
    tags: TAGS,
    permission: 'SALES_READ',
    query: packageTemplateListQuerySchema,
    response: packageTemplatePageSchema,
  })
  list(@ValidQuery() query: PackageTemplateListQuery): Promise<ListPage<PackageTemplateResponse>> {
    return this.templates.list(query);
  }

  @Get(':templateId')
  @ApiRoute({
    summary: 'A package template with its offers: pricing plan (amounts as decimal strings) and offerings named',
    tags: TAGS,
    permission: 'SALES_READ',
    params: packageTemplateIdParamsSchema,
    response: packageTemplateResponseSchema,
    errors: [404],
  })
  get(@ValidParams() params: TemplateParams): Promise<PackageTemplateResponse> {
    return this.templates.get(params.templateId);
  }

  @Post()
  @ApiRoute({
    summary: 'Create a package template: a name and the offers it starts with, each naming the firm’s offerings',
    tags: TAGS,
    permission: 'SALES_WRITE',
    body: createPackageTemplateSchema,
    response: packageTemplateResponseSchema,
    status: 201,
    errors: [404],
  })
  create(@ValidBody() body: CreatePackageTemplate): Promise<PackageTemplateResponse> {
    return this.templates.create(body);
  }

  @Patch(':templateId/add-offer-to-package')
  @ApiRoute({
    summary: 'Add an offer to a package template, after its others',
    tags: TAGS,
    permission: 'SALES_WRITE',
    params: packageTemplateIdParamsSchema,
    body: packageOfferBodySchema,
    response: packageTemplateResponseSchema,
    errors: [404],
  })
  addOffer(
    @ValidParams() params: TemplateParams,
    @ValidBody() body: PackageOfferBody,
  ): Promise<PackageTemplateResponse> {
    return this.templates.addOffer(params.templateId, body.offer);
  }

  @Patch(':templateId/offers/:offerId')
  @ApiRoute({
    summary: 'Replace an offer of a package template: billing start, offerings and pricing plan',
    tags: TAGS,
    permission: 'SALES_WRITE',
    params: packageTemplateOfferParamsSchema,
    body: packageOfferBodySchema,
    response: packageTemplateResponseSchema,
    errors: [404],
  })
  editOffer(
    @ValidParams() params: TemplateOfferParams,
    @ValidBody() body: PackageOfferBody,
  ): Promise<PackageTemplateResponse> {
    return this.templates.editOffer(params.templateId, params.offerId, body.offer);
  }

  @Delete(':templateId/offers/:offerId')
  @ApiRoute({
    summary: 'Remove an offer from a package template',
    tags: TAGS,
    permission: 'SALES_WRITE',
    params: packageTemplateOfferParamsSchema,
    response: packageTemplateResponseSchema,
    errors: [404],
  })
  removeOffer(@ValidParams() params: TemplateOfferParams): Promise<PackageTemplateResponse> {
    return this.templates.removeOffer(params.templateId, params.offerId);
  }

  @Delete(':templateId')
  @ApiRoute({
    summary: 'Delete a package template with its offers (proposals made from it keep their own copies)',
    tags: TAGS,
    permission: 'SALES_WRITE',
    params: packageTemplateIdParamsSchema,
    response: z.object({ id: z.string() }),
    errors: [404],
  })
  remove(@ValidParams() params: TemplateParams): Promise<{ id: string }> {
    return this.templates.remove(params.templateId);
  }
}
