import {
  buildCustomProfile,
  headerExpectation,
  validationError,
  type AnyImportProfile,
  type CustomProfileInput,
} from '@meridian/domain';
import { builtInProfile } from '../profiles.js';
import { importWriterFor } from '../writers/registry.js';

/** What a folder row names: a built-in profile, or a saved custom profile (loaded with it). */
export interface FolderProfileSource {
  profileId: string | null;
  customProfile?: { id: string; definition: unknown } | null;
}

/**
 * The profile a folder reads its files with. A built-in profile must exist and be of a kind the
 * engine writes; so must a custom one (the folder imports without anybody to fix a mapping).
 */
export function folderProfile(folder: FolderProfileSource): AnyImportProfile {
  if (folder.customProfile) {
    const profile = buildCustomProfile(folder.customProfile.id, folder.customProfile.definition as CustomProfileInput);
    if (!importWriterFor(profile.kind))
      throw validationError([
        { path: 'customProfileId', message: `Records of kind ${profile.kind} cannot be imported yet` },
      ]);
    return profile;
  }
  if (folder.profileId) return builtInProfile(folder.profileId);
  throw validationError([{ path: 'profileId', message: 'Choose the profile the folder’s files are read with' }]);
}

/** The columns a file must have for the profile: each required field with the headers that may carry it. */
export function requiredColumns(profile: AnyImportProfile): { field: string; headers: string[] }[] {
  return headerExpectation(profile).required.map((group) => ({ field: group.field, headers: [...group.aliases] }));
}
