export { DocumentsTab } from './documents-tab';
export { downloadDocument } from './document-table';
