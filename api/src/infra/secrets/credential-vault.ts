import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';

/** What the database keeps for a connection's credentials: the sealed bytes and the key that sealed them. */
export interface SealedCredentials {
  ciphertext: Uint8Array<ArrayBuffer>;
  keyId: string;
}

/** Layout of `ciphertext`: version byte, 12-byte IV, 16-byte GCM tag, then the encrypted JSON. */
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts connection credentials (provider tokens, keys) at rest with AES-256-GCM. Every sealed
 * value names its key id, so keys rotate: add a new key to CREDENTIALS_KEYS, make it active, and
 * values sealed under the old key still open until they are sealed again (`needsResealing`).
 * The key id and the connection id are bound in as associated data, so a sealed value copied to
 * another connection or relabelled with another key does not open.
 */
@Injectable()
export class CredentialVault {
  private readonly keys: Map<string, Buffer>;
  private readonly activeKeyId: string;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'CREDENTIALS_KEYS' | 'CREDENTIALS_ACTIVE_KEY_ID'>) {
    this.keys = new Map(config.CREDENTIALS_KEYS.map(({ id, key }) => [id, key]));
    this.activeKeyId = config.CREDENTIALS_ACTIVE_KEY_ID;
  }

  seal(connectionId: string, credentials: unknown): SealedCredentials {
    const key = this.keys.get(this.activeKeyId)!;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(associatedData(connectionId, this.activeKeyId));
    const body = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
    const sealed = Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), body]);
    return { ciphertext: new Uint8Array(sealed), keyId: this.activeKeyId };
  }

  open<T = unknown>(connectionId: string, sealed: SealedCredentials): T {
    const key = this.keys.get(sealed.keyId);
    if (!key) {
      throw new DomainError(
        'CREDENTIALS_KEY_MISSING',
        `The connection's credentials were encrypted with key "${sealed.keyId}", which is not in CREDENTIALS_KEYS`,
      );
    }
    const bytes = Buffer.from(sealed.ciphertext);
    if (bytes.length < 1 + IV_BYTES + TAG_BYTES || bytes[0] !== VERSION) throw unreadable();
    const iv = bytes.subarray(1, 1 + IV_BYTES);
    const tag = bytes.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    const body = bytes.subarray(1 + IV_BYTES + TAG_BYTES);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(associatedData(connectionId, sealed.keyId));
      decipher.setAuthTag(tag);
      const json = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      return JSON.parse(json) as T;
    } catch {
      throw unreadable();
    }
  }

  /** True when the value was sealed under a key other than the active one (re-seal it to rotate). */
  needsResealing(sealed: SealedCredentials): boolean {
    return sealed.keyId !== this.activeKeyId;
  }
}

function associatedData(connectionId: string, keyId: string): Buffer {
  return Buffer.from(`meridian-credentials:v${VERSION}:${connectionId}:${keyId}`, 'utf8');
}

function unreadable(): DomainError {
  return new DomainError('CREDENTIALS_UNREADABLE', "The connection's credentials cannot be decrypted");
}
