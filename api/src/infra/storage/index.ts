export { FILE_STORAGE, LocalDiskStorage, S3Storage, createFileStorage, type FileStorage } from './file-storage.js';
export { FileUrlSigner, type SignedMethod } from './signed-urls.js';
export { VaultCipher } from './vault-cipher.js';
export { StorageModule } from './storage.module.js';
