export { startWorker, type RunningWorker } from './worker-app.js';
export { WorkerHost } from './worker-host.js';
export { buildJobRegistry, JobRegistryError, type JobHandler, type JobContext } from './job-registry.js';
