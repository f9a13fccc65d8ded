import { Module } from '@nestjs/common';
import { OutboxRepository } from './outbox.repository.js';
import { OutboxService } from './outbox.service.js';

@Module({ providers: [OutboxService, OutboxRepository], exports: [OutboxService, OutboxRepository] })
export class EmailModule {}
