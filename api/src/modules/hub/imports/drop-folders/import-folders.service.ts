import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  EntityType,
  ErrorCode,
  newId,
  notFound,
  validationError,
  type DropFolderCreateInput,
  type DropFolderUpdateInput,
  type DropFolderView,
  type ExternalSourceSystem,
} from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../../common/config/config.js';
import { currentOrganizationId } from '../../../../common/tenancy/request-context.js';
import type { Prisma } from '../../../../generated/prisma/client.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../../infra/prisma/prisma.service.js';
import { QueueService } from '../../../../infra/queue/queue.service.js';
import { AuditService } from '../../../platform/audit/index.js';
import { checkCron, ensureDropFolder, nested, normalizedDropFolderPath } from './drop-folder-paths.js';
import { folderProfile, requiredColumns } from './folder-profile.js';
import { ImportFolderScheduler } from './import-folder-scheduler.js';

type FolderRow = Prisma.ImportDropFolderGetPayload<{ include: { customProfile: true } }>;

/** The folder as the API shows it (never its scan token). */
function auditView(folder: FolderRow) {
  const { scanToken: _token, customProfile: _profile, ...rest } = folder;
  return rest;
}

/** Drop folders of the organization (issue #8, scheduled imports): CRUD, schedules and "scan now". */
@Injectable()
export class ImportFoldersService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ImportFolderScheduler) private readonly scheduler: ImportFolderScheduler,
    @Inject(QueueService) private readonly queues: QueueService,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  private async folderOf(folderId: string): Promise<FolderRow> {
    const folder = await this.prisma.importDropFolder.findFirst({
      where: { id: folderId },
      include: { customProfile: true },
    });
    if (!folder) throw notFound('Import folder');
    return folder;
  }

  private async view(folder: FolderRow): Promise<DropFolderView> {
    const profile = folderProfile(folder);
    const now = new Date();
    return {
      id: folder.id,
      name: folder.name,
      path: folder.path,
      cron: folder.cron,
      profileId: folder.profileId,
      customProfileId: folder.customProfileId,
      profileName: profile.name,
      source: folder.source,
      requiredColumns: requiredColumns(profile),
      enabled: folder.enabled,
      nextScanAt: folder.enabled ? ((await this.scheduler.nextScanAt(folder.id))?.toISOString() ?? null) : null,
      lastScanAt: folder.lastScanAt?.toISOString() ?? null,
      lastError: folder.lastError,
      scanning: folder.scanLeaseUntil !== null && folder.scanLeaseUntil > now,
      createdAt: folder.createdAt.toISOString(),
      updatedAt: folder.updatedAt.toISOString(),
    };
  }

  /** The profile an input names, checked; the saved custom profile must be the organization's. */
  private async profileOf(input: { profileId?: string | null; customProfileId?: string | null }) {
    const customProfile = input.customProfileId
      ? await this.prisma.importProfile.findFirst({ where: { id: input.customProfileId } })
      : null;
    if (input.customProfileId && !customProfile)
      throw validationError([{ path: 'customProfileId', message: 'Unknown import profile' }]);
    return folderProfile({ profileId: input.profileId ?? null, customProfile });
  }

  /**
   * Refuses a path another folder of the organization already is, contains or lies in; then
   * creates the folder on disk (last, so a refused request leaves nothing behind).
   */
  private async checkPath(input: string, exceptFolderId: string | null): Promise<string> {
    const organizationId = currentOrganizationId();
    const path = normalizedDropFolderPath(this.config.IMPORT_DROP_ROOT, organizationId, input);
    const others = await this.prisma.importDropFolder.findMany({
      where: exceptFolderId ? { id: { not: exceptFolderId } } : {},
      select: { path: true },
    });
    if (others.some((other) => other.path === path))
      throw new DomainError(ErrorCode.CONFLICT, 'Another import folder watches this path');
    if (others.some((other) => nested(other.path, path)))
      throw validationError([{ path: 'path', message: 'The path is inside another import folder, or contains one' }]);
    await ensureDropFolder(this.config.IMPORT_DROP_ROOT, organizationId, path);
    return path;
  }

  async list(): Promise<DropFolderView[]> {
    const folders = await this.prisma.importDropFolder.findMany({
      include: { customProfile: true },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    });
    return Promise.all(folders.map((folder) => this.view(folder)));
  }

  async get(folderId: string): Promise<DropFolderView> {
    return this.view(await this.folderOf(folderId));
  }

  async create(input: DropFolderCreateInput): Promise<DropFolderView> {
    checkCron(input.cron);
    const profile = await this.profileOf(input);
    const path = await this.checkPath(input.path, null);
    const source: ExternalSourceSystem = input.source ?? profile.source ?? 'MANUAL_LOAD';
    const folder = await this.prisma.$transaction(async (tx) => {
      const created = await tx.importDropFolder.create({
        data: {
          id: newId(EntityType.importDropFolder),
          organizationId: currentOrganizationId(),
          name: input.name,
          path,
          cron: input.cron,
          profileId: input.customProfileId ? null : (input.profileId ?? null),
          customProfileId: input.customProfileId ?? null,
          source,
          enabled: input.enabled,
        },
        include: { customProfile: true },
      });
      await this.audit.record(tx, {
        action: 'CREATE',
        entityType: EntityType.importDropFolder,
        entityId: created.id,
        after: auditView(created),
      });
      return created;
    });
    await this.scheduler.schedule(folder);
    return this.view(folder);
  }

  async update(folderId: string, input: DropFolderUpdateInput): Promise<DropFolderView> {
    const before = await this.folderOf(folderId);
    if (input.cron !== undefined) checkCron(input.cron);
    const data: Prisma.ImportDropFolderUncheckedUpdateInput = {};
    if (input.profileId !== undefined || input.customProfileId !== undefined) {
      await this.profileOf(input);
      data.profileId = input.profileId ?? null;
      data.customProfileId = input.customProfileId ?? null;
    }
    if (input.path !== undefined) data.path = await this.checkPath(input.path, folderId);
    if (input.name !== undefined) data.name = input.name;
    if (input.cron !== undefined) data.cron = input.cron;
    if (input.source !== undefined) data.source = input.source;
    if (input.enabled !== undefined) data.enabled = input.enabled;
    const folder = await this.prisma.$transaction(async (tx) => {
      const updated = await tx.importDropFolder.update({
        where: { id: folderId },
        data,
        include: { customProfile: true },
      });
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.importDropFolder,
        entityId: folderId,
        before: auditView(before),
        after: auditView(updated),
      });
      return updated;
    });
    await this.scheduler.schedule(folder);
    return this.view(folder);
  }

  /**
   * Deletes the folder and its schedule. The files on disk stay where they are; the batches it
   * made stay too (they are imports like any other), no longer linked to it.
   */
  async delete(folderId: string): Promise<void> {
    const before = await this.folderOf(folderId);
    await this.scheduler.remove(folderId);
    await this.prisma.$transaction(async (tx) => {
      await tx.importBatch.updateMany({ where: { dropFolderId: folderId }, data: { dropFolderId: null } });
      await tx.importDropFolder.delete({ where: { id: folderId } });
      await this.audit.record(tx, {
        action: 'DELETE',
        entityType: EntityType.importDropFolder,
        entityId: folderId,
        before: auditView(before),
      });
    });
  }

  /** Queues a scan of the folder now (trigger MANUAL), whether or not it is enabled. */
  async scanNow(folderId: string): Promise<{ folderId: string; jobId: string }> {
    const folder = await this.folderOf(folderId);
    const jobId = await this.queues.enqueue(
      'imports.scan-folder',
      { organizationId: folder.organizationId, folderId, trigger: 'MANUAL' },
      // Its own id per request: a finished scan under the fixed id would swallow this one.
      { jobId: `imports.scan-folder-${folderId}-${Date.now()}` },
    );
    return { folderId, jobId };
  }
}
