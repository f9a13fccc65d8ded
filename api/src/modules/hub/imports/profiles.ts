import {
  accountColumns,
  buildCustomProfile,
  countKnownHeaders,
  createRowMapper,
  enumValueOf,
  findImportProfile,
  hasValueMap,
  headerExpectation,
  IMPORT_PROFILES,
  missingRequiredHeaders,
  normalizeHeader,
  profilesForSource,
  validationError,
  valueTargets,
  withValueMap,
  type AnyImportProfile,
  type ColumnSamples,
  type CustomProfileInput,
  type ExternalSourceSystem,
  type ImportBuiltInProfileView,
  type ImportRecordKind,
  type ImportValueMap,
} from '@meridian/domain';
import { importWriterFor } from './writers/registry.js';

function isWritableKind(kind: ImportRecordKind): boolean {
  return importWriterFor(kind) !== undefined;
}

function score(profile: AnyImportProfile, headers: readonly string[]): number {
  const folded = new Set(headers.map(normalizeHeader));
  const columns: readonly { headers: readonly string[] }[] = profile.columns;
  return columns.filter((column) => column.headers.some((header) => folded.has(normalizeHeader(header)))).length;
}

/** A profile's required columns (its source id) are all in the file. */
function isComplete(profile: AnyImportProfile, headers: readonly string[]): boolean {
  return missingRequiredHeaders(headers, headerExpectation(profile)).length === 0;
}

/**
 * The profile to suggest for a file, and how well it fits: among the system's profiles when
 * `source` is given, else among all; those matching at least their minimum of headers, a profile
 * whose required columns (its source id) are all there before one that lacks them, then the one
 * whose aliases match the most headers. The required columns only rank: a plain spreadsheet
 * without ids gets the plain-spreadsheet profile rather than a CRM's whose other headers it
 * shares, and with a named source, that source's profile all the same (issue 14).
 */
export function rankProfiles(
  headers: readonly string[],
  source?: ExternalSourceSystem,
): { profile: AnyImportProfile; complete: boolean; matched: number } | null {
  const candidates = (source ? profilesForSource(source) : IMPORT_PROFILES).filter((profile) =>
    isWritableKind(profile.kind),
  );
  let best: { profile: AnyImportProfile; complete: boolean; matched: number } | null = null;
  for (const profile of candidates) {
    const matched = score(profile, headers);
    if (matched < profile.minHeaderMatches) continue;
    const complete = isComplete(profile, headers);
    if (!best || (complete && !best.complete) || (complete === best.complete && matched > best.matched))
      best = { profile, complete, matched };
  }
  return best;
}

/** The suggested profile (see rankProfiles); null means a generic import: the user maps the columns. */
export function suggestProfile(headers: readonly string[], source?: ExternalSourceSystem): AnyImportProfile | null {
  return rankProfiles(headers, source)?.profile ?? null;
}

/** Names of the file a CRM gives its contacts in an export of several files (`Contact.csv`, `people-123.csv`). */
const CONTACTS_FILE_NAME = /contact|people|person|client|customer/i;

/**
 * How surely a CSV file of a zip archive is the one to import: a contacts file by name and by its
 * headers first, then a contacts file by headers, then any file a profile fits (the more headers
 * the better), then the name alone. Null when nothing speaks for it. With `profile` (a drop
 * folder's), the file whose headers that profile knows best.
 */
export function archiveEntryRank(source: ExternalSourceSystem | undefined, profile: AnyImportProfile | null) {
  return (name: string, headers: readonly string[]): number[] | null => {
    const base = name.split('/').pop() ?? name;
    const named = CONTACTS_FILE_NAME.test(base) ? 1 : 0;
    if (profile) {
      const known = countKnownHeaders(headers, headerExpectation(profile));
      return known >= profile.minHeaderMatches ? [known, named] : null;
    }
    const ranked = rankProfiles(headers, source);
    const contacts = ranked?.profile.kind === 'contacts' ? 1 : 0;
    if (!ranked && !named) return null;
    return [contacts * named, contacts, ranked?.matched ?? 0, named];
  };
}

export interface BatchProfileSource {
  id: string;
  source: ExternalSourceSystem;
  kind: string;
  profileId: string | null;
  mapping: unknown;
  headers: string[];
  /** The saved custom profile the batch uses, loaded with it. */
  customProfile?: { id: string; definition: unknown } | null;
}

/**
 * What a batch keeps of the user's choices in its `mapping` column: the header -> field mapping
 * when the user mapped the columns by hand (absent with a built-in or saved profile), and the value
 * map the user edited (issue 23), whatever the profile.
 */
export interface StoredMapping {
  /** Absent in mappings stored before other kinds could be imported: those are contacts. */
  kind?: ImportRecordKind;
  mapping?: Record<string, string | null>;
  sourceIdHeader?: string | null;
  values?: ImportValueMap;
}

