export { TimelinesModule } from './timelines.module.js';
