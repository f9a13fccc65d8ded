import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DomainError, ErrorCode } from '@meridian/domain';
import type { AppConfig } from '../../common/config/config.js';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts vault files at rest with the credentials keys (AES-256-GCM), as CredentialVault does
 * for connection credentials. Layout: version, key id length, key id, IV, tag, ciphertext; the file
 * key is bound in as associated data, so a sealed file copied under another key does not open.
 */
export class VaultCipher {
  private readonly keys: Map<string, Buffer>;
  private readonly activeKeyId: string;

  constructor(config: Pick<AppConfig, 'CREDENTIALS_KEYS' | 'CREDENTIALS_ACTIVE_KEY_ID'>) {
    this.keys = new Map(config.CREDENTIALS_KEYS.map(({ id, key }) => [id, key]));
    this.activeKeyId = config.CREDENTIALS_ACTIVE_KEY_ID;
  }

  seal(fileKey: string, bytes: Buffer): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.activeKeyId)!, iv);
    cipher.setAAD(Buffer.from(`meridian-vault:v${VERSION}:${fileKey}`, 'utf8'));
    const body = Buffer.concat([cipher.update(bytes), cipher.final()]);
    const keyId = Buffer.from(this.activeKeyId, 'utf8');
    return Buffer.concat([Buffer.of(VERSION, keyId.length), keyId, iv, cipher.getAuthTag(), body]);
  }

  open(fileKey: string, sealed: Buffer): Buffer {
    if (sealed.length < 2 || sealed[0] !== VERSION) throw unreadable();
    const keyIdEnd = 2 + sealed[1]!;
    const key = this.keys.get(sealed.subarray(2, keyIdEnd).toString('utf8'));
    if (!key || sealed.length < keyIdEnd + IV_BYTES + TAG_BYTES) throw unreadable();
    const iv = sealed.subarray(keyIdEnd, keyIdEnd + IV_BYTES);
    const tag = sealed.subarray(keyIdEnd + IV_BYTES, keyIdEnd + IV_BYTES + TAG_BYTES);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(`meridian-vault:v${VERSION}:${fileKey}`, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed.subarray(keyIdEnd + IV_BYTES + TAG_BYTES)), decipher.final()]);
    } catch {
      throw unreadable();
    }
  }
}

function unreadable(): DomainError {
  return new DomainError(ErrorCode.CREDENTIALS_UNREADABLE, 'The vault file cannot be decrypted');
}
