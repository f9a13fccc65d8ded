export { EmailModule } from './email.module.js';
export { OutboxService } from './outbox.service.js';
export { OutboxRepository } from './outbox.repository.js';
