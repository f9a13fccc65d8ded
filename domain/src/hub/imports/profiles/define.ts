import type { ExternalSourceSystem } from '../../connections/enums.js';
import {
  DEFAULT_PROFILE_OPTIONS,
  type ImportColumn,
  type ImportFieldOf,
  type ImportProfile,
  type ImportProfileOptions,
  type ImportRecordKind,
  type ProfileEvidence,
  type RefusedColumn,
  type RowLayout,
} from '../profile.js';

/** A column maker for one record kind: `(field, header spellings, options)`, the field checked against the kind. */
export function columnsOf<K extends ImportRecordKind>(_kind: K) {
  return (
    field: ImportFieldOf<K>,
    headers: readonly string[],
    extra: Omit<ImportColumn<K>, 'field' | 'headers'> = {},
  ): ImportColumn<K> => ({ field, headers, ...extra });
}

export function defineProfile<K extends ImportRecordKind>(definition: {
  id: string;
  name: string;
  source: ExternalSourceSystem;
  kind: K;
  evidence: ProfileEvidence;
  columns: readonly ImportColumn<K>[];
  refused?: readonly RefusedColumn[];
  options?: Partial<ImportProfileOptions>;
  rowLayout?: RowLayout;
  minHeaderMatches?: number;
}): ImportProfile<K> {
  return {
    ...definition,
    options: { ...DEFAULT_PROFILE_OPTIONS, ...definition.options },
    rowLayout: definition.rowLayout ?? 'plain',
    minHeaderMatches: definition.minHeaderMatches ?? 2,
  };
}
