import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { AppConfig } from '../../common/config/config.js';

/**
 * Where files live, by key (`files/<organization>/...`, `vault/<organization>/...`). Keys are made by
 * the files service, never taken from a caller as they are; the store only keeps bytes.
 */
export interface FileStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** True when a file was removed. */
  delete(key: string): Promise<boolean>;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** Keys are ours, but a key is still checked to stay inside the folder (no `..`, no absolute path). */
export class LocalDiskStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`File key escapes the storage folder: ${key}`);
    return path;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Written aside then renamed, so a reader never sees half a file.
    const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, path);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.get(key)) !== null;
  }

  async delete(key: string): Promise<boolean> {
    const existed = await this.exists(key);
    await rm(this.pathOf(key), { force: true });
    return existed;
  }
}

type S3Sdk = typeof import('@aws-sdk/client-s3');

/**
 * Any S3-compatible store (AWS, MinIO, R2...): the bucket holds the same keys as the local folder.
 * The SDK is loaded on first use, so a process that keeps files on disk never loads it.
 */
export class S3Storage implements FileStorage {
  private sdk?: Promise<{ sdk: S3Sdk; client: S3Client }>;

  constructor(
    private readonly clientConfig: S3ClientConfig,
    private readonly bucket: string,
  ) {}

  private connect(): Promise<{ sdk: S3Sdk; client: S3Client }> {
    this.sdk ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: new sdk.S3Client(this.clientConfig) }));
    return this.sdk;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const { sdk, client } = await this.connect();
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      const { sdk, client } = await this.connect();
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<boolean> {
    const existed = await this.exists(key);
    if (existed) {
      const { sdk, client } = await this.connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    }
    return existed;
  }
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

/** S3 when a bucket is configured, the local folder otherwise. */
export function createFileStorage(
  config: Pick<
    AppConfig,
    | 'FILE_STORAGE_DIR'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ENDPOINT'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE'
  >,
): FileStorage {
  if (!config.S3_BUCKET) return new LocalDiskStorage(config.FILE_STORAGE_DIR);
  return new S3Storage(
    {
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
      ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } }
        : {}),
    },
    config.S3_BUCKET,
  );
}
