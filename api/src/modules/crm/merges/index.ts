export { MergesModule } from './merges.module.js';
