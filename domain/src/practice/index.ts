// The practice area: tasks, workflows, notes, documents and meetings' practice rules.
export * from './tasks/index.js';
export * from './notes/index.js';
export * from './documents/index.js';
export * from './workflows/index.js';
export * from './notifications/index.js';
export * from './meetings/index.js';
export * from './comms/index.js';
