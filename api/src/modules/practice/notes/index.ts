export { NotesApiModule, NotesModule } from './notes.module.js';
export { NotesService } from './notes.service.js';
export { NotesWriter, noteOwner, type NoteColumns, type NoteDraft } from './notes.writer.js';
