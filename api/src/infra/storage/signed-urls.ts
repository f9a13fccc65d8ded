import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError, ErrorCode, FileMessage } from '@meridian/domain';
import type { AppConfig } from '../../common/config/config.js';

export type SignedMethod = 'GET' | 'PUT';

/**
 * Signs file addresses: an HMAC over the method, the file key and the expiry, so a link opens one
 * file, for one use (read or upload), until it expires. The key is derived from the token secret,
 * so files need no secret of their own and a token can never pass as a file signature.
 */
export class FileUrlSigner {
  private readonly key: Buffer;

  constructor(config: Pick<AppConfig, 'AUTH_TOKEN_SECRET'>) {
    this.key = createHmac('sha256', config.AUTH_TOKEN_SECRET).update('meridian-file-urls:v1').digest();
  }

  sign(method: SignedMethod, path: string, expiresAt: Date): { path: string; expires: number; signature: string } {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    return { path, expires, signature: this.signatureOf(method, path, expires) };
  }

  /** `/api/<route>?path=...&expires=...&signature=...` */
  url(route: string, method: SignedMethod, path: string, expiresAt: Date): string {
    const signed = this.sign(method, path, expiresAt);
    const query = new URLSearchParams({ path, expires: String(signed.expires), signature: signed.signature });
    return `${route}?${query.toString()}`;
  }

  /** Throws 403 with the reason when the signature does not match, or when the link has expired. */
  verify(method: SignedMethod, path: string, expires: number, signature: string, now = new Date()): void {
    const expected = Buffer.from(this.signatureOf(method, path, expires));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new DomainError(ErrorCode.FORBIDDEN, FileMessage.linkInvalid);
    }
    if (expires * 1000 <= now.getTime()) throw new DomainError(ErrorCode.FORBIDDEN, FileMessage.linkExpired);
  }

  private signatureOf(method: SignedMethod, path: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${method}\n${path}\n${expires}`).digest('base64url');
  }
}
