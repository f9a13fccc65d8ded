import { Controller, Get, Inject, Post } from '@nestjs/common';
import type { z } from 'zod';
import { importBatchParamsSchema, importReviewItemParamsSchema, importReviewItemSchema } from '@meridian/domain';
import { z as zod } from 'zod';
import { ApiRoute, ValidParams } from '../../../common/http/api-route.js';
import { ImportReviewService } from './review.service.js';

const TAGS = ['imports'];
type ItemParams = z.output<typeof importReviewItemParamsSchema>;

/** The dry run's review queue: rows that may be an existing contact, decided by the advisor before the commit. */
@Controller('imports/:batchId/review-items')
export class ImportReviewController {
  constructor(@Inject(ImportReviewService) private readonly reviews: ImportReviewService) {}

  @Get()
  @ApiRoute({
    summary:
      'The rows without a source id that may be an existing contact: the candidate, what matched, the row and the decision',
    tags: TAGS,
    params: importBatchParamsSchema,
    response: zod.array(importReviewItemSchema),
    errors: [404],
  })
  list(@ValidParams() params: z.output<typeof importBatchParamsSchema>) {
    return this.reviews.list(params.batchId);
  }

  @Post(':itemId/accept')
  @ApiRoute({
    summary:
      'The row is the candidate: it becomes an update of that contact with the fields that differ (before the commit only)',
    tags: TAGS,
    params: importReviewItemParamsSchema,
    response: importReviewItemSchema,
    errors: [404, 409],
  })
  accept(@ValidParams() params: ItemParams) {
    return this.reviews.accept(params.batchId, params.itemId);
  }

  @Post(':itemId/reject')
  @ApiRoute({
    summary: 'The row is someone else: it becomes a new contact (before the commit only)',
    tags: TAGS,
    params: importReviewItemParamsSchema,
    response: importReviewItemSchema,
    errors: [404, 409],
  })
  reject(@ValidParams() params: ItemParams) {
    return this.reviews.reject(params.batchId, params.itemId);
  }
}
