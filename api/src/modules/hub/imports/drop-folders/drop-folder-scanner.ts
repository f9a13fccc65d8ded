import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DomainError, ImportErrorCode, type AnyImportProfile, type ExternalSourceSystem } from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../../common/config/config.js';
import { LOGGER } from '../../../../common/logging/logger.js';
import { inOrganization } from '../../../../common/tenancy/organization-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../../infra/prisma/prisma.service.js';
import { SyncRunLifecycle } from '../../sync/index.js';
import { csvField } from '../batch-view.js';
import { ImportEngine } from '../import-engine.js';
import { openImportRun } from '../import-run.js';
import { importReportCsv, receiveImportFile } from '../imports.service.js';
import {
  ensureDropFolder,
  FAILED_DIR,
  normalizedDropFolderPath,
  PROCESSED_DIR,
  WORKING_DIR,
} from './drop-folder-paths.js';
import { folderProfile } from './folder-profile.js';

/** How long a scan holds its folder without renewing; a scan whose worker died frees it after this. */
export const FOLDER_LEASE_MS = 60_000;
const LEASE_RENEW_MS = FOLDER_LEASE_MS / 3;
/** A file whose size or modification time changes over this long is still being written. */
export const FILE_SETTLE_MS = 1000;
/** What a scan takes: the formats the reader knows (a zip of CSV files included), and legacy .xls (refused with its report, not left forever). */
const IMPORT_EXTENSIONS = new Set(['.csv', '.txt', '.tsv', '.tab', '.xlsx', '.xls', '.zip']);
/** The claim prefix (`20261122T101500123Z-`): names in processed/ and failed/ never collide. */
const STAMP_PREFIX = /^\d{8}T\d{9}Z-/;

export type ScanTrigger = 'SCHEDULE' | 'MANUAL';

export interface FileOutcome {
  file: string;
  outcome: 'processed' | 'failed';
  /** Where the file went, its report beside it (`<file>.report.csv`). */
  movedTo: string;
  batchId: string | null;
}

export interface ScanResult {
  /** False when the folder is gone (its schedule should go too). */
  folderExists: boolean;
  /** False when another scan holds the folder. */
  scanned: boolean;
  files: FileOutcome[];
  error: string | null;
}

type FolderRow = NonNullable<Awaited<ReturnType<DropFolderScanner['loadFolder']>>>;

interface Refusal {
  code: string;
  message: string;
}

function stamp(now = new Date()): string {
  return now.toISOString().replace(/[-:.]/g, '');
}

/** A refused file's report: one row with the error code and message. */
function refusalReport(refusal: Refusal): string {
  return `error_code,error_message\r\n${csvField(refusal.code)},${csvField(refusal.message)}\r\n`;
}

