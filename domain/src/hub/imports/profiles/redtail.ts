import { KEPT_VALUES } from '../value-maps.js';
import { columnsOf, defineProfile } from './define.js';

const contact = columnsOf('contacts');

/** Redtail categories as contact types: clients and prospects as such, the rest (centres of influence, vendors) OTHER. */
const REDTAIL_CATEGORY = {
  client: 'CLIENT',
  'active client': 'CLIENT',
  prospect: 'PROSPECT',
  lead: 'LEAD',
  '*': 'OTHER',
} as const;

/**
 * Redtail CRM contacts, in its API's spelling (`first_name`, `dob`, `street_address`); the labels of
 * a report export (`First Name`, `Date of Birth`) fold to the same or are aliases. Every documented
 * column is mapped, kept on the contact's note (salutation, suffix, marital status, status,
 * referrer, advisors, client since, record type), or refused (`tax_id`: SENSITIVE_COLUMNS). The
 * Category is the contact type; it, the status, the record type and the marital status have a
 * value map the user can change. Dates are as a US user sees them (MM/DD/YYYY).
 */
export const redtailContacts = defineProfile({
  id: 'redtail-contacts',
  name: 'Redtail contacts',
  source: 'REDTAIL',
  kind: 'contacts',
  evidence: 'documented',
  options: { dateOrder: 'MDY', country: 'US' },
  columns: [
    contact('sourceId', ['id', 'Contact ID', 'Rec ID', 'Client ID'], { required: true }),
    contact('kept', ['type'], { label: 'Record type', values: KEPT_VALUES }),
    contact('kept', ['salutation'], { label: 'Salutation' }),
    contact('firstName', ['first_name']),
    contact('middleName', ['middle_name']),
    contact('lastName', ['last_name']),
    contact('kept', ['suffix'], { label: 'Suffix' }),
    contact('preferredName', ['nickname', 'Nick Name']),
    contact('fullName', ['full_name']),
    contact('dateOfBirth', ['dob', 'Date of Birth', 'Birth Date']),
    contact('gender', ['gender']),
    contact('kept', ['marital_status'], { label: 'Marital status', values: KEPT_VALUES }),
    contact('contactType', ['category'], { label: 'Category', values: REDTAIL_CATEGORY }),
    contact('category', ['status'], { label: 'Status' }),
    contact('leadSource', ['source']),
    contact('kept', ['referred_by'], { label: 'Referred by' }),
    contact('kept', ['servicing_advisor'], { label: 'Servicing advisor' }),
    contact('kept', ['writing_advisor'], { label: 'Writing advisor' }),
    contact('kept', ['client_since'], { label: 'Client since' }),
    contact('jobTitle', ['job_title', 'Occupation']),
    contact('employerName', ['company_name', 'Company', 'Employer']),
    contact('email', ['email', 'primary_email']),
    contact('email', ['home_email', 'Personal Email'], { label: 'Home' }),
    contact('email', ['work_email', 'Business Email'], { label: 'Work' }),
    contact('phone', ['home_phone'], { label: 'Home', phoneType: 'LANDLINE' }),
    contact('phone', ['cell_phone', 'mobile_phone', 'Mobile'], { label: 'Mobile', phoneType: 'MOBILE' }),
    contact('phone', ['work_phone', 'Business Phone'], { label: 'Work', phoneType: 'LANDLINE', group: 'work' }),
    contact('phoneExtension', ['work_extension', 'Work Phone Extension', 'Work Ext'], { group: 'work' }),
    contact('addressLine1', ['street_address', 'Address Line 1', 'Address 1']),
    contact('addressLine2', ['secondary_address', 'Address Line 2', 'Address 2']),
    contact('addressCity', ['city']),
    contact('addressProvince', ['state', 'Province']),
    contact('addressPostalCode', ['zip', 'Zip Code', 'Postal Code']),
    contact('addressCountry', ['country']),
    contact('householdName', ['family_name', 'Family']),
    contact('householdRole', ['family_role']),
    contact('tags', ['tags']),
    contact('note', ['important_information', 'Notes', 'Background']),
    contact('deleted', ['deleted']),
  ],
});
