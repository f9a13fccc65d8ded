export * from './errors.js';
export * from './types.js';
export { readImportFile, listArchiveFiles, HEADER_SCAN_ROWS } from './read-import-file.js';
export { sniffDelimiter } from './delimiter.js';
export { detectEncoding } from './encoding.js';
export { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip-guard.js';