/** The reader's code (`EMPTY_FILE`) when the refusal carries one, else the error's own code. */
function refusalOf(error: DomainError): Refusal {
  const detail = error.details?.[0];
  if (detail && /^[A-Z][A-Z_]+$/.test(detail.path)) return { code: detail.path, message: detail.message };
  return { code: error.code, message: detail ? `${detail.path}: ${detail.message}` : error.message };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Scans one drop folder (issue #8, scheduled imports): every new file is claimed by a rename into
 * `.meridian-working/`, made a batch (the upload's checks), dry-run and committed through the
 * ImportEngine as a sync run of the source system's connection, then moved to processed/ or failed/
 * with its report beside it. Runs in the worker, outside requests: every query names the organization.
 */
@Injectable()
export class DropFolderScanner {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(SyncRunLifecycle) private readonly lifecycle: SyncRunLifecycle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ImportEngine) private readonly engine: ImportEngine,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private loadFolder(organizationId: string, folderId: string) {
    return this.prisma.importDropFolder.findFirst({
      where: { organizationId, id: folderId },
      include: { customProfile: true },
    });
  }

  /** Scans a folder in its organization's context (the tenant client's), as its job runs. */
  scan(organizationId: string, folderId: string, trigger: ScanTrigger): Promise<ScanResult> {
    return inOrganization(organizationId, () => this.scanFolder(organizationId, folderId, trigger));
  }

  private async scanFolder(organizationId: string, folderId: string, trigger: ScanTrigger): Promise<ScanResult> {
    const folder = await this.loadFolder(organizationId, folderId);
    if (!folder) return { folderExists: false, scanned: false, files: [], error: null };
    const token = randomUUID();
    if (!(await this.acquire(folder, token))) {
      this.logger.debug({ folderId }, 'drop folder scan skipped: another scan holds the folder');
      return { folderExists: true, scanned: false, files: [], error: null };
    }
    const renewal = setInterval(() => {
      this.renew(folder, token).catch((error: unknown) =>
        this.logger.warn({ folderId, err: error }, 'drop folder lease renewal failed'),
      );
    }, LEASE_RENEW_MS);
    renewal.unref();
    const files: FileOutcome[] = [];
    let error: string | null = null;
    try {
      const profile = folderProfile(folder);
      // Checked again at each scan: the disk may have changed since the folder was saved.
      const dir = normalizedDropFolderPath(this.config.IMPORT_DROP_ROOT, organizationId, folder.path);
      await ensureDropFolder(this.config.IMPORT_DROP_ROOT, organizationId, dir);
      await this.recoverOrphans(dir);
      for (const name of await this.settledFiles(dir)) {
        if (await this.importBusy(organizationId, folder.source)) {
          error = `Another import of ${folder.source} is running; the remaining files wait for the next scan`;
          break;
        }
        const outcome = await this.importFile(folder, profile, dir, name, trigger);
        if (outcome === 'busy') {
          error = `Another import of ${folder.source} is running; the remaining files wait for the next scan`;
          break;
        }
        if (outcome) files.push(outcome);
      }
    } catch (caught) {
      error = caught instanceof DomainError ? refusalOf(caught).message : messageOf(caught);
      this.logger.warn({ folderId, err: caught }, 'drop folder scan stopped');
    } finally {
      clearInterval(renewal);
      await this.prisma.importDropFolder.updateMany({
        where: { organizationId, id: folderId, scanToken: token },
        data: { scanToken: null, scanLeaseUntil: null, lastScanAt: new Date(), lastError: error },
      });
    }
    const processed = files.filter((file) => file.outcome === 'processed').length;
    this.logger.info({ folderId, processed, failed: files.length - processed, error }, 'drop folder scanned');
    return { folderExists: true, scanned: true, files, error };
  }

  /** One scan per folder at a time: the lease is taken when free or run out (a dead scan's). */
  private async acquire(folder: FolderRow, token: string): Promise<boolean> {
    const now = new Date();
    const { count } = await this.prisma.importDropFolder.updateMany({
      where: {
        organizationId: folder.organizationId,
        id: folder.id,
        OR: [{ scanLeaseUntil: null }, { scanLeaseUntil: { lt: now } }],
      },
      data: { scanToken: token, scanLeaseUntil: new Date(now.getTime() + FOLDER_LEASE_MS) },
    });
    return count === 1;
  }

  private async renew(folder: FolderRow, token: string): Promise<void> {
    await this.prisma.importDropFolder.updateMany({
      where: { organizationId: folder.organizationId, id: folder.id, scanToken: token },
      data: { scanLeaseUntil: new Date(Date.now() + FOLDER_LEASE_MS) },
    });
  }

  /**
   * Files left in `.meridian-working/` by a scan that died: with the lease held, no live scan owns
   * them. They go back to the folder and are imported again; a re-import changes nothing already written.
   */
  private async recoverOrphans(dir: string): Promise<void> {
    const working = join(dir, WORKING_DIR);
    const entries = await readdir(working, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const original = entry.name.replace(STAMP_PREFIX, '');
      const taken = await stat(join(dir, original)).then(
        () => true,
        () => false,
      );
      await rename(join(working, entry.name), join(dir, taken ? entry.name : original));
      this.logger.warn({ dir, file: original }, 'file of an interrupted drop folder scan put back');
    }
  }

  /**
   * The new files of the folder, oldest name first: regular files (not links, not folders) with an
   * import extension, not hidden, not an editor's lock file, and not growing: a file whose size or
   * modification time changed over FILE_SETTLE_MS is still being written and waits for the next scan.
   */
  private async settledFiles(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true });
    const candidates = entries
      .filter(
        (entry) =>
          entry.isFile() &&
          !entry.name.startsWith('.') &&
          !entry.name.startsWith('~$') &&
          IMPORT_EXTENSIONS.has(extname(entry.name).toLowerCase()),
      )
      .map((entry) => entry.name)
      .sort();
    if (candidates.length === 0) return [];
    const signature = async (name: string) => {
      const info = await stat(join(dir, name)).catch(() => null);
      return info ? `${info.size}:${info.mtimeMs}` : null;
    };
    const first = await Promise.all(candidates.map(signature));
    await sleep(FILE_SETTLE_MS);
    const second = await Promise.all(candidates.map(signature));
    return candidates.filter((_, index) => first[index] !== null && first[index] === second[index]);
  }

  /** Whether the source system's file connection has a run queued or running (one import at a time). */
  private async importBusy(organizationId: string, source: ExternalSourceSystem): Promise<boolean> {
    const active = await this.prisma.syncRun.findFirst({
      where: { organizationId, status: { in: ['QUEUED', 'RUNNING'] }, connection: { source, service: null } },
      select: { id: true },
    });
    return active !== null;
  }

  /**
   * Imports one file. Null when the file was gone before it could be claimed; `busy` when another
   * import of the system started meanwhile (the file goes back for the next scan).
   */
  private async importFile(
    folder: FolderRow,
    profile: AnyImportProfile,
    dir: string,
    name: string,
    trigger: ScanTrigger,
  ): Promise<FileOutcome | 'busy' | null> {
    const { organizationId } = folder;
    const working = join(dir, WORKING_DIR);
    await mkdir(working, { recursive: true });
    const claimedName = `${stamp()}-${name}`;
    const claimed = join(working, claimedName);
    try {
      // The claim: a rename is atomic, so a file is taken by one scan only.
      await rename(join(dir, name), claimed);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const fail = async (batchId: string | null, refusal: Refusal): Promise<FileOutcome> => ({
      file: name,
      outcome: 'failed',
      movedTo: await this.moveAside(claimed, join(dir, FAILED_DIR), claimedName, refusalReport(refusal)),
      batchId,
    });

    let batchId: string;
    try {
      const batch = await receiveImportFile(
        this.config,
        {
          organizationId,
          body: createReadStream(claimed),
          fileName: name,
          profile: { profile, customProfileId: folder.customProfileId, source: folder.source },
          dropFolderId: folder.id,
        },
        (data) => this.prisma.importBatch.create({ data, select: { id: true } }),
      );
      batchId = batch.id;
    } catch (error) {
      // A refused file (encoding, headers, empty, too large...) goes to failed/ with the reason.
      if (error instanceof DomainError) return fail(null, refusalOf(error));
      // Anything else (database, disk) is not the file's fault: back to the folder, the scan stops.
      await rename(claimed, join(dir, name));
      throw error;
    }

    try {
      await this.prisma.importBatch.update({
        where: { organizationId, id: batchId },
        data: { stage: 'DRY_RUN_QUEUED' },
      });
      await this.engine.dryRun(organizationId, batchId);
      const dry = await this.prisma.importBatch.findFirstOrThrow({
        where: { organizationId, id: batchId },
        select: { stage: true, errorCode: true, errorMessage: true },
      });
      if (dry.stage !== 'DRY_RUN_DONE') {
        const refusal = {
          code: dry.errorCode ?? ImportErrorCode.DRY_RUN_FAILED,
          message: dry.errorMessage ?? 'The dry run failed',
        };
        await this.closeBatch(organizationId, batchId, refusal);
        return fail(batchId, refusal);
      }
      if (!(await this.openRun(organizationId, batchId, folder.source, trigger))) {
        const refusal = { code: ImportErrorCode.IMPORT_BUSY, message: 'Another import of this system is running' };
        await this.closeBatch(organizationId, batchId, refusal);
        await rename(claimed, join(dir, name));
        return 'busy';
      }
      try {
        await this.engine.commit(organizationId, batchId);
      } catch (error) {
        // The engine has already marked the batch and its run FAILED.
        return fail(batchId, { code: ImportErrorCode.COMMIT_FAILED, message: messageOf(error) });
      }
      const report = await importReportCsv((after) =>
        this.prisma.importRowResult.findMany({
          where: { organizationId, importBatchId: batchId, rowNumber: { gt: after } },
          orderBy: { rowNumber: 'asc' },
          take: 1000,
        }),
      );
      return {
        file: name,
        outcome: 'processed',
        movedTo: await this.moveAside(claimed, join(dir, PROCESSED_DIR), claimedName, report),
        batchId,
      };
    } catch (error) {
      // Unexpected (a bug, the database gone mid-way): the file is not imported again and again.
      const refusal = { code: 'SCAN_FAILED', message: messageOf(error) };
      await this.closeBatch(organizationId, batchId, refusal).catch(() => undefined);
      this.logger.error({ folderId: folder.id, batchId, err: error }, 'drop folder file failed');
      return fail(batchId, refusal);
    }
  }

  /** A batch the scan gives up on: nobody will map or commit it, so it ends FAILED with the reason. */
  private async closeBatch(organizationId: string, batchId: string, refusal: Refusal): Promise<void> {
    await this.prisma.importBatch.updateMany({
      where: { organizationId, id: batchId, status: 'PENDING' },
      data: { status: 'FAILED', stage: 'DONE', errorCode: refusal.code, errorMessage: refusal.message },
    });
  }

  /**
   * The sync run of the commit, as a "Commit" request opens it: on the source system's file
   * connection (created on first import), refused (false) while another run of it is active.
   */
  private async openRun(
    organizationId: string,
    batchId: string,
    source: ExternalSourceSystem,
    trigger: ScanTrigger,
  ): Promise<boolean> {
    try {
      const batch = await inOrganization(organizationId, () =>
        this.prisma.$transaction((tx) => openImportRun(tx, this.lifecycle, { batchId, source, trigger })),
      );
      return batch !== null;
    } catch (error) {
      // The one-active-run-per-connection index: another run started between the check and the insert.
      if ((error as { code?: string }).code === 'P2002') return false;
      throw error;
    }
  }

  /** Writes the report, then moves the file beside it; an existing name gets a counter, never overwritten. */
  private async moveAside(claimed: string, targetDir: string, name: string, report: string): Promise<string> {
    await mkdir(targetDir, { recursive: true });
    let target = join(targetDir, name);
    for (let counter = 1; await exists(target); counter += 1) {
      const extension = extname(name);
      target = join(targetDir, `${basename(name, extension)}-${counter}${extension}`);
    }
    await writeFile(`${target}.report.csv`, report);
    await rename(claimed, target);
    return target;
  }
}

function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
