import { extname, join, resolve } from 'node:path';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import {
  buildCustomProfile,
  countKnownHeaders,
  customProfileSchema,
  DomainError,
  EntityType,
  ErrorCode,
  headerExpectation,
  IMPORT_PROFILES,
  ImportErrorCode,
  newId,
  notFound,
  validationError,
  valueMapProblems,
  type AnyImportProfile,
  type ColumnSamples,
  type ContactType,
  type CustomProfileInput,
  type ExternalSourceSystem,
  type ImportDryRunInput,
  type ImportFieldError,
  type ImportMappingInput,
  type ImportRecordKind,
  type ImportRowAction,
  type ImportValueMapInput,
} from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { Prisma } from '../../../generated/prisma/client.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { QueueService } from '../../../infra/queue/queue.service.js';
import { csvField, toBatchView } from './batch-view.js';
import { ImportEngine } from './import-engine.js';
import { chooseArchiveEntry, inspectImportFile, readHeaders, storeUpload } from './import-files.js';
import { openImportRun } from './import-run.js';
import { SyncRunLifecycle } from '../sync/index.js';
import { importWriterFor } from './writers/registry.js';
import {
  archiveEntryRank,
  builtInProfile,
  builtInProfileView,
  describeMapping,
  profileOfBatch,
  storedMappingOf,
  suggestProfile,
} from './profiles.js';

const EDITABLE_STAGES = new Set(['UPLOADED', 'DRY_RUN_DONE']);
/** Rows read per query while writing a report. */
const REPORT_PAGE_ROWS = 1000;

