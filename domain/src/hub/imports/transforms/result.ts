/** A transform's answer: the value, or the message explaining why the text cannot be used. */
export type TransformResult<T> = { ok: true; value: T } | { ok: false; message: string };

export function ok<T>(value: T): TransformResult<T> {
  return { ok: true, value };
}

export function fail<T = never>(message: string): TransformResult<T> {
  return { ok: false, message };
}

/** Import-only messages (ours: the spec has no wording for file values). */
export const ImportMessage = {
  dateInvalid: 'Please enter a valid date',
  dateAmbiguous: 'Ambiguous date: day and month could be either way round; set the date order of the profile',
  amountInvalid: 'Please enter a valid amount',
  currencyInvalid: 'Please enter a valid currency',
  booleanInvalid: 'Please enter yes or no',
  accountTypeInvalid: 'Please select a valid account type',
  valueNotInList: 'Please select a valid value',
  sourceIdRequired: 'Source id is required',
  duplicateSourceId: 'Source id appears more than once in the file',
  noteBodyRequired: 'Note text is required',
  ownerNameRequired: 'Owner name is required',
  /** A row the source marks deleted (`IsDeleted`): skipped and reported, never written. */
  deletedAtSource: 'Deleted at the source: not imported',
  /** Warnings of a row imported without an optional part (issue 14), each followed by the reason. */
  addressDropped: 'Address not imported',
  emailDropped: 'E-mail not imported',
  phoneDropped: 'Phone not imported',
  customFieldDropped: 'Custom field not imported',
  contactTypeDropped: 'Contact type not recognised: the import’s contact type applies',
  /** A cell whose text was UTF-8 read twice (`JosÃ©`), imported repaired. */
  textRepaired: 'Text repaired: it had been read in the wrong encoding',
  extensionWithoutPhone: 'Phone extension not imported: the row has no phone number for it',
} as const;

// Imports fold values with the shared folding (also how an address names its region or country).
export { foldValue } from '../../../shared/format/words.js';
