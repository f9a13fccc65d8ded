import { z } from 'zod';
import { isStorableIsoDate } from '../../shared/input/common.js';
import { paginationSchema } from '../../shared/input/lists.js';
import { codeToWords } from '../../shared/format/words.js';
import { ENUMERATIONS, type EnumerationEntry } from '../../catalogue.js';
import { AuditAction, AuditActorKind } from './enums.js';

/**
 * The audit log as a person reads it (issue 15): who changed what, each change as
 * "field: before -> after", the actor and the entity named, never shown as JSON or ids.
 */

const auditDate = z.iso.date({ error: 'Invalid date' }).refine(isStorableIsoDate, 'Invalid date');
const anId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Invalid id');

/** `GET /audit-logs`: filters by entity, actor and day (UTC, both ends included). */
export const auditLogQuerySchema = paginationSchema.extend({
  entityId: anId.optional(),
  actorId: anId.optional(),
  entityType: z
    .string()
    .regex(/^[a-z_]{1,60}$/, 'The entity type is a lower-case kind such as contact or household')
    .optional(),
  from: auditDate.optional(),
  to: auditDate.optional(),
});
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

/** One field of a change, both sides as text; null where the field had no value. */
export const fieldChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type FieldChange = z.output<typeof fieldChangeSchema>;

/** A record a change or an actor names: its name, and the dashboard page that shows it, if any. */
export const namedRefSchema = z.object({
  id: z.string().nullable(),
  kind: z.string(),
  kindLabel: z.string(),
  name: z.string(),
  path: z.string().nullable(),
});
export type NamedRef = z.output<typeof namedRefSchema>;

export const auditLogEntrySchema = z.object({
  id: z.string(),
  occurredAt: z.string(),
  action: z.enum(AuditAction),
  actionLabel: z.string(),
  actorKind: z.enum(AuditActorKind),
  actor: namedRefSchema,
  entity: namedRefSchema,
  changes: z.array(fieldChangeSchema),
  // The stored row as it is, for programs (a page shows the fields above).
  actorId: z.string().nullable(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditLogEntry = z.output<typeof auditLogEntrySchema>;

export const auditLogPageSchema = z.object({
  items: z.array(auditLogEntrySchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type AuditLogPage = z.output<typeof auditLogPageSchema>;

/** Bookkeeping a person never edits: left out of a change's fields. */
const HIDDEN_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'organizationId',
  'createdAt',
  'updatedAt',
  'version',
  'searchText',
  'deletedAt',
]);

const camelWords = (name: string) => codeToWords(name.replace(/([a-z0-9])([A-Z])/g, '$1_$2'));

/** `primaryEmail` -> 'Primary email', `name.first` -> 'Name (first)'. */
export function fieldLabel(field: string): string {
  const [head = '', ...rest] = field.split('.');
  if (rest.length === 0) return camelWords(head);
  return `${camelWords(head)} (${rest.map((part) => camelWords(part).toLowerCase()).join(', ')})`;
}

/** References to other rows (`teamId`, `tagIds`) are ids, which a person cannot read: left out. */
const isReference = (field: string) => /(^|\.)[a-z][A-Za-z]*Ids?$/.test(field);

let labelsByValue: Map<string, string> | undefined;

/**
 * A snapshot does not say which enumeration a field holds: an upper-case value any enumeration
 * lists reads as that enumeration's label ('CLIENT' -> 'Client', 'SEO' -> 'SEO'); text a person
 * typed ('VIP') is kept as it is.
 */
function storedValueLabel(value: string): string | undefined {
  if (!/^[A-Z][A-Z0-9_]+$/.test(value)) return undefined;
  if (labelsByValue === undefined) {
    labelsByValue = new Map();
    for (const entry of Object.values(ENUMERATIONS as Record<string, EnumerationEntry>)) {
      for (const stored of entry.values) {
        const key = String(stored);
        if (!labelsByValue.has(key)) labelsByValue.set(key, entry.labels[key] ?? codeToWords(key));
      }
    }
  }
  return labelsByValue.get(value) ?? (value.includes('_') ? codeToWords(value) : undefined);
}

/** A stored value as text: enumeration codes as words, lists joined, yes/no for flags. */
export function valueText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return storedValueLabel(value) ?? value;
  if (Array.isArray(value)) {
    const items = value.map(itemText).filter((item): item is string => item !== null);
    return items.length === 0 ? null : items.join(', ');
  }
  return null;
}

/** An item of a list: a value, or a row named by its `name` (with its `role`, as a household's members). */
function itemText(item: unknown): string | null {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return valueText(item);
  const { name, role } = item as { name?: unknown; role?: unknown };
  if (typeof name !== 'string' || name === '') return null;
  const roleText = typeof role === 'string' ? valueText(role) : null;
  return roleText === null ? name : `${name} (${roleText})`;
}

/** Nested objects flattened to dotted fields (`name.first`), lists and scalars kept as they are. */
function flatten(value: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value)) {
    if (prefix !== '') into.set(prefix, value);
    return into;
  }
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (HIDDEN_FIELDS.has(key)) continue;
    flatten(inner, prefix === '' ? key : `${prefix}.${key}`, into);
  }
  return into;
}

/**
 * The fields that differ between two snapshots, in the order they appear: a created record lists
 * what it was given (before is null), a deleted one what it had (after is null).
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const was = flatten(before);
  const now = flatten(after);
  const fields = [...new Set([...was.keys(), ...now.keys()])];
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (isReference(field)) continue;
    const from = valueText(was.get(field));
    const to = valueText(now.get(field));
    if (from === to) continue;
    changes.push({ field, label: fieldLabel(field), before: from, after: to });
  }
  return changes;
}