/** The import flow's requests: every read goes through the tenant client, so another organization's batch is a 404. */
@Injectable()
export class ImportsService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(QueueService) private readonly queues: QueueService,
    @Inject(ImportEngine) private readonly engine: ImportEngine,
    @Inject(SyncRunLifecycle) private readonly lifecycle: SyncRunLifecycle,
  ) {}

  private async batchOf(batchId: string) {
    const batch = await this.prisma.importBatch.findFirst({ where: { id: batchId }, include: { customProfile: true } });
    if (!batch) throw notFound('Import batch');
    return batch;
  }

  /**
   * Keeps the uploaded file, reads it through once (a bad file is refused here, before any batch
   * exists, and the file is removed) and suggests a profile.
   */
  async upload(
    body: Readable,
    fileName: string,
    source: ExternalSourceSystem | undefined,
    defaultContactType: ContactType | undefined,
  ) {
    const batch = await receiveImportFile(
      this.config,
      { organizationId: currentOrganizationId(), body, fileName, profile: { suggestFor: source }, defaultContactType },
      (data) => this.prisma.importBatch.create({ data }),
    );
    return { batch: toBatchView(batch), mapping: this.mappingView({ ...batch, customProfile: null }) };
  }

  async list() {
    const batches = await this.prisma.importBatch.findMany({
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 100,
    });
    return batches.map((batch) => toBatchView(batch));
  }

  async get(batchId: string) {
    return toBatchView(await this.batchOf(batchId));
  }

  private mappingView(batch: Awaited<ReturnType<ImportsService['batchOf']>>) {
    const profile = profileOfBatch(batch);
    return {
      profileId: batch.profileId,
      customProfileId: batch.customProfileId,
      profileName: profile?.name ?? null,
      headers: batch.headers,
      ...describeMapping(profile, batch.headers, batch.columnSamples as ColumnSamples | null),
    };
  }

  async getMapping(batchId: string) {
    return this.mappingView(await this.batchOf(batchId));
  }

  /** Sets the profile or the column mapping; the dry run (if any) is dropped, as it no longer holds. */
  async putMapping(batchId: string, input: ImportMappingInput) {
    const batch = await this.batchOf(batchId);
    if (batch.status !== 'PENDING' || !EDITABLE_STAGES.has(batch.stage))
      throw new DomainError(ErrorCode.CONFLICT, 'The mapping can only change before the import is committed');
    let data: Prisma.ImportBatchUncheckedUpdateInput;
    // A profile's required columns (its source id) refuse no file: without them, rows are matched
    // on e-mail, phone and name (issue 14). The mapping view shows which columns the profile reads.
    if ('profileId' in input) {
      const profile = builtInProfile(input.profileId);
      data = { profileId: profile.id, customProfileId: null, mapping: Prisma.DbNull, kind: profile.kind };
    } else if ('customProfileId' in input) {
      const custom = await this.prisma.importProfile.findFirst({ where: { id: input.customProfileId } });
      if (!custom) throw notFound('Import profile');
      const profile = buildCustomProfile(custom.id, custom.definition as CustomProfileInput);
      if (!importWriterFor(profile.kind))
        throw validationError([
          { path: 'customProfileId', message: `Records of kind ${profile.kind} cannot be imported yet` },
        ]);
      data = { profileId: null, customProfileId: custom.id, mapping: Prisma.DbNull, kind: profile.kind };
    } else {
      const unknown = Object.keys(input.mapping).filter((header) => !batch.headers.includes(header));
      if (unknown.length > 0)
        throw validationError(
          unknown.map((header) => ({ path: `mapping.${header}`, message: 'No such column in the file' })),
        );
      const kind = input.kind ?? (batch.kind as ImportRecordKind);
      if (!importWriterFor(kind))
        throw validationError([{ path: 'kind', message: `Records of kind ${kind} cannot be imported yet` }]);
      try {
        buildCustomProfile('check', {
          name: 'Custom mapping',
          kind,
          mapping: input.mapping,
          sourceIdHeader: input.sourceIdHeader,
        });
      } catch (error) {
        if (!(error instanceof z.ZodError)) throw error;
        throw validationError(error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
      }
      data = {
        profileId: null,
        customProfileId: null,
        mapping: { kind, mapping: input.mapping, sourceIdHeader: input.sourceIdHeader },
        kind,
      };
    }
    await this.dropDryRunWith(batchId, data);
    return this.mappingView(await this.batchOf(batchId));
  }

  /** Writes the batch's new choices and drops its dry run (rows, review queue, counts), which no longer holds. */
  private async dropDryRunWith(batchId: string, data: Prisma.ImportBatchUncheckedUpdateInput): Promise<void> {
    const where = { importBatchId: batchId };
    await this.prisma.$transaction([
      this.prisma.importRowResult.deleteMany({ where }),
      this.prisma.importReviewItem.deleteMany({ where }),
      this.prisma.importBatch.update({
        where: { id: batchId },
        data: {
          ...data,
          stage: 'UPLOADED',
          rowsDone: 0,
          createCount: 0,
          updateCount: 0,
          unchangedCount: 0,
          invalidCount: 0,
          reviewCount: 0,
        },
      }),
    ]);
  }

  /**
   * Sets the import's value map (issue 23): what each value of the file's contact type, category,
   * status or marital status column (or gender, source, role) becomes. The map replaces the one the
   * batch had and is kept with its mapping; a target the column cannot take refuses the whole map
   * (400, nothing changed). The dry run is dropped: the next one, and the commit, use the map.
   */
  async putValueMap(batchId: string, input: ImportValueMapInput) {
    const batch = await this.batchOf(batchId);
    if (batch.status !== 'PENDING' || !EDITABLE_STAGES.has(batch.stage))
      throw new DomainError(ErrorCode.CONFLICT, 'The value map can only change before the import is committed');
    const profile = profileOfBatch(batch);
    if (!profile)
      throw validationError([{ path: 'mapping', message: 'Choose a profile or map the columns before their values' }]);
    const problems = valueMapProblems(profile, batch.headers, input.values);
    if (problems.length > 0) throw validationError(problems, problems[0]!.message);
    const stored = storedMappingOf(batch) ?? {};
    const values = Object.fromEntries(
      Object.entries(input.values).filter(([, edits]) => Object.keys(edits).length > 0),
    );
    await this.dropDryRunWith(batchId, { mapping: { ...stored, values } });
    return this.mappingView(await this.batchOf(batchId));
  }

  /** Queues the dry run; the body may change the contact type given to created contacts whose row says none. */
  async requestDryRun(batchId: string, input: ImportDryRunInput = {}) {
    const batch = await this.batchOf(batchId);
    if (batch.status !== 'PENDING' || !EDITABLE_STAGES.has(batch.stage))
      throw new DomainError(ErrorCode.CONFLICT, 'A dry run is queued or running, or the import was committed');
    if (!profileOfBatch(batch))
      throw validationError([{ path: 'mapping', message: 'Choose a profile or map the columns before the dry run' }]);
    const updated = await this.prisma.importBatch.update({
      where: { id: batchId },
      data: {
        stage: 'DRY_RUN_QUEUED',
        rowsDone: 0,
        errorCode: null,
        errorMessage: null,
        ...(input.defaultContactType ? { defaultContactType: input.defaultContactType } : {}),
      },
    });
    await this.queues.enqueue(
      'imports.dry-run',
      { organizationId: batch.organizationId, batchId },
      { jobId: `imports.dry-run-${batchId}-${Date.now()}` },
    );
    return toBatchView(updated);
  }

  /**
   * Commits a dry-run batch as a sync run of the source system's connection (created on first
   * import). The one-active-run index refuses a second import of the same system at once (409).
   */
  async requestCommit(batchId: string) {
    const batch = await this.batchOf(batchId);
    if (batch.status !== 'PENDING' || batch.stage !== 'DRY_RUN_DONE')
      throw new DomainError(ErrorCode.CONFLICT, 'Only an import whose dry run is done can be committed');
    const organizationId = batch.organizationId;
    const updated = await this.prisma.$transaction(async (tx) => {
      const opened = await openImportRun(tx, this.lifecycle, { batchId, source: batch.source, trigger: 'MANUAL' });
      if (!opened) throw new DomainError(ErrorCode.CONFLICT, 'Another import of this system is running');
      return opened;
    });
    await this.queues.enqueue(
      'imports.commit',
      { organizationId, batchId },
      { jobId: `imports.commit-${batchId}-${Date.now()}` },
    );
    return toBatchView(updated);
  }

  async rollback(batchId: string) {
    const batch = await this.batchOf(batchId);
    await this.engine.rollback(batch.organizationId, batchId);
    return toBatchView(await this.batchOf(batchId));
  }

  async rows(batchId: string, page: number, limit: number, action?: ImportRowAction) {
    await this.batchOf(batchId);
    const where = { importBatchId: batchId, ...(action ? { action } : {}) };
    const [rows, total] = await Promise.all([
      this.prisma.importRowResult.findMany({
        where,
        orderBy: { rowNumber: 'asc' },
        skip: (page - 1) * limit,
        take: limit,
      }),
      this.prisma.importRowResult.count({ where }),
    ]);
    return {
      items: rows.map((row) => ({
        rowNumber: row.rowNumber,
        action: row.action,
        sourceId: row.sourceId,
        entityId: row.entityId,
        errors: (row.errors ?? []) as unknown as ImportFieldError[],
        warnings: (row.warnings ?? []) as unknown as ImportFieldError[],
        changes: (row.changes ?? []) as { field: string; before: unknown; after: unknown }[],
      })),
      total,
      page,
      limit,
    };
  }

  /** The per-row report as CSV (row, action, source id, entity id, errors, changed fields). */
  async reportCsv(batchId: string): Promise<string> {
    await this.batchOf(batchId);
    return importReportCsv((after) =>
      this.prisma.importRowResult.findMany({
        where: { importBatchId: batchId, rowNumber: { gt: after } },
        orderBy: { rowNumber: 'asc' },
        take: REPORT_PAGE_ROWS,
      }),
    );
  }

  /** Saves a custom profile for the organization (names are unique within it). */
  async createProfile(input: CustomProfileInput) {
    const definition = customProfileSchema.parse(input);
    const existing = await this.prisma.importProfile.findFirst({ where: { name: definition.name } });
    if (existing) throw new DomainError(ErrorCode.CONFLICT, 'A profile with this name exists');
    const profile = await this.prisma.importProfile.create({
      data: {
        id: newId(EntityType.importProfile),
        organizationId: currentOrganizationId(),
        name: definition.name,
        kind: definition.kind,
        source: definition.source,
        definition: definition as object,
      },
    });
    return toProfileView(profile);
  }

  async listProfiles() {
    const profiles = await this.prisma.importProfile.findMany({ orderBy: [{ name: 'asc' }, { id: 'asc' }] });
    return profiles.map(toProfileView);
  }

  /** The built-in profiles with their columns, for an API client to choose one (PUT mapping with its id). */
  listBuiltInProfiles() {
    return IMPORT_PROFILES.map(builtInProfileView);
  }
}

