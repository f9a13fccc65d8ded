export { CommsApiModule, CommsModule } from './comms.module.js';
export {
  EmailThreadsUpdate,
  EmailThreadsUpdateRefused,
  type EmailThreadsUpdateResult,
} from './email-threads-update.js';
