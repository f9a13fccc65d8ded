export { NotificationsModule, NotificationsCoreModule } from './notifications.module.js';
export { NotificationsService, type Notice } from './notifications.service.js';
export { TaskDigestService } from './task-digest.service.js';
