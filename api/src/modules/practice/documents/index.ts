export { DocumentsModule } from './documents.module.js';
export { DocumentsWriter, type DocumentDraft } from './documents.writer.js';