/** The user's choices a batch keeps (see StoredMapping); null when none. */
export function storedMappingOf(batch: Pick<BatchProfileSource, 'mapping'>): StoredMapping | null {
  return batch.mapping && typeof batch.mapping === 'object' ? (batch.mapping as StoredMapping) : null;
}

/** The profile the batch's file is read with, before the user's value map. */
function baseProfileOf(batch: BatchProfileSource, stored: StoredMapping | null): AnyImportProfile | null {
  if (batch.customProfile)
    return buildCustomProfile(batch.customProfile.id, batch.customProfile.definition as CustomProfileInput);
  if (stored?.mapping) {
    return buildCustomProfile(`batch-${batch.id}`, {
      name: 'Custom mapping',
      kind: stored.kind ?? 'contacts',
      source: batch.source,
      mapping: stored.mapping,
      sourceIdHeader: stored.sourceIdHeader ?? null,
    });
  }
  if (batch.profileId) return findImportProfile(batch.profileId) ?? null;
  return null;
}

/**
 * The profile a batch reads its file with: its own mapping when the user set one, else the saved
 * or built-in profile; with the value map the user edited, if any.
 */
export function profileOfBatch(batch: BatchProfileSource): AnyImportProfile | null {
  const stored = storedMappingOf(batch);
  const profile = baseProfileOf(batch, stored);
  if (!profile || !stored?.values) return profile;
  return withValueMap(profile, batch.headers, stored.values);
}

/**
 * Header -> field of a profile bound to a file's headers, every header with what the import does
 * with it (mapped, kept on the note, refused as sensitive, not imported), and the headers nothing
 * reads, with a few of their values (read at upload) so the user sees what would stay behind. A
 * refused column's values are never shown.
 */
export function describeMapping(
  profile: AnyImportProfile | null,
  headers: readonly string[],
  samples: ColumnSamples | null = null,
) {
  const mapping: Record<string, string> = {};
  let accounts = accountColumns(null, headers, []);
  const boundColumns = new Map<
    string,
    { field: string; values?: Readonly<Record<string, string | null>> | undefined }
  >();
  if (profile) {
    const mapper = createRowMapper(profile, headers);
    for (const binding of mapper.bindings) {
      mapping[binding.header] = binding.column.field;
      boundColumns.set(binding.header, binding.column);
    }
    accounts = [...mapper.columns];
  }
  const refused = new Set(accounts.filter((column) => column.outcome === 'REFUSED').map((column) => column.header));
  const samplesOf = (header: string) => (refused.has(header) ? [] : (samples?.[header] ?? []));
  // The value map of a column of our types (or a category, a marital status), shown on the values
  // the file holds: sampled at upload, every distinct one after a dry run (see ImportEngine).
  const mapped = (header: string) => {
    const column = boundColumns.get(header);
    return column && profile && hasValueMap(profile.kind, column) ? column : null;
  };
  const valuesOf = (header: string) => {
    const column = mapped(header);
    if (!column) return null;
    return samplesOf(header).map((from) => {
      const to = enumValueOf(column, from);
      return { from, to: to ?? null, known: to !== undefined };
    });
  };
  const targetsOf = (header: string) => {
    const column = mapped(header);
    return column && profile ? valueTargets(profile.kind, column) : null;
  };
  const columns = accounts.map((column) => ({
    ...column,
    values: valuesOf(column.header),
    targets: targetsOf(column.header),
  }));
  const unmappedHeaders = columns.filter((column) => column.outcome === 'NOT_IMPORTED').map((column) => column.header);
  const unmappedColumns = unmappedHeaders.map((header) => ({ header, samples: samplesOf(header) }));
  return {
    mapping,
    columns,
    unmappedHeaders,
    unmappedColumns,
    samples: Object.fromEntries(headers.map((header) => [header, samplesOf(header)])),
  };
}

/** A built-in profile as the API lists it: read-only, with its columns. */
export function builtInProfileView(profile: AnyImportProfile): ImportBuiltInProfileView {
  const columns: readonly { field: string; headers: readonly string[]; required?: boolean; label?: string }[] =
    profile.columns;
  return {
    id: profile.id,
    name: profile.name,
    kind: profile.kind,
    source: profile.source,
    evidence: profile.evidence,
    builtIn: true,
    editable: false,
    columns: columns.map((column) => ({
      field: column.field,
      headers: [...column.headers],
      required: column.required ?? false,
      label: column.label ?? null,
    })),
  };
}

/** A built-in profile by id, refused unless the engine can write its kind. */
export function builtInProfile(profileId: string): AnyImportProfile {
  const profile = findImportProfile(profileId);
  if (!profile || !isWritableKind(profile.kind))
    throw validationError([{ path: 'profileId', message: 'Unknown import profile' }]);
  return profile;
}
