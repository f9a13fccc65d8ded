import { Badge } from '@tremor/react';
import {
  CONTACT_TYPE_LABELS as DOMAIN_CONTACT_TYPE_LABELS,
  EXTERNAL_SOURCE_SYSTEM_LABELS,
  enumLabel,
  type ContactType,
  type ExternalSourceSystem,
  type ImportBatchStage,
  type ImportBatchStatus,
  type ImportBatchView,
  type ImportCommitReadiness,
  type ImportRecordKind,
  type ImportRowAction,
} from '@meridian/domain';

/** While a dry run or commit is queued or running the wizard follows it at this pace. */
export const IMPORT_REFRESH_MS = 1_000;

type Colour = 'gray' | 'slate' | 'blue' | 'indigo' | 'emerald' | 'amber' | 'rose';

/** The source systems of foundations §1 as their users name them: the domain's labels. */
export const SOURCE_LABELS: Readonly<Record<ExternalSourceSystem, string>> = EXTERNAL_SOURCE_SYSTEM_LABELS;

export function sourceLabel(source: string | null): string {
  if (source === null) return 'Any system';
  return SOURCE_LABELS[source as ExternalSourceSystem] ?? source;
}

export const KIND_LABELS: Record<ImportRecordKind, string> = {
  contacts: 'Contacts',
  households: 'Households',
  persons: 'Persons',
  financialRecords: 'Financial records',
  tasks: 'Tasks',
  notes: 'Notes',
};

/** The contact types as the contact pages name them. */
export const CONTACT_TYPE_LABELS: Readonly<Record<ContactType, string>> = DOMAIN_CONTACT_TYPE_LABELS;

export function kindLabel(kind: string): string {
  return KIND_LABELS[kind as ImportRecordKind] ?? kind;
}

export const ACTION_LABELS: Record<ImportRowAction, { label: string; colour: Colour }> = {
  CREATE: { label: 'Create', colour: 'emerald' },
  UPDATE: { label: 'Update', colour: 'blue' },
  UNCHANGED: { label: 'Unchanged', colour: 'gray' },
  INVALID: { label: 'Invalid', colour: 'rose' },
  REVIEW: { label: 'Review', colour: 'amber' },
  SKIPPED: { label: 'Skipped', colour: 'slate' },
};

const STAGE: Record<ImportBatchStage, { label: string; colour: Colour }> = {
  UPLOADED: { label: 'Uploaded', colour: 'slate' },
  DRY_RUN_QUEUED: { label: 'Dry run queued', colour: 'slate' },
  DRY_RUN_RUNNING: { label: 'Dry run running', colour: 'blue' },
  DRY_RUN_DONE: { label: 'Ready to commit', colour: 'indigo' },
  COMMIT_QUEUED: { label: 'Commit queued', colour: 'slate' },
  COMMITTING: { label: 'Committing', colour: 'blue' },
  DONE: { label: 'Done', colour: 'emerald' },
};

/** A finished dry run says what it leaves for the commit: only READY is "Ready to commit". */
const READINESS: Record<ImportCommitReadiness, { label: string; colour: Colour }> = {
  READY: { label: 'Ready to commit', colour: 'indigo' },
  REVIEW_PENDING: { label: 'Waiting for review', colour: 'amber' },
  NOTHING_TO_WRITE: { label: 'Nothing to write', colour: 'gray' },
};

const STATUS: Record<Exclude<ImportBatchStatus, 'PENDING'>, { label: string; colour: Colour }> = {
  APPLIED: { label: 'Applied', colour: 'emerald' },
  FAILED: { label: 'Failed', colour: 'rose' },
  ROLLED_BACK: { label: 'Rolled back', colour: 'gray' },
};

const ACTIVE_STAGES: readonly ImportBatchStage[] = ['DRY_RUN_QUEUED', 'DRY_RUN_RUNNING', 'COMMIT_QUEUED', 'COMMITTING'];

/** A dry run or a commit is queued or running: the page polls the batch. */
export function isActiveImport(batch: Pick<ImportBatchView, 'stage' | 'status'>): boolean {
  return batch.status === 'PENDING' && ACTIVE_STAGES.includes(batch.stage);
}

