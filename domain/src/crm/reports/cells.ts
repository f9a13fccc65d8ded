import { enumLabel, type EnumerationName } from '../../catalogue.js';
import type { ContactReportColumn, HouseholdReportColumn } from './schemas.js';

/** The report columns that hold an enumeration's value, with the enumeration. */
const ENUM_COLUMNS: {
  contacts: Partial<Record<ContactReportColumn, EnumerationName>>;
  households: Partial<Record<HouseholdReportColumn, EnumerationName>>;
} = {
  contacts: { type: 'ContactType', portalAccessStatus: 'PortalAccess' },
  households: { contactType: 'ContactType' },
};

/**
 * A report cell as a person reads it (the page and the CSV): an enumeration's value by its label,
 * everything else as it is. The JSON report keeps stored values, for programs.
 */
export function reportCellText(
  report: 'contacts' | 'households',
  column: string,
  value: string | number | null,
): string | number | null {
  const enumeration = (ENUM_COLUMNS[report] as Record<string, EnumerationName | undefined>)[column];
  return enumeration === undefined || value === null ? value : enumLabel(enumeration, value);
}
