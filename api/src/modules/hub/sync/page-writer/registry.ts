import type { NormalizedRecord, RecordKind } from '@meridian/connectors';
import { financialAccountWriter } from './financial-accounts.js';
import { meetingWriter } from './meetings.js';
import type { RecordKindWriter, RecordOf } from './record-kind-writer.js';
import { recurringStreamWriter } from './recurring-streams.js';
import { transactionWriter } from './transactions.js';

/**
 * The writer of each kind a connector may send; a kind missing here fails the type check. The
 * order is the order a page writes them in (an object keeps its keys' order): a record's references
 * before it, so accounts before the transactions and streams that belong to them.
 */
const WRITERS: { [K in RecordKind]: RecordKindWriter<K> } = {
  'financial-account': financialAccountWriter,
  transaction: transactionWriter,
  'recurring-stream': recurringStreamWriter,
  meeting: meetingWriter,
};

/** Every kind, in write order. */
export const RECORD_KINDS = Object.keys(WRITERS) as RecordKind[];

export function recordKindWriter<K extends RecordKind>(kind: K): RecordKindWriter<K> {
  return WRITERS[kind];
}

/** The records of one kind among a page's. */
export function recordsOf<K extends RecordKind>(kind: K, records: readonly NormalizedRecord[]): RecordOf<K>[] {
  return records.filter((record): record is RecordOf<K> => record.kind === kind);
}