/** A pending batch shows where it is in the flow; a finished one, how it ended. */
export function ImportStatusBadge({
  batch,
  testId,
}: {
  batch: Pick<ImportBatchView, 'stage' | 'status' | 'commitReadiness'>;
  testId?: string;
}) {
  const { label, colour } =
    batch.status !== 'PENDING'
      ? STATUS[batch.status]
      : batch.commitReadiness
        ? READINESS[batch.commitReadiness]
        : STAGE[batch.stage];
  return (
    <Badge color={colour} size="xs" data-testid={testId} data-stage={batch.stage} data-status={batch.status}>
      {label}
    </Badge>
  );
}

export function ActionBadge({ action }: { action: ImportRowAction }) {
  const { label, colour } = ACTION_LABELS[action];
  return (
    <Badge color={colour} size="xs" data-action={action}>
      {label}
    </Badge>
  );
}

/**
 * A record field's value as text: empty, a string as is, e-mails and phones by their address and
 * number, tags by name, an employment as "employer · title", a household as its name and role.
 */
export function formatFieldValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '(none)';
    return value.map((item) => (typeof item === 'object' && item !== null ? itemText(item) : String(item))).join(', ');
  }
  return itemText(value as Record<string, unknown>);
}

function itemText(item: Record<string, unknown>): string {
  if (typeof item.email === 'string') return item.email;
  if (typeof item.number === 'string') {
    const type = typeof item.type === 'string' ? ` (${enumLabel('PhoneType', item.type).toLowerCase()})` : '';
    return `${item.number}${type}`;
  }
  if ('employerName' in item || 'jobTitle' in item)
    return (
      [item.employerName, item.jobTitle].filter((part) => typeof part === 'string' && part).join(' · ') || '(empty)'
    );
  if (typeof item.line1 === 'string')
    return [item.line1, item.line2, item.city, item.province, item.postalCode].filter(Boolean).join(', ');
  // A custom field's value (review dates, risk tolerance): its name and value, never its type.
  if (typeof item.name === 'string' && typeof item.value === 'string' && 'type' in item)
    return `${item.name}: ${item.value}`;
  if ('role' in item && ('name' in item || 'sourceId' in item)) {
    const name = typeof item.name === 'string' ? item.name : typeof item.sourceId === 'string' ? item.sourceId : '';
    return typeof item.role === 'string' ? `${name} (${enumLabel('FamilyMemberRole', item.role).toLowerCase()})` : name;
  }
  // Anything else as its fields in words, never as JSON.
  return (
    Object.entries(item)
      .filter(([, inner]) => inner !== null && inner !== undefined && inner !== '' && typeof inner !== 'object')
      .map(([key, inner]) => `${fieldLabel(key)}: ${String(inner)}`)
      .join(', ') || '(empty)'
  );
}

/** 'firstName' -> 'First name', 'addressLine1' -> 'Address line 1', 'sourceId' -> 'Source id'. */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const integer = new Intl.NumberFormat('en-CA', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-CA', { maximumFractionDigits: 1 });

/** '1,234 rows/s'; under 10 with a decimal so a slow start still reads as moving. */
export function formatRowsPerSecond(rowsPerSecond: number): string {
  return `${rowsPerSecond < 10 ? oneDecimal.format(rowsPerSecond) : integer.format(rowsPerSecond)} rows/s`;
}

/** A file size people read: '812 B', '14.2 KB', '3.1 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${oneDecimal.format(bytes / 1024)} KB`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
}

/** How the reader took the file apart: 'CSV · UTF-8 · comma-delimited · headers on row 1'. */
export function describeDetection(batch: ImportBatchView): string[] {
  const parts: string[] = [];
  if (batch.format) parts.push(batch.format.toUpperCase());
  if (batch.encoding) parts.push(batch.encoding.toUpperCase());
  if (batch.delimiter !== null) parts.push(`${delimiterName(batch.delimiter)} delimited`);
  if (batch.headerRowNumber !== null) parts.push(`headers on row ${batch.headerRowNumber}`);
  if (batch.archiveEntry !== null) parts.push(`${batch.archiveEntry} from the ZIP file`);
  return parts;
}

function delimiterName(delimiter: string): string {
  switch (delimiter) {
    case ',':
      return 'comma';
    case ';':
      return 'semicolon';
    case '\t':
      return 'tab';
    case '|':
      return 'pipe';
    default:
      return `"${delimiter}"`;
  }
}
