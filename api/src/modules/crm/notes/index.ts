export { NotesModule } from './notes.module.js';
export { NotesWriter, type NoteColumns, type NoteDraft } from './notes.writer.js';
