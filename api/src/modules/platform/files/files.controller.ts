import { Controller, Delete, Get, Inject, Post, Put, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  fileDeletedSchema,
  fileDeleteSchema,
  signedFileQuerySchema,
  uploadedFileSchema,
  uploadRequestSchema,
  uploadTicketSchema,
  type FileDeleteRequest,
  type SignedFileQuery,
  type UploadRequest,
} from '@meridian/domain';
import { Caller } from '../../../common/auth/caller.decorator.js';
import { ApiRoute, ValidBody, ValidQuery } from '../../../common/http/api-route.js';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { FilesService } from './files.service.js';

const TAGS = ['files'];

@Controller()
export class FilesController {
  constructor(@Inject(FilesService) private readonly files: FilesService) {}

  @Post('upload/request')
  @ApiRoute({
    permission: 'SIGNED_IN',
    // Anyone uploads a photo of their own; a vault file is a client document, written in the CRM.
    condition: 'OUTSIDE_VAULT',
    summary:
      'Ask to upload a file: answers a signed upload address (PUT the bytes there, with the given Content-Type, before expiresAt) and the file path. Refused with 415 for a type that may not be uploaded',
    tags: TAGS,
    body: uploadRequestSchema,
    response: uploadTicketSchema,
    errors: [415],
  })
  request(@ValidBody() body: UploadRequest, @Caller() caller: AuthenticatedCaller) {
    return this.files.requestUpload(caller, body);
  }

  @Put('upload')
  @ApiRoute({
    summary:
      'The signed upload: the raw file as the body. 403 when the signature does not match or the link expired, 415 for another Content-Type than the file name calls for, 413 over the size limit, 409 when the link was already used',
    tags: TAGS,
    public: true,
    query: signedFileQuerySchema,
    rawBody: 'The file’s bytes, with the Content-Type its name calls for',
    response: uploadedFileSchema,
    status: 201,
    errors: [403, 409, 413, 415],
  })
  upload(@ValidQuery() query: SignedFileQuery, @Req() request: Request) {
    const length = request.headers['content-length'];
    const declared = length !== undefined && /^\d+$/.test(length) ? Number(length) : null;
    return this.files.receiveUpload(query, request.headers['content-type'], declared, request);
  }

  @Get('file')
  @ApiRoute({
    summary: 'Read a file through its signed, expiring address; 403 when the signature does not match or it expired',
    tags: TAGS,
    public: true,
    query: signedFileQuerySchema,
    errors: [403, 404],
  })
  async download(@ValidQuery() query: SignedFileQuery, @Res() response: Response): Promise<void> {
    const file = await this.files.download(query);
    response
      .status(200)
      .type(file.contentType)
      .set('Cache-Control', 'private, max-age=300')
      .set('X-Content-Type-Options', 'nosniff')
      .set('Content-Disposition', 'inline')
      .send(file.bytes);
  }

  @Delete('file/delete')
  @ApiRoute({
    // Removing a file is removing a document, vault or not: what a role that may delete in the CRM does.
    permission: 'CRM_DELETE',
    summary: 'Delete a file of the caller’s organization by the path its upload answered (useVault for a vault file)',
    tags: TAGS,
    body: fileDeleteSchema,
    response: fileDeletedSchema,
    errors: [404],
  })
  delete(@ValidBody() body: FileDeleteRequest) {
    return this.files.delete(body);
  }
}
