import { z } from 'zod';
import { paginationSchema } from '../../shared/input/lists.js';
import { SortDirection } from '../contacts/api.js';
import { teamIdParam } from '../params.js';

/**
 * The reporting columns of crm §3. Contacts: client service, display name, first name, last name,
 * primary email, portal access status, primary phone, type, days since last contact and last
 * meeting. Households: name, contact type, salutation, days since last KYC update, contact and
 * meeting. Keys are ours; labels are the spec's names.
 */
export const CONTACT_REPORT_COLUMNS = {
  clientService: 'Client service',
  displayName: 'Display name',
  firstName: 'First name',
  lastName: 'Last name',
  primaryEmail: 'Primary email',
  portalAccessStatus: 'Portal access status',
  primaryPhone: 'Primary phone',
  type: 'Type',
  daysSinceLastContact: 'Days since last contact',
  daysSinceLastMeeting: 'Days since last meeting',
} as const;
export type ContactReportColumn = keyof typeof CONTACT_REPORT_COLUMNS;

export const HOUSEHOLD_REPORT_COLUMNS = {
  name: 'Name',
  contactType: 'Contact type',
  salutation: 'Salutation',
  daysSinceLastKycUpdate: 'Days since last KYC update',
  daysSinceLastContact: 'Days since last contact',
  daysSinceLastMeeting: 'Days since last meeting',
} as const;
export type HouseholdReportColumn = keyof typeof HOUSEHOLD_REPORT_COLUMNS;

export const ReportMessage = {
  columnsInvalid: 'Unknown column',
  sortInvalid: 'Sort must be one of the report columns',
  orderInvalid: 'Order must be asc or desc',
} as const;

/**
 * The query of a report: the columns to show (comma-separated, in order; all when absent), the
 * column to sort by and its direction, paging and an optional team.
 */
function reportQuerySchema<K extends string>(columns: Record<K, string>, defaultSort: K) {
  const keys = Object.keys(columns) as [K, ...K[]];
  const column = z.enum(keys, { error: ReportMessage.columnsInvalid });
  return paginationSchema.extend({
    columns: z
      .string()
      .optional()
      .transform((text) =>
        text === undefined || text.trim() === ''
          ? [...keys]
          : text
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean),
      )
      .pipe(z.array(column).transform((list) => [...new Set(list)])),
    sort: z.enum(keys, { error: ReportMessage.sortInvalid }).default(defaultSort),
    order: z.enum(SortDirection, { error: ReportMessage.orderInvalid }).default('asc'),
    teamId: teamIdParam.optional(),
  });
}

export const contactReportQuerySchema = reportQuerySchema(CONTACT_REPORT_COLUMNS, 'displayName');
export type ContactReportQuery = z.output<typeof contactReportQuerySchema>;
export const householdReportQuerySchema = reportQuerySchema(HOUSEHOLD_REPORT_COLUMNS, 'name');
export type HouseholdReportQuery = z.output<typeof householdReportQuerySchema>;

export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.output<typeof reportCellSchema>;

export const reportSchema = z.object({
  columns: z.array(z.object({ key: z.string(), label: z.string() })),
  rows: z.array(z.object({ id: z.string(), values: z.record(z.string(), reportCellSchema) })),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type ReportResponse = z.output<typeof reportSchema>;
