import { Controller, Delete, Get, Inject, Patch, Post } from '@nestjs/common';
import { z } from 'zod';
import {
  dropFolderCreateSchema,
  dropFolderParamsSchema,
  dropFolderScanSchema,
  dropFolderSchema,
  dropFolderUpdateSchema,
} from '@meridian/domain';
import { ApiRoute, ValidBody, ValidParams } from '../../../../common/http/api-route.js';
import { ImportFoldersService } from './import-folders.service.js';

const TAGS = ['imports'];
type FolderParams = z.output<typeof dropFolderParamsSchema>;

@Controller('import-folders')
export class ImportFoldersController {
  constructor(@Inject(ImportFoldersService) private readonly folders: ImportFoldersService) {}

  @Post()
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary:
      'Watch a drop folder: on its cron schedule (five fields, UTC) each new CSV/XLSX file is imported with the profile, then moved to processed/ or failed/ with its report. The path must be inside IMPORT_DROP_ROOT/<organization id>',
    tags: TAGS,
    body: dropFolderCreateSchema,
    response: dropFolderSchema,
    status: 201,
    errors: [409],
  })
  create(@ValidBody() body: z.output<typeof dropFolderCreateSchema>) {
    return this.folders.create(body);
  }

  @Get()
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary: "The organization's drop folders, by name",
    tags: TAGS,
    response: z.array(dropFolderSchema),
  })
  list() {
    return this.folders.list();
  }

  @Get(':folderId')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary: 'A drop folder: its schedule, next and last scan, last error',
    tags: TAGS,
    params: dropFolderParamsSchema,
    response: dropFolderSchema,
    errors: [404],
  })
  get(@ValidParams() params: FolderParams) {
    return this.folders.get(params.folderId);
  }

  @Patch(':folderId')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary: 'Change a drop folder (name, path, cron, profile, source, enabled); its schedule follows',
    tags: TAGS,
    params: dropFolderParamsSchema,
    body: dropFolderUpdateSchema,
    response: dropFolderSchema,
    errors: [404, 409],
  })
  update(@ValidParams() params: FolderParams, @ValidBody() body: z.output<typeof dropFolderUpdateSchema>) {
    return this.folders.update(params.folderId, body);
  }

  @Delete(':folderId')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary: 'Stop watching a drop folder (its schedule goes; files and past imports stay)',
    tags: TAGS,
    params: dropFolderParamsSchema,
    status: 204,
    errors: [404],
  })
  async delete(@ValidParams() params: FolderParams): Promise<void> {
    await this.folders.delete(params.folderId);
  }

  @Post(':folderId/scan')
  @ApiRoute({
    permission: 'HUB_MANAGE',
    summary: 'Scan the folder now (trigger MANUAL): the scan is queued',
    tags: TAGS,
    params: dropFolderParamsSchema,
    response: dropFolderScanSchema,
    status: 202,
    errors: [404],
  })
  scan(@ValidParams() params: FolderParams) {
    return this.folders.scanNow(params.folderId);
  }
}
