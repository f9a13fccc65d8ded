import { Controller, Delete, Inject, Patch, Post } from '@nestjs/common';
import { z } from 'zod';
import {
  categorizeStreamSchema,
  createStreamSchema,
  recurringStreamResponseSchema,
  renameStreamSchema,
  streamIdParamsSchema,
  type CreateStream,
} from '@meridian/domain';
import { ApiRoute, ValidBody, ValidParams } from '../../../common/http/api-route.js';
import { StreamsService } from './streams.service.js';

const TAGS = ['cash-flows'];
type StreamParams = z.infer<typeof streamIdParamsSchema>;

const streamRoute = (summary: string, body?: z.ZodType) =>
  ApiRoute({
    summary,
    tags: TAGS,
    permission: 'FINANCIALS_WRITE',
    params: streamIdParamsSchema,
    body,
    response: recurringStreamResponseSchema,
    errors: [404],
  });

@Controller('streams')
export class StreamsController {
  constructor(@Inject(StreamsService) private readonly streams: StreamsService) {}

  @Post()
  @ApiRoute({
    permission: 'FINANCIALS_WRITE',
    summary: 'Create a recurring stream by hand (the Plaid connector creates them from transactions)',
    tags: TAGS,
    body: createStreamSchema,
    response: recurringStreamResponseSchema,
    status: 201,
    errors: [404],
  })
  create(@ValidBody() body: CreateStream) {
    return this.streams.create(body);
  }

  @Patch(':recurringStreamSourceId/confirm')
  @streamRoute('Confirm a recurring stream: it then counts in the household’s cash flow')
  confirm(@ValidParams() params: StreamParams) {
    return this.streams.confirm(params.recurringStreamSourceId);
  }

  @Patch(':recurringStreamSourceId/rename')
  @streamRoute('Rename a recurring stream', renameStreamSchema)
  rename(@ValidParams() params: StreamParams, @ValidBody() body: z.infer<typeof renameStreamSchema>) {
    return this.streams.rename(params.recurringStreamSourceId, body.name);
  }

  @Patch(':recurringStreamSourceId/categorize')
  @streamRoute('File a recurring stream under a detailed transaction category', categorizeStreamSchema)
  categorize(@ValidParams() params: StreamParams, @ValidBody() body: z.infer<typeof categorizeStreamSchema>) {
    return this.streams.categorize(params.recurringStreamSourceId, body.category);
  }

  @Delete(':recurringStreamSourceId/soft-delete')
  @ApiRoute({
    permission: 'FINANCIALS_DELETE',
    summary: 'Soft-delete a recurring stream',
    tags: TAGS,
    params: streamIdParamsSchema,
    status: 204,
    errors: [404],
  })
  async softDelete(@ValidParams() params: StreamParams): Promise<void> {
    await this.streams.softDelete(params.recurringStreamSourceId);
  }
}
