import type { ImportRecordKind } from '@meridian/domain';
import { contactWriter } from './contact-writer.js';
import { financialRecordWriter } from './financial-record-writer.js';
import { householdWriter } from './household-writer.js';
import type { ImportRecordWriter } from './import-writer.js';
import { noteWriter } from './note-writer.js';
import { personWriter } from './person-writer.js';
import { taskWriter } from './task-writer.js';

/** The writer of each kind the engine can import; a kind missing here cannot be dry-run or committed yet. */
const WRITERS: { [K in ImportRecordKind]?: ImportRecordWriter<K> } = {
  contacts: contactWriter,
  households: householdWriter,
  persons: personWriter,
  financialRecords: financialRecordWriter,
  tasks: taskWriter,
  notes: noteWriter,
};

export function importWriterFor<K extends ImportRecordKind>(kind: K): ImportRecordWriter<K> | undefined {
  return WRITERS[kind] as ImportRecordWriter<K> | undefined;
}

/** The kinds with a writer: their profiles are suggested and may be chosen. */
export function writableKinds(): ImportRecordKind[] {
  return Object.keys(WRITERS) as ImportRecordKind[];
}
