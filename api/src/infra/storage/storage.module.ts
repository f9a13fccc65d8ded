import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { createFileStorage, FILE_STORAGE } from './file-storage.js';
import { FileUrlSigner } from './signed-urls.js';
import { VaultCipher } from './vault-cipher.js';

/** The file store (local folder or S3), the URL signer and the vault cipher, for the API and the worker. */
@Module({
  providers: [
    { provide: FILE_STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createFileStorage(config) },
    { provide: FileUrlSigner, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new FileUrlSigner(config) },
    { provide: VaultCipher, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new VaultCipher(config) },
  ],
  exports: [FILE_STORAGE, FileUrlSigner, VaultCipher],
})
export class StorageModule {}
