import { Controller, Get, Inject, Post } from '@nestjs/common';
import {
  contactMergeParamsSchema,
  contactMergePreviewParamsSchema,
  contactMergeSchema,
  householdMergeParamsSchema,
  householdMergePreviewParamsSchema,
  householdMergeSchema,
  mergeIdParamsSchema,
  mergePreviewSchema,
  mergeResultSchema,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams } from '../../../common/http/api-route.js';
import { MergesService } from './merges.service.js';

const TAGS = ['merges'];

/** Merging duplicate contacts and households, and undoing a merge (step 10). */
@Controller()
export class MergesController {
  constructor(@Inject(MergesService) private readonly merges: MergesService) {}

  @Get('contacts/:contactId/merge-preview/:otherId')
  @ApiRoute({
    permission: 'CRM_DELETE',
    summary: 'Two contacts side by side before merging the other into this one: each field, and what is combined',
    tags: TAGS,
    params: contactMergePreviewParamsSchema,
    response: mergePreviewSchema,
    errors: [404, 409],
  })
  previewContacts(@ValidParams() params: z.output<typeof contactMergePreviewParamsSchema>) {
    return this.merges.preview('contact', params.contactId, params.otherId);
  }

  @Post('contacts/:contactId/merge')
  @ApiRoute({
    permission: 'CRM_DELETE',
    summary: 'Merge a duplicate contact into this one, taking the chosen fields from it; its records are combined',
    tags: TAGS,
    params: contactMergeParamsSchema,
    body: contactMergeSchema,
    response: mergeResultSchema,
    status: 201,
    errors: [404, 409],
  })
  mergeContacts(
    @ValidParams() params: z.output<typeof contactMergeParamsSchema>,
    @ValidBody() body: z.output<typeof contactMergeSchema>,
  ) {
    return this.merges.merge('contact', params.contactId, body.mergedId, body.fields);
  }

  @Get('households/:householdId/merge-preview/:otherId')
  @ApiRoute({
    permission: 'CRM_DELETE',
    summary: 'Two households side by side before merging the other into this one: each field, and what is combined',
    tags: TAGS,
    params: householdMergePreviewParamsSchema,
    response: mergePreviewSchema,
    errors: [404, 409],
  })
  previewHouseholds(@ValidParams() params: z.output<typeof householdMergePreviewParamsSchema>) {
    return this.merges.preview('household', params.householdId, params.otherId);
  }

  @Post('households/:householdId/merge')
  @ApiRoute({
    permission: 'CRM_DELETE',
    summary: 'Merge a duplicate household into this one, taking the chosen fields from it; members and records move',
    tags: TAGS,
    params: householdMergeParamsSchema,
    body: householdMergeSchema,
    response: mergeResultSchema,
    status: 201,
    errors: [404, 409],
  })
  mergeHouseholds(
    @ValidParams() params: z.output<typeof householdMergeParamsSchema>,
    @ValidBody() body: z.output<typeof householdMergeSchema>,
  ) {
    return this.merges.merge('household', params.householdId, body.mergedId, body.fields);
  }

  @Get('merges/:mergeId')
  @ApiRoute({
    permission: 'CRM_READ',
    summary: 'A merge: the two records, the fields taken and what was combined; whether it was undone',
    tags: TAGS,
    params: mergeIdParamsSchema,
    response: mergeResultSchema,
    errors: [404],
  })
  get(@ValidParams() params: z.output<typeof mergeIdParamsSchema>) {
    return this.merges.result(params.mergeId);
  }

  @Post('merges/:mergeId/undo')
  @ApiRoute({
    permission: 'CRM_DELETE',
    summary: 'Undo a merge: the merged record comes back with its records, the survivor’s fields as they were',
    tags: TAGS,
    params: mergeIdParamsSchema,
    response: mergeResultSchema,
    status: 200,
    errors: [404, 409],
  })
  undo(@ValidParams() params: z.output<typeof mergeIdParamsSchema>) {
    return this.merges.undo(params.mergeId);
  }
}
