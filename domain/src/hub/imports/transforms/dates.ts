import { fail, ImportMessage, ok, type TransformResult } from './result.js';

/** How a profile reads `01/02/2024`: month first (North American default) or day first. */
export type DateOrder = 'MDY' | 'DMY';

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1,
  january: 1,
  janv: 1,
  janvier: 1,
  feb: 2,
  february: 2,
  fev: 2,
  fevr: 2,
  fevrier: 2,
  mar: 3,
  march: 3,
  mars: 3,
  apr: 4,
  april: 4,
  avr: 4,
  avril: 4,
  may: 5,
  mai: 5,
  jun: 6,
  june: 6,
  juin: 6,
  jul: 7,
  july: 7,
  juil: 7,
  juillet: 7,
  aug: 8,
  august: 8,
  aout: 8,
  sep: 9,
  sept: 9,
  september: 9,
  septembre: 9,
  oct: 10,
  october: 10,
  octobre: 10,
  nov: 11,
  november: 11,
  novembre: 11,
  dec: 12,
  december: 12,
  decembre: 12,
};

/** A calendar date and an optional wall-clock time, both without zone (files carry none). */
export interface ImportDateTime {
  date: string;
  time: string | null;
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || year < 1000 || year > 9999) return null;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function year4(text: string): number {
  const value = Number(text);
  // Two-digit years: 00-49 are 20xx, 50-99 are 19xx (birth dates and account dates both fit).
  return text.length === 2 ? (value < 50 ? 2000 + value : 1900 + value) : value;
}

/** `3:04 PM`, `15:04`, `15:04:05`, `0:00:00` into `HH:mm:ss`; null when not a time. */
function parseTime(text: string): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([ap]\.?m\.?)?$/i.exec(trimmed);
  if (!match) return undefined;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = Number(match[3] ?? '0');
  const meridiem = match[4]?.toLowerCase().replace(/\./g, '');
  if (meridiem) {
    if (hours < 1 || hours > 12) return undefined;
    hours = (hours % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

/** Excel's serial day numbers (1900 system): day 1 is 1900-01-01, and Excel counts a 29 Feb 1900. */
function fromExcelSerial(serial: number): ImportDateTime | null {
  if (serial < 1 || serial >= 2958466) return null;
  const days = Math.floor(serial);
  const epoch = Date.UTC(1899, 11, days < 60 ? 31 : 30);
  const date = new Date(epoch + days * 86_400_000);
  const fraction = Math.round((serial - days) * 86_400);
  const time =
    fraction === 0
      ? null
      : `${pad(Math.floor(fraction / 3600))}:${pad(Math.floor((fraction % 3600) / 60))}:${pad(fraction % 60)}`;
  return { date: date.toISOString().slice(0, 10), time };
}

/**
 * A date (and time) from the shapes real exports use: ISO (`2024-05-02`, `2024-05-02 15:04:05`,
 * `2024-05-02T15:04:05Z`), slashed or dashed numbers (`05/02/2024`: the profile's order, or the only
 * possible one when a part is over 12), month names in English or French (`May 2, 2024 3:04 PM`,
 * `2 mai 2024`, `02-May-2024`), and Excel serial numbers (`45414`). A zero time (`1/31/2024 0:00:00`,
 * as Access writes) is dropped.
 */
export function parseImportDateTime(text: string, order: DateOrder = 'MDY'): TransformResult<ImportDateTime> {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?)?$/.exec(
    trimmed,
  );
  if (iso) {
    const date = isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    const time = iso[4] === undefined ? null : parseTime(iso[4]);
    return date && time !== undefined
      ? ok({ date, time: time === '00:00:00' ? null : time })
      : fail(ImportMessage.dateInvalid);
  }
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    const serial = fromExcelSerial(Number(trimmed));
    return serial ? ok(serial) : fail(ImportMessage.dateInvalid);
  }
  const numeric = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})(?:,?\s+(.+))?$/.exec(trimmed);
  if (numeric) {
    const [, a = '', b = '', c = '', rest = ''] = numeric;
    const time = parseTime(rest);
    if (time === undefined) return fail(ImportMessage.dateInvalid);
    let date: string | null;
    if (a.length === 4) {
      date = isoDate(Number(a), Number(b), Number(c)); // 2024/05/02
    } else {
      const year = year4(c);
      const monthFirst = isoDate(year, Number(a), Number(b));
      const dayFirst = isoDate(year, Number(b), Number(a));
      if (monthFirst && dayFirst && monthFirst !== dayFirst) date = order === 'MDY' ? monthFirst : dayFirst;
      else date = monthFirst ?? dayFirst;
    }
    return date ? ok({ date, time: time === '00:00:00' ? null : time }) : fail(ImportMessage.dateInvalid);
  }
  const folded = trimmed
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const named =
    /^(?:[a-z]+,?\s+)?([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?:,?\s+(?:at\s+)?(.+))?$/.exec(folded) ??
    null;
  if (named) {
    const month = MONTHS[named[1] ?? ''];
    const time = parseTime(named[4] ?? '');
    const date = month ? isoDate(Number(named[3]), month, Number(named[2])) : null;
    return date && time !== undefined
      ? ok({ date, time: time === '00:00:00' ? null : time })
      : fail(ImportMessage.dateInvalid);
  }
  const dayFirst = /^(\d{1,2})(?:er)?[\s-]+([a-z]+)\.?[\s-]+(\d{2,4})(?:,?\s+(.+))?$/.exec(folded);
  if (dayFirst) {
    const month = MONTHS[dayFirst[2] ?? ''];
    const time = parseTime(dayFirst[4] ?? '');
    const date = month ? isoDate(year4(dayFirst[3] ?? ''), month, Number(dayFirst[1])) : null;
    return date && time !== undefined
      ? ok({ date, time: time === '00:00:00' ? null : time })
      : fail(ImportMessage.dateInvalid);
  }
  return fail(ImportMessage.dateInvalid);
}

/** The calendar date alone (a time, if any, is dropped). */
export function parseImportDate(text: string, order: DateOrder = 'MDY'): TransformResult<string> {
  const parsed = parseImportDateTime(text, order);
  return parsed.ok ? ok(parsed.value.date) : parsed;
}
