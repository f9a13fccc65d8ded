import { Controller, Get, Inject, Patch } from '@nestjs/common';
import { z } from 'zod';
import { brandIdParamsSchema, brandSchema, changeLogoSchema, type ChangeLogoInput } from '@meridian/domain';
import { ApiRoute, ValidBody, ValidParams } from '../../../common/http/api-route.js';
import { BrandsService } from './brands.service.js';

const TAGS = ['organization'];

@Controller('brands')
export class BrandsController {
  constructor(@Inject(BrandsService) private readonly brands: BrandsService) {}

  @Get()
  @ApiRoute({
    permission: 'SIGNED_IN',
    summary:
      'The organization’s brands with their logos (signed, expiring addresses of each size, and the state of the latest upload); the first brand is made on first read',
    tags: TAGS,
    response: z.array(brandSchema),
  })
  list() {
    return this.brands.list();
  }

  @Patch(':brandId/change-logo')
  @ApiRoute({
    permission: 'ORGANIZATION_MANAGE',
    summary:
      'Use an uploaded image as the brand’s HORIZONTAL or SQUARE logo: its sizes are made in the background; the previous logo stays until they are ready, and a broken or too large image leaves its reason on the logo',
    tags: TAGS,
    params: brandIdParamsSchema,
    body: changeLogoSchema,
    response: brandSchema,
    status: 202,
    errors: [404],
  })
  changeLogo(@ValidParams() params: z.output<typeof brandIdParamsSchema>, @ValidBody() body: ChangeLogoInput) {
    return this.brands.changeLogo(params.brandId, body);
  }
}