function toProfileView(profile: {
  id: string;
  name: string;
  kind: string;
  source: ExternalSourceSystem | null;
  definition: unknown;
  createdAt: Date;
}) {
  return {
    id: profile.id,
    name: profile.name,
    kind: profile.kind,
    source: profile.source,
    definition: profile.definition as Record<string, unknown>,
    createdAt: profile.createdAt.toISOString(),
  };
}

/** How a received file's profile is chosen: suggested from its headers (upload), or the one a drop folder names. */
export type ImportProfileChoice =
  | { suggestFor: ExternalSourceSystem | undefined }
  | { profile: AnyImportProfile; customProfileId: string | null; source: ExternalSourceSystem };

export interface ReceivedImportFile {
  organizationId: string;
  body: Readable;
  fileName: string;
  profile: ImportProfileChoice;
  /** The drop folder the file came from. */
  dropFolderId?: string;
  /** The type of created contacts whose row gives none; LEAD when absent. */
  defaultContactType?: ContactType;
}

/**
 * What an upload and a drop-folder scan share: the file is stored under IMPORT_DIR (size limit,
 * hash), read through once with its profile (every bad-input case is refused here, before a batch
 * exists) and handed to `createBatch` as the batch's row. On any failure the stored copy is removed.
 */
export async function receiveImportFile<T>(
  config: Pick<AppConfig, 'IMPORT_DIR' | 'IMPORT_MAX_BYTES'>,
  input: ReceivedImportFile,
  createBatch: (data: Prisma.ImportBatchUncheckedCreateInput) => Promise<T>,
): Promise<T> {
  const { organizationId, fileName } = input;
  const batchId = newId(EntityType.importBatch);
  const extension = extname(fileName)
    .toLowerCase()
    .replace(/[^.a-z0-9]/g, '');
  const path = resolve(join(config.IMPORT_DIR, organizationId, `${batchId}${extension}`));
  const stored = await storeUpload(input.body, path, config.IMPORT_MAX_BYTES);
  try {
    const choice = input.profile;
    const suggestFor = 'suggestFor' in choice ? choice.suggestFor : undefined;
    const fixed = 'suggestFor' in choice ? null : choice.profile;
    const base = { fileName, maxBytes: config.IMPORT_MAX_BYTES };
    // A zip of CSV files: the one to import, by its name and headers (issue 14).
    const archiveEntry = await chooseArchiveEntry(path, base, archiveEntryRank(suggestFor, fixed));
    const options = { ...base, archiveEntry };
    const profile = fixed ?? suggestProfile(await readHeaders(path, options), suggestFor);
    const source = 'suggestFor' in choice ? (choice.suggestFor ?? profile?.source ?? 'MANUAL_LOAD') : choice.source;
    const customProfileId = 'suggestFor' in choice ? null : choice.customProfileId;
    const file = await inspectImportFile(path, options, profile);
    if (fixed) refuseForeignFile(fixed, file.headers);
    return await createBatch({
      id: batchId,
      organizationId,
      source,
      kind: profile?.kind ?? 'contacts',
      fileName,
      rowCount: file.rowCount,
      profileId: customProfileId ? null : (profile?.id ?? null),
      customProfileId,
      dropFolderId: input.dropFolderId ?? null,
      filePath: path,
      fileSize: stored.size,
      fileSha256: stored.sha256,
      fileFormat: file.format,
      encoding: file.encoding,
      delimiter: file.delimiter,
      headerRowNumber: file.headerRowNumber,
      headers: file.headers,
      archiveEntry: file.archiveEntry,
      columnSamples: file.columnSamples,
      defaultContactType: input.defaultContactType ?? 'LEAD',
    });
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

/**
 * A file a drop folder's profile cannot be meant for: fewer of its headers than the profile needs
 * to recognise a header row (a file of another system dropped in the wrong folder). The required
 * columns refuse nothing (issue 14); an upload has no such check, as its profile was suggested
 * from the headers, or the user chooses another.
 */
function refuseForeignFile(profile: AnyImportProfile, headers: readonly string[]): void {
  const expectation = headerExpectation(profile);
  if (countKnownHeaders(headers, expectation) >= expectation.minMatches) return;
  const message = `The file's headers are not those of the profile ${profile.name}: it needs at least ${expectation.minMatches} of its columns.`;
  throw validationError([{ path: ImportErrorCode.UNKNOWN_HEADERS, message }], message);
}

interface ReportRow {
  rowNumber: number;
  action: string;
  sourceId: string | null;
  entityId: string | null;
  errors: unknown;
  changes: unknown;
  warnings?: unknown;
}

/**
 * The per-row report of a batch as CSV, read page by page (`readPage(after)`: the next rows after
 * that row number, in order) so a large batch never sits in memory as rows. Shared by the report
 * download and the report a drop-folder scan writes beside the file.
 */
export async function importReportCsv(readPage: (afterRowNumber: number) => Promise<ReportRow[]>): Promise<string> {
  const lines = ['row,action,source_id,entity_id,errors,changes,warnings'];
  let after = 0;
  for (;;) {
    const rows = await readPage(after);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.rowNumber;
    for (const row of rows) {
      const errors = ((row.errors ?? []) as { field: string; message: string }[])
        .map((error) => `${error.field}: ${error.message}`)
        .join('; ');
      const changes = ((row.changes ?? []) as { field: string }[]).map((change) => change.field).join('; ');
      const warnings = ((row.warnings ?? []) as { field: string; column: string | null; message: string }[])
        .map((warning) => `${warning.column ?? warning.field}: ${warning.message}`)
        .join('; ');
      lines.push(
        [row.rowNumber, row.action, row.sourceId, row.entityId, errors, changes, warnings].map(csvField).join(','),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
