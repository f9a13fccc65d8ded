import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: unguessable, and short enough to sit in a link. */
export function newInvitationCode(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the code: a leaked table gives no usable link. */
export function hashInvitationCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}
