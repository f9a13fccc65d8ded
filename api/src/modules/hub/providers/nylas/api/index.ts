export { NylasApiModule } from './nylas-api.module.js';
export { NYLAS_STATE_TTL_MS } from './nylas-state.js';
export { CalendarWriteBackModule } from './calendar-write-back.module.js';
export { CalendarWriteBack, CalendarWriteBackRefused, type CalendarWriteBackOutcome } from './calendar-write-back.js';
