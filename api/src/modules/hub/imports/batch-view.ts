import { importRollbackSummarySchema, type ImportBatchView, type ImportCommitReadiness } from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';

type BatchRow = Prisma.ImportBatchGetPayload<object>;

/** What a finished dry run leaves for the commit; null before (or after) that point. */
function commitReadiness(batch: BatchRow): ImportCommitReadiness | null {
  if (batch.status !== 'PENDING' || batch.stage !== 'DRY_RUN_DONE') return null;
  if (batch.createCount + batch.updateCount > 0) return 'READY';
  return batch.reviewCount > 0 ? 'REVIEW_PENDING' : 'NOTHING_TO_WRITE';
}

/** The batch as the API shows it; rows/s and ETA follow from the rows done since the run started. */
export function toBatchView(batch: BatchRow, now = new Date()): ImportBatchView {
  const running = batch.stage === 'DRY_RUN_RUNNING' || batch.stage === 'COMMITTING';
  const elapsed = batch.progressStartedAt ? (now.getTime() - batch.progressStartedAt.getTime()) / 1000 : 0;
  const rowsPerSecond = running && elapsed > 0 && batch.rowsDone > 0 ? batch.rowsDone / elapsed : null;
  const remaining = Math.max((batch.rowCount ?? 0) - batch.rowsDone, 0);
  return {
    id: batch.id,
    source: batch.source,
    kind: batch.kind,
    status: batch.status,
    stage: batch.stage,
    fileName: batch.fileName,
    fileSize: batch.fileSize,
    fileSha256: batch.fileSha256,
    format: batch.fileFormat,
    encoding: batch.encoding,
    delimiter: batch.delimiter,
    headerRowNumber: batch.headerRowNumber,
    headers: batch.headers,
    rowCount: batch.rowCount,
    profileId: batch.profileId,
    counts: {
      create: batch.createCount,
      update: batch.updateCount,
      unchanged: batch.unchangedCount,
      invalid: batch.invalidCount,
      review: batch.reviewCount,
    },
    commitReadiness: commitReadiness(batch),
    progress: {
      rowsDone: batch.rowsDone,
      rowsPerSecond,
      etaSeconds: rowsPerSecond ? Math.ceil(remaining / rowsPerSecond) : null,
    },
    connectionId: batch.connectionId,
    syncRunId: batch.syncRunId,
    errorCode: batch.errorCode,
    errorMessage: batch.errorMessage,
    archiveEntry: batch.archiveEntry,
    defaultContactType: batch.defaultContactType,
    skippedRows: batch.skippedCount,
    createdAt: batch.createdAt.toISOString(),
    appliedAt: batch.appliedAt?.toISOString() ?? null,
    rolledBackAt: batch.rolledBackAt?.toISOString() ?? null,
    rollback: batch.rollbackSummary === null ? null : importRollbackSummarySchema.parse(batch.rollbackSummary),
  };
}

/** One CSV field: quoted when it holds a delimiter, quote or line break; formula-like text defused. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  // A cell starting with =, +, - or @ would run as a formula in a spreadsheet (CSV injection).
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
