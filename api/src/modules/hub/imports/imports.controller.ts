import { Controller, Get, Header, Inject, Post, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import {
  importBatchParamsSchema,
  importBatchSchema,
  customProfileSchema,
  importBuiltInProfileSchema,
  importDryRunInputSchema,
  importProfileSchema,
  importMappingInputSchema,
  importMappingSchema,
  importRowListQuerySchema,
  importRowPageSchema,
  importUploadQuerySchema,
  importUploadResultSchema,
  importValueMapInputSchema,
} from '@meridian/domain';
import { z as zod } from 'zod';
import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import { ImportsService } from './imports.service.js';

const TAGS = ['imports'];
type BatchParams = z.output<typeof importBatchParamsSchema>;

@Controller('imports')
export class ImportsController {
  constructor(@Inject(ImportsService) private readonly imports: ImportsService) {}

  @Post()
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary:
      'Upload a CSV or XLSX export, or a ZIP of CSV files, as the raw request body (fileName in the query): the file is read through once, refused with a 4xx if it cannot be imported (413 over IMPORT_MAX_BYTES, at once when Content-Length says so, or for an XLSX or a zipped CSV that expands past its limit once unzipped), and a profile is suggested. Of a ZIP, the contacts file is read (chosen by its name and headers; archiveEntry says which), or the upload is refused when none is recognisable. A profile whose source id column the file lacks is still suggested and accepted: rows are then matched on e-mail, phone and name. defaultContactType (LEAD when absent) is the type of created contacts whose row gives none',
    tags: TAGS,
    query: importUploadQuerySchema,
    rawBody: 'The CSV, XLSX or ZIP file’s bytes',
    response: importUploadResultSchema,
    status: 201,
    errors: [413],
  })
  upload(@ValidQuery() query: z.output<typeof importUploadQuerySchema>, @Req() request: Request) {
    return this.imports.upload(request, query.fileName, query.source, query.defaultContactType);
  }

  @Get()
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary: 'The latest 100 import batches, newest first',
    tags: TAGS,
    response: zod.array(importBatchSchema),
  })
  list() {
    return this.imports.list();
  }

  @Get(':batchId')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary: 'An import batch: detection, counts and progress (rows done, rows/s, ETA)',
    tags: TAGS,
    params: importBatchParamsSchema,
    response: importBatchSchema,
    errors: [404],
  })
  get(@ValidParams() params: BatchParams) {
    return this.imports.get(params.batchId);
  }

  @Get(':batchId/mapping')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary:
      "The batch's mapping: header -> field, and the headers nothing reads, each with a few of its values (unmappedColumns)",
    tags: TAGS,
    params: importBatchParamsSchema,
    response: importMappingSchema,
    errors: [404],
  })
  getMapping(@ValidParams() params: BatchParams) {
    return this.imports.getMapping(params.batchId);
  }

  @Put(':batchId/mapping')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary: 'Set a built-in profile or a header -> field mapping (before commit); a dry run must follow',
    tags: TAGS,
    params: importBatchParamsSchema,
    body: importMappingInputSchema,
    response: importMappingSchema,
    errors: [404, 409],
  })
  putMapping(@ValidParams() params: BatchParams, @ValidBody() body: z.output<typeof importMappingInputSchema>) {
    return this.imports.putMapping(params.batchId, body);
  }

  @Put(':batchId/value-map')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary:
      "Set the import's value map (before commit): per column with one (contact type, category, status, marital status, gender, source, role), what each value of the file becomes: one of the column's targets (the mapping's columns[].targets: our value, KEEP_AS_TAG, KEEP_ON_NOTE, or null where the column may be left empty). Replaces the map; a target the column cannot take is a 400 and nothing changes. A dry run must follow: it and the commit use the map",
    tags: TAGS,
    params: importBatchParamsSchema,
    body: importValueMapInputSchema,
    response: importMappingSchema,
    errors: [404, 409],
  })
  putValueMap(@ValidParams() params: BatchParams, @ValidBody() body: z.output<typeof importValueMapInputSchema>) {
    return this.imports.putValueMap(params.batchId, body);
  }

  @Post(':batchId/dry-run')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary:
      'Queue the dry run: each row is decided (create, update, unchanged, invalid, review, or skipped when the source marks it deleted) without writing; the optional body changes the contact type of created contacts whose row gives none',
    tags: TAGS,
    params: importBatchParamsSchema,
    body: importDryRunInputSchema,
    response: importBatchSchema,
    status: 202,
    errors: [404, 409],
  })
  dryRun(@ValidParams() params: BatchParams, @ValidBody() body: z.output<typeof importDryRunInputSchema>) {
    return this.imports.requestDryRun(params.batchId, body);
  }

  @Get(':batchId/rows')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary:
      'The per-row report of the dry run, page by page (filter: action): errors of invalid rows, warnings of rows imported without an optional part (or skipped), changes of updates',
    tags: TAGS,
    params: importBatchParamsSchema,
    query: importRowListQuerySchema,
    response: importRowPageSchema,
    errors: [404],
  })
  rows(@ValidParams() params: BatchParams, @ValidQuery() query: z.output<typeof importRowListQuerySchema>) {
    return this.imports.rows(params.batchId, query.page, query.limit, query.action);
  }

  @Get(':batchId/report.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary: 'The per-row report as a CSV download (row, action, source id, entity id, errors, changes, warnings)',
    tags: TAGS,
    params: importBatchParamsSchema,
    errors: [404],
  })
  report(@ValidParams() params: BatchParams) {
    return this.imports.reportCsv(params.batchId);
  }

  @Post(':batchId/commit')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary: "Queue the commit of a dry-run batch, as a sync run of the source system's connection",
    tags: TAGS,
    params: importBatchParamsSchema,
    response: importBatchSchema,
    status: 202,
    errors: [404, 409],
  })
  commit(@ValidParams() params: BatchParams) {
    return this.imports.requestCommit(params.batchId);
  }

  @Post(':batchId/rollback')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary: 'Roll back an applied batch: contacts it created are deleted, fields it updated restored',
    tags: TAGS,
    params: importBatchParamsSchema,
    response: importBatchSchema,
    errors: [404, 409],
  })
  rollback(@ValidParams() params: BatchParams) {
    return this.imports.rollback(params.batchId);
  }
}

@Controller('import-profiles')
export class ImportProfilesController {
  constructor(@Inject(ImportsService) private readonly imports: ImportsService) {}

  @Post()
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary: 'Save a custom import profile (header -> field mapping and transform options) for the organization',
    tags: TAGS,
    body: customProfileSchema,
    response: importProfileSchema,
    status: 201,
    errors: [409],
  })
  create(@ValidBody() body: z.output<typeof customProfileSchema>) {
    return this.imports.createProfile(body);
  }

  @Get()
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary: "The organization's custom import profiles (the built-in ones: GET /import-profiles/built-in)",
    tags: TAGS,
    response: zod.array(importProfileSchema),
  })
  list() {
    return this.imports.listProfiles();
  }

  @Get('built-in')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary:
      'The built-in import profiles (read-only) with their columns and the header spellings each accepts; choose one for an upload with PUT /imports/{batchId}/mapping {profileId}',
    tags: TAGS,
    response: zod.array(importBuiltInProfileSchema),
  })
  listBuiltIn() {
    return this.imports.listBuiltInProfiles();
  }
}
