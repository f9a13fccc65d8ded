export { NotesTab, NoteContent } from './notes-tab';
export { plainNoteText } from './mention-text';
