export { ReferenceModule } from './reference.module.js';
