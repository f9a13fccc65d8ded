export { ImportsModule } from './imports.module.js';
export { ImportEngine } from './import-engine.js';
