// The package's one public face: the other workspaces import only from '@meridian/domain'.
export * from './shared/index.js';
export * from './platform/index.js';
export * from './crm/index.js';
export * from './financials/index.js';
export * from './hub/index.js';
export * from './practice/index.js';
export * from './sales/index.js';
export * from './planning/index.js';
export * from './catalogue.js';
