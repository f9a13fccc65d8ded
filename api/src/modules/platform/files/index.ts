export { FilesModule, FilesCoreModule } from './files.module.js';
export { FilesService } from './files.service.js';
