import {
  buildCustomProfile,
  createRowMapper,
  findImportProfile,
  IMPORT_PROFILES,
  normalizeHeader,
  profilesForSource,
  validationError,
  type AnyImportProfile,
  type CustomProfileInput,
  type ExternalSourceSystem,
  type ImportRecordKind,
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

/**
 * The profile to suggest for a file: among the system's profiles when `source` is given, else among
 * all; the one whose aliases match the most headers, if it matches at least its minimum. Null means
 * a generic import: the user maps the columns.
 */
export function suggestProfile(headers: readonly string[], source?: ExternalSourceSystem): AnyImportProfile | null {
  const candidates = (source ? profilesForSource(source) : IMPORT_PROFILES).filter((profile) =>
    isWritableKind(profile.kind),
  );
  let best: AnyImportProfile | null = null;
  let bestScore = 0;
  for (const profile of candidates) {
    const matched = score(profile, headers);
    if (matched >= profile.minHeaderMatches && matched > bestScore) {
      best = profile;
      bestScore = matched;
    }
  }
  return best;
}

export interface BatchProfileSource {
  id: string;
  source: ExternalSourceSystem;
  kind: string;
  profileId: string | null;
  mapping: unknown;
  /** The saved custom profile the batch uses, loaded with it. */
  customProfile?: { id: string; definition: unknown } | null;
}

interface StoredMapping {
  /** Absent in mappings stored before other kinds could be imported: those are contacts. */
  kind?: ImportRecordKind;
  mapping: Record<string, string | null>;
  sourceIdHeader: string | null;
}

/** The profile a batch reads its file with: its own mapping when the user set one, else the built-in profile. */
export function profileOfBatch(batch: BatchProfileSource): AnyImportProfile | null {
  if (batch.customProfile)
    return buildCustomProfile(batch.customProfile.id, batch.customProfile.definition as CustomProfileInput);
  if (batch.mapping) {
    const stored = batch.mapping as StoredMapping;
    return buildCustomProfile(`batch-${batch.id}`, {
      name: 'Custom mapping',
      kind: stored.kind ?? 'contacts',
      source: batch.source,
      mapping: stored.mapping,
      sourceIdHeader: stored.sourceIdHeader,
    });
  }
  if (batch.profileId) return findImportProfile(batch.profileId) ?? null;
  return null;
}

/** Header -> field of a profile bound to a file's headers, and the headers nothing reads. */
export function describeMapping(profile: AnyImportProfile | null, headers: readonly string[]) {
  if (!profile) return { mapping: {}, unmappedHeaders: [...headers] };
  const mapper = createRowMapper(profile, headers);
  const mapping: Record<string, string> = {};
  for (const binding of mapper.bindings) mapping[binding.header] = binding.column.field;
  return { mapping, unmappedHeaders: [...mapper.unmappedHeaders] };
}

/** A built-in profile by id, refused unless the engine can write its kind. */
export function builtInProfile(profileId: string): AnyImportProfile {
  const profile = findImportProfile(profileId);
  if (!profile || !isWritableKind(profile.kind))
    throw validationError([{ path: 'profileId', message: 'Unknown import profile' }]);
  return profile;
}
