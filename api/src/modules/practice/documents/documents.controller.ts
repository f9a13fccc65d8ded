import { Controller, Get, Inject, Patch, Post } from '@nestjs/common';
import {
  createDocumentSchema,
  documentDownloadSchema,
  documentIdParamsSchema,
  documentListQuerySchema,
  documentOwnerParamsSchema,
  documentPageSchema,
  documentResponseSchema,
  softDeleteDocumentSchema,
  type CreateDocument,
  type DocumentDownload,
  type DocumentListQuery,
  type DocumentResponse,
  type ListPage,
} from '@meridian/domain';
import { z } from 'zod';
import { Caller } from '../../../common/auth/caller.decorator.js';
import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { DocumentsService } from './documents.service.js';

const TAGS = ['documents'];

@Controller('documents')
export class DocumentsController {
  constructor(@Inject(DocumentsService) private readonly documents: DocumentsService) {}

  @Get()
  @ApiRoute({
    summary: 'The firm’s documents within reach, newest first, by page; `search` finds them by name',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    query: documentListQuerySchema,
    response: documentPageSchema,
  })
  list(@ValidQuery() query: DocumentListQuery): Promise<ListPage<DocumentResponse>> {
    return this.documents.list(query);
  }

  @Post('create')
  @ApiRoute({
    summary:
      'Keep an uploaded file (asked for with purpose DOCUMENT) as an entity’s document, with its mentions; mentioned users are notified. Refused with a sentence for a file not uploaded, or of a type or size the firm does not keep',
    tags: TAGS,
    permission: 'PRACTICE_WRITE',
    body: createDocumentSchema,
    response: documentResponseSchema,
    status: 201,
    errors: [404],
  })
  create(@ValidBody() body: CreateDocument, @Caller() caller: AuthenticatedCaller): Promise<DocumentResponse> {
    return this.documents.create(caller, body);
  }

  @Patch('soft-delete')
  @ApiRoute({
    summary: 'Delete a document: it leaves the lists and can no longer be downloaded',
    tags: TAGS,
    permission: 'PRACTICE_DELETE',
    body: softDeleteDocumentSchema,
    response: z.object({ id: z.string(), deletedAt: z.string() }),
    errors: [404],
  })
  softDelete(@ValidBody() body: z.output<typeof softDeleteDocumentSchema>) {
    return this.documents.softDelete(body.documentId);
  }

  @Get('request-download/:documentId')
  @ApiRoute({
    summary: 'A signed address that reads the document’s file until expiresAt',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    params: documentIdParamsSchema,
    response: documentDownloadSchema,
    errors: [404],
  })
  requestDownload(@ValidParams() params: z.infer<typeof documentIdParamsSchema>): Promise<DocumentDownload> {
    return this.documents.requestDownload(params.documentId);
  }

  @Get('by-owner/:owner')
  @ApiRoute({
    summary: 'The documents of an entity (household, contact, person, team…), newest first',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    params: documentOwnerParamsSchema,
    response: z.array(documentResponseSchema),
    errors: [404],
  })
  byOwner(@ValidParams() params: z.infer<typeof documentOwnerParamsSchema>): Promise<DocumentResponse[]> {
    return this.documents.byOwner(params.owner);
  }
}
