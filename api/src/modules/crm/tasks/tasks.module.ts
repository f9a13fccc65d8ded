import { Module } from '@nestjs/common';
import { TasksWriter } from './tasks.writer.js';

/** Tasks (crm §6): their writer now, shared by imports; the task routes come with the next step. */
@Module({ providers: [TasksWriter], exports: [TasksWriter] })
export class TasksModule {}
