import { mkdir, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { getNextMillis } from 'bullmq';
import { validationError } from '@meridian/domain';

/** Folders a scan keeps its own files in, inside each drop folder; never scanned themselves. */
export const PROCESSED_DIR = 'processed';
export const FAILED_DIR = 'failed';
export const WORKING_DIR = '.meridian-working';

/** Drop folders are evaluated in UTC, whatever the server's zone. */
export const DROP_FOLDER_TIMEZONE = 'UTC';

/** The part of the drop root an organization's folders must lie in. */
export function organizationDropRoot(dropRoot: string, organizationId: string): string {
  return join(resolve(dropRoot), organizationId);
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Whether `path` is `other` or lies under it (or the reverse): two such folders would see each other's files. */
export function nested(path: string, other: string): boolean {
  return inside(path, other) || inside(other, path);
}

function refusePath(message: string) {
  return validationError([{ path: 'path', message }]);
}

/**
 * A folder path a tenant gave, normalised, or a 400: absolute, inside the organization's drop
 * root, and not through one of a scan's own folders. Nothing is touched on disk.
 */
export function normalizedDropFolderPath(dropRoot: string, organizationId: string, input: string): string {
  if (!isAbsolute(input)) throw refusePath('The path must be absolute');
  const root = organizationDropRoot(dropRoot, organizationId);
  const path = resolve(input);
  if (!inside(root, path)) throw refusePath(`The path must be inside ${root}`);
  const segments = relative(root, path).split(sep);
  if (segments.some((segment) => [PROCESSED_DIR, FAILED_DIR, WORKING_DIR].includes(segment)))
    throw refusePath(`The path may not go through a ${PROCESSED_DIR}, ${FAILED_DIR} or ${WORKING_DIR} folder`);
  return path;
}

/** The deepest part of `path` that exists, followed through symbolic links. */
async function realExistingPart(path: string): Promise<string> {
  for (let current = path; ; current = dirname(current)) {
    try {
      return await realpath(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(current) === current) throw error;
    }
  }
}

/**
 * Creates the folder when missing, after making sure no symbolic link on the way leads out of the
 * organization's drop root (to /etc, or to another organization's drops): checked before creating
 * anything, and again on the folder itself.
 */
export async function ensureDropFolder(dropRoot: string, organizationId: string, path: string): Promise<void> {
  const root = organizationDropRoot(dropRoot, organizationId);
  await mkdir(root, { recursive: true });
  const realRoot = await realpath(root);
  if (!inside(realRoot, await realExistingPart(path))) throw refusePath(`The path must be inside ${root}`);
  await mkdir(path, { recursive: true });
  if (!inside(realRoot, await realpath(path))) throw refusePath(`The path must be inside ${root}`);
}

/** Refuses a cron expression BullMQ's parser cannot schedule (400 naming `cron`). */
export function checkCron(cron: string): void {
  let next: number | undefined;
  try {
    next = getNextMillis(Date.now(), { pattern: cron, tz: DROP_FOLDER_TIMEZONE });
  } catch (error) {
    throw validationError([
      { path: 'cron', message: `Invalid cron expression: ${error instanceof Error ? error.message : String(error)}` },
    ]);
  }
  if (next === undefined) throw validationError([{ path: 'cron', message: 'The cron expression never fires' }]);
}
