import { Controller, Get, Inject, Post } from '@nestjs/common';
import type { z } from 'zod';
import {
  importBatchParamsSchema,
  importReviewDecisionSchema,
  importReviewItemParamsSchema,
  importReviewItemSchema,
} from '@meridian/domain';
import { z as zod } from 'zod';
import { ApiRoute, ValidBody, ValidParams } from '../../../common/http/api-route.js';
import { ImportReviewService } from './review.service.js';

const TAGS = ['imports'];
type ItemParams = z.output<typeof importReviewItemParamsSchema>;
type Decision = z.output<typeof importReviewDecisionSchema>;

/**
 * The dry run's review queue, decided by the advisor before the commit: rows that may be an
 * existing contact or an earlier row of the file, and rows missing a required name.
 */
@Controller('imports/:batchId/review-items')
export class ImportReviewController {
  constructor(@Inject(ImportReviewService) private readonly reviews: ImportReviewService) {}

  @Get()
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary:
      'The rows the dry run did not decide alone: why (an existing contact, an earlier row of the file, a missing name), the candidate or earlier row, the fields both fill differently, what accepting changes, and the decision',
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
    permission: 'HUB_MANAGE',
    summary:
      'The row is the candidate (or the earlier row): an update that adds what the contact lacks and removes nothing; `choices` say, per field both fill differently, KEEP (default) or FILE. A row missing a name and matching nobody is created with the names in `fields` (before the commit only)',
    tags: TAGS,
    params: importReviewItemParamsSchema,
    body: importReviewDecisionSchema,
    response: importReviewItemSchema,
    errors: [404, 409],
  })
  accept(@ValidParams() params: ItemParams, @ValidBody() body: Decision) {
    return this.reviews.accept(params.batchId, params.itemId, body);
  }

  @Post(':itemId/reject')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary:
      'The row is someone else: it becomes a new contact, completed with the names in `fields` where it lacks one; a row still missing a name is skipped (before the commit only)',
    tags: TAGS,
    params: importReviewItemParamsSchema,
    body: importReviewDecisionSchema,
    response: importReviewItemSchema,
    errors: [404, 409],
  })
  reject(@ValidParams() params: ItemParams, @ValidBody() body: Decision) {
    return this.reviews.reject(params.batchId, params.itemId, body);
  }
}
