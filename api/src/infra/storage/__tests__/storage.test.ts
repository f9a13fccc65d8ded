import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStorage, LocalDiskStorage, S3Storage, type FileStorage } from '../file-storage.js';
import { FileUrlSigner } from '../signed-urls.js';
import { VaultCipher } from '../vault-cipher.js';

const S3_OFF = {
  S3_BUCKET: undefined,
  S3_REGION: 'us-east-1',
  S3_ENDPOINT: undefined,
  S3_ACCESS_KEY_ID: undefined,
  S3_SECRET_ACCESS_KEY: undefined,
  S3_FORCE_PATH_STYLE: false,
};

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'meridian-storage-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('file storage', () => {
  it('keeps files in the local folder unless a bucket is configured', () => {
    expect(createFileStorage({ FILE_STORAGE_DIR: root, ...S3_OFF })).toBeInstanceOf(LocalDiskStorage);
    // Only constructed here: no S3 store runs in the tests.
    const s3 = createFileStorage({
      FILE_STORAGE_DIR: root,
      ...S3_OFF,
      S3_BUCKET: 'meridian-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(s3).toBeInstanceOf(S3Storage);
  });

  it('stores, reads and deletes by key, and refuses a key that leaves its folder', async () => {
    const storage: FileStorage = new LocalDiskStorage(root);
    await storage.put('files/org/a/one.txt', Buffer.from('hello'), 'text/plain');
    expect((await storage.get('files/org/a/one.txt'))?.toString()).toBe('hello');
    expect(await storage.delete('files/org/a/one.txt')).toBe(true);
    expect(await storage.get('files/org/a/one.txt')).toBeNull();
    expect(await storage.delete('files/org/a/one.txt')).toBe(false);
    await expect(storage.get('../outside.txt')).rejects.toThrow(/escapes the storage folder/);
  });
});

describe('VaultCipher', () => {
  const config = (active: string) => ({
    CREDENTIALS_KEYS: [
      { id: 'k1', key: Buffer.alloc(32, 1) },
      { id: 'k2', key: Buffer.alloc(32, 2) },
    ],
    CREDENTIALS_ACTIVE_KEY_ID: active,
  });

  it('opens what it sealed (also after the active key changes), and not under another file key', () => {
    const sealed = new VaultCipher(config('k1')).seal('vault/org/x/passport.pdf', Buffer.from('secret passport'));
    expect(sealed.includes(Buffer.from('secret'))).toBe(false);
    expect(new VaultCipher(config('k2')).open('vault/org/x/passport.pdf', sealed).toString()).toBe('secret passport');
    expect(() => new VaultCipher(config('k1')).open('vault/org/y/passport.pdf', sealed)).toThrow(
      'The vault file cannot be decrypted',
    );
  });
});

describe('FileUrlSigner', () => {
  const signer = new FileUrlSigner({ AUTH_TOKEN_SECRET: 'x'.repeat(40) });
  const now = new Date('2026-05-01T12:00:00Z');
  const later = new Date('2026-05-01T12:15:00Z');

  it('accepts its own signature until expiry, for the method it was made for', () => {
    const { expires, signature } = signer.sign('GET', 'files/org/a/logo.png', later);
    expect(() => signer.verify('GET', 'files/org/a/logo.png', expires, signature, now)).not.toThrow();
    expect(() => signer.verify('PUT', 'files/org/a/logo.png', expires, signature, now)).toThrow(
      'This link is not valid',
    );
    expect(() => signer.verify('GET', 'files/org/a/logo.png', expires + 60, signature, now)).toThrow(
      'This link is not valid',
    );
    expect(() => signer.verify('GET', 'files/org/a/logo.png', expires, signature, later)).toThrow(
      'This link has expired; ask for a new one',
    );
    expect(() =>
      new FileUrlSigner({ AUTH_TOKEN_SECRET: 'y'.repeat(40) }).verify(
        'GET',
        'files/org/a/logo.png',
        expires,
        signature,
        now,
      ),
    ).toThrow('This link is not valid');
  });
});
