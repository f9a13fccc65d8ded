import { Inject, Injectable, type Type } from '@nestjs/common';
import type { ImportRecordKind } from '@meridian/domain';
import { ContactImportWriter } from './contact-writer.js';
import { FinancialRecordImportWriter } from './financial-record-writer.js';
import { HouseholdImportWriter } from './household-writer.js';
import type { AnyImportRecordWriter, ImportRecordWriter } from './import-writer.js';
import { NoteImportWriter } from './note-writer.js';
import { PersonImportWriter } from './person-writer.js';
import { TaskImportWriter } from './task-writer.js';

/**
 * The writer of each kind the engine can import; a kind missing here cannot be dry-run or committed
 * yet. A new kind is one adapter file and one line here.
 */
const WRITERS: { [K in ImportRecordKind]?: Type<ImportRecordWriter<K>> } = {
  contacts: ContactImportWriter,
  households: HouseholdImportWriter,
  persons: PersonImportWriter,
  financialRecords: FinancialRecordImportWriter,
  tasks: TaskImportWriter,
  notes: NoteImportWriter,
};

/** Every adapter class, for the module to provide. */
export const IMPORT_WRITER_CLASSES = Object.values(WRITERS) as Type<AnyImportRecordWriter>[];

/** The adapter class of a kind: undefined when the kind cannot be imported yet. */
export function importWriterFor<K extends ImportRecordKind>(kind: K): Type<ImportRecordWriter<K>> | undefined {
  return WRITERS[kind] as Type<ImportRecordWriter<K>> | undefined;
}

/** The kinds with a writer: their profiles are suggested and may be chosen. */
export function writableKinds(): ImportRecordKind[] {
  return Object.keys(WRITERS) as ImportRecordKind[];
}

/** The adapters themselves, as Nest made them (with the module writers they call). */
@Injectable()
export class ImportWriters {
  private readonly byKind = new Map<ImportRecordKind, AnyImportRecordWriter>();

  constructor(
    @Inject(ContactImportWriter) contacts: ContactImportWriter,
    @Inject(HouseholdImportWriter) households: HouseholdImportWriter,
    @Inject(PersonImportWriter) persons: PersonImportWriter,
    @Inject(FinancialRecordImportWriter) financialRecords: FinancialRecordImportWriter,
    @Inject(TaskImportWriter) tasks: TaskImportWriter,
    @Inject(NoteImportWriter) notes: NoteImportWriter,
  ) {
    for (const writer of [contacts, households, persons, financialRecords, tasks, notes])
      this.byKind.set(writer.kind, writer);
  }

  of<K extends ImportRecordKind>(kind: K): ImportRecordWriter<K> | undefined {
    return this.byKind.get(kind) as ImportRecordWriter<K> | undefined;
  }
}
