import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import {
  canBeyond,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_UPLOAD_FOLDER,
  DocumentFileMessage,
  documentFileTypeOf,
  documentSizeProblem,
  DomainError,
  enumLabel,
  ErrorCode,
  FileMessage,
  PERMISSION_CONDITIONS,
  permissionRefusal,
  uploadTypeOf,
  type FileDeleteRequest,
  type UploadedFile,
  type UploadRequest,
  type UploadTicket,
} from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { currentOrganizationId, type AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { FILE_STORAGE, type FileStorage } from '../../../infra/storage/file-storage.js';
import { FileUrlSigner } from '../../../infra/storage/signed-urls.js';
import { VaultCipher } from '../../../infra/storage/vault-cipher.js';

// Under the global `api` prefix (bootstrap.ts).
const UPLOAD_ROUTE = '/api/upload';
const FILE_ROUTE = '/api/file';
/** How long a read address handed to the dashboard stays valid (an hour: a page left open keeps its images). */
const READ_TTL_SECONDS = 3600;

/**
 * Files of an organization. Keys are `<files|vault>/<organization id>/<upload id>/<name>`: the
 * organization is part of the key, so a signed link never reaches another organization's file
 * and a caller can only name (for delete or a logo) files under its own organization.
 */
@Injectable()
export class FilesService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(FileUrlSigner) private readonly signer: FileUrlSigner,
    @Inject(VaultCipher) private readonly vault: VaultCipher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  requestUpload(
    caller: AuthenticatedCaller,
    { fileName, useVault, purpose, fileSize }: UploadRequest,
    now = new Date(),
  ): UploadTicket {
    // The route's declared condition (OUTSIDE_VAULT): a vault file needs its `beyond` permission.
    if (useVault && !canBeyond(caller, 'OUTSIDE_VAULT')) {
      const { beyond } = PERMISSION_CONDITIONS.OUTSIDE_VAULT;
      throw new DomainError(ErrorCode.FORBIDDEN, permissionRefusal(beyond, enumLabel('UserRole', caller.role)));
    }
    const document = purpose === 'DOCUMENT';
    // A document is refused here, before anything is sent, for a type or a declared size the firm
    // does not keep; its path says it is one, so the upload applies the same limits.
    const type = document ? documentFileTypeOf(fileName) : uploadTypeOf(fileName);
    if ('refusal' in type) throw new DomainError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, type.refusal);
    const maxBytes = this.maxBytesOf(document);
    if (fileSize !== undefined && fileSize > maxBytes) {
      const message = document ? documentSizeProblem(fileSize, maxBytes)! : FileMessage.tooLarge(maxBytes);
      throw new DomainError(ErrorCode.PAYLOAD_TOO_LARGE, message);
    }
    const area = useVault ? 'vault' : 'files';
    const uploadId = randomBytes(12).toString('base64url');
    const folder = document ? `${DOCUMENT_UPLOAD_FOLDER}/` : '';
    const filePath = `${area}/${currentOrganizationId()}/${folder}${uploadId}/${safeName(fileName)}`;
    const expiresAt = new Date(now.getTime() + this.config.FILE_URL_TTL_SECONDS * 1000);
    return {
      uploadUrl: this.signer.url(UPLOAD_ROUTE, 'PUT', filePath, expiresAt),
      filePath,
      contentType: type.contentType,
      maxBytes,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** The largest upload: the file store's limit, and a document's when lower. */
  private maxBytesOf(document: boolean): number {
    return document ? Math.min(this.config.FILE_MAX_BYTES, DOCUMENT_MAX_BYTES) : this.config.FILE_MAX_BYTES;
  }

  /** Whether a path is a document's upload (`<area>/<org>/documents/<id>/<name>`). */
  isDocumentPath(path: string): boolean {
    const parts = path.split('/');
    return parts.length === 5 && parts[2] === DOCUMENT_UPLOAD_FOLDER;
  }

  /** The signed PUT: checks the link, the type and the size, then keeps the bytes (sealed for the vault). */
  async receiveUpload(
    query: { path: string; expires: number; signature: string },
    contentType: string | undefined,
    declaredLength: number | null,
    body: Readable,
  ): Promise<UploadedFile> {
    this.signer.verify('PUT', query.path, query.expires, query.signature);
    const document = this.isDocumentPath(query.path);
    const type = document ? documentFileTypeOf(query.path) : uploadTypeOf(query.path);
    if ('refusal' in type) throw new DomainError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, type.refusal);
    if ((contentType ?? '').split(';')[0]!.trim().toLowerCase() !== type.contentType) {
      throw new DomainError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, FileMessage.contentTypeMismatch(type.contentType));
    }
    const maxBytes = this.maxBytesOf(document);
    const tooLarge = document ? DocumentFileMessage.tooLarge(maxBytes) : FileMessage.tooLarge(maxBytes);
    if (declaredLength !== null && declaredLength > maxBytes) {
      throw new DomainError(ErrorCode.PAYLOAD_TOO_LARGE, tooLarge);
    }
    const bytes = await readAtMost(body, maxBytes);
    if (bytes === null) throw new DomainError(ErrorCode.PAYLOAD_TOO_LARGE, tooLarge);
    if (bytes.length === 0) throw new DomainError(ErrorCode.VALIDATION_ERROR, FileMessage.empty);
    if (await this.storage.exists(query.path)) throw new DomainError(ErrorCode.CONFLICT, FileMessage.alreadyUploaded);
    await this.write(query.path, bytes, type.contentType);
    return {
      filePath: query.path,
      fileSize: bytes.length,
      contentType: type.contentType,
      url: this.readUrl(query.path),
    };
  }

  /** The signed GET: the file's bytes and type, or 404 when it is gone. */
  async download(query: { path: string; expires: number; signature: string }) {
    this.signer.verify('GET', query.path, query.expires, query.signature);
    const bytes = await this.read(query.path);
    if (!bytes) throw new DomainError(ErrorCode.NOT_FOUND, FileMessage.fileNotFound);
    const type = uploadTypeOf(query.path);
    return { bytes, contentType: 'contentType' in type ? type.contentType : 'application/octet-stream' };
  }

  async delete({ fileName, useVault }: FileDeleteRequest): Promise<{ deleted: boolean }> {
    const key = this.ownKey(fileName, useVault);
    if (!(await this.storage.delete(key))) throw new DomainError(ErrorCode.NOT_FOUND, FileMessage.fileNotFound);
    return { deleted: true };
  }

  /**
   * `filePath` as the caller gave it, checked to be a file of the caller's organization (in the
   * vault or not, as asked); another organization's path answers 404 like a missing one.
   */
  ownKey(filePath: string, useVault = false): string {
    const prefix = `${useVault ? 'vault' : 'files'}/${currentOrganizationId()}/`;
    const rest = filePath.startsWith(prefix) ? filePath.slice(prefix.length) : '';
    if (!rest || rest.split('/').some((part) => !SAFE_PART.test(part) || /^\.+$/.test(part))) {
      throw new DomainError(ErrorCode.NOT_FOUND, FileMessage.fileNotFound);
    }
    return filePath;
  }

  /**
   * Whether `filePath` is an uploaded file of the caller's organization (in the vault or not, as
   * its path says): false for another organization's path, a path of no upload, or a deleted file.
   */
  async isOwnFile(filePath: string): Promise<boolean> {
    let key: string;
    try {
      key = this.ownKey(filePath, filePath.startsWith('vault/'));
    } catch {
      return false;
    }
    return this.storage.exists(key);
  }

  /** A signed, expiring address that reads the file (what the dashboard puts in an <img>). */
  readUrl(key: string, now = new Date()): string {
    return this.signer.url(FILE_ROUTE, 'GET', key, this.readExpiry(now));
  }

  /** When a read address made `now` stops working. */
  readExpiry(now = new Date()): Date {
    return new Date(now.getTime() + READ_TTL_SECONDS * 1000);
  }

  async read(key: string): Promise<Buffer | null> {
    const stored = await this.storage.get(key);
    if (!stored) return null;
    return isVaultKey(key) ? this.vault.open(key, stored) : stored;
  }

  async write(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.storage.put(key, isVaultKey(key) ? this.vault.seal(key, bytes) : bytes, contentType);
  }

  async remove(key: string): Promise<void> {
    await this.storage.delete(key);
  }
}

/** A part of a key we make: letters, digits, dot, dash, underscore (what safeName and base64url give). */
const SAFE_PART = /^[A-Za-z0-9._-]+$/;

function isVaultKey(key: string): boolean {
  return key.startsWith('vault/');
}

/** The name as the user gave it, reduced to letters, digits, dot, dash and underscore. */
function safeName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+/, '');
  return cleaned || 'file';
}

/** The whole body, or null once it passes `maxBytes` (the rest is drained so the answer can be sent). */
async function readAtMost(body: Readable, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
  }
  return size > maxBytes ? null : Buffer.concat(chunks);
}
