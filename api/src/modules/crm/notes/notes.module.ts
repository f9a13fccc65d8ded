import { Module } from '@nestjs/common';
import { NotesWriter } from './notes.writer.js';

/** Notes (crm §6): their writer now, shared by imports; the note routes come with the next step. */
@Module({ providers: [NotesWriter], exports: [NotesWriter] })
export class NotesModule {}
