export { EmailModule } from './email.module.js';
export { OutboxService, type EmailAttachment, type OutgoingEmail } from './outbox.service.js';
export { OutboxRepository } from './outbox.repository.js';
