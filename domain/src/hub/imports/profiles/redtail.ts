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
 * Redtail CRM's contact export. No public source shows its header row, so it is assumed from the
 * fields Redtail's contact record has (Contact ID, names, Status, Category, Source, e-mails and
 * phones by type, the work phone's extension, one address, family), marked so, to be corrected
 * when a firm sends a real file. The Category is the contact type; the Status (Active, Inactive,
 * Deceased) is kept as a tag.
 */
export const redtailContacts = defineProfile({
  id: 'redtail-contacts',
  name: 'Redtail contacts',
  source: 'REDTAIL',
  kind: 'contacts',
  evidence: 'assumed',
  columns: [
    contact('sourceId', ['Contact ID', 'ContactID', 'Rec ID', 'Client ID'], { required: true }),
    contact('firstName', ['First Name']),
    contact('middleName', ['Middle Name']),
    contact('lastName', ['Last Name']),
    contact('preferredName', ['Nickname', 'Nick Name']),
    contact('contactType', ['Category'], { values: REDTAIL_CATEGORY }),
    contact('tags', ['Status'], { separator: ',' }),
    contact('leadSource', ['Source']),
    contact('gender', ['Gender']),
    contact('dateOfBirth', ['Date of Birth', 'DOB', 'Birth Date']),
    contact('jobTitle', ['Job Title', 'Occupation']),
    contact('employerName', ['Company', 'Employer']),
    contact('email', ['Email', 'Primary Email']),
    contact('email', ['Home Email', 'Personal Email'], { label: 'Home' }),
    contact('email', ['Work Email', 'Business Email'], { label: 'Work' }),
    contact('phone', ['Home Phone'], { label: 'Home', phoneType: 'LANDLINE' }),
    contact('phone', ['Cell Phone', 'Mobile Phone', 'Mobile'], { label: 'Mobile', phoneType: 'MOBILE' }),
    contact('phone', ['Work Phone', 'Business Phone'], { label: 'Work', phoneType: 'LANDLINE', group: 'work' }),
    contact('phoneExtension', ['Work Extension', 'Work Phone Extension', 'Work Ext'], { group: 'work' }),
    contact('addressLine1', ['Address Line 1', 'Street Address', 'Address 1']),
    contact('addressLine2', ['Address Line 2', 'Address 2']),
    contact('addressCity', ['City']),
    contact('addressProvince', ['State', 'Province']),
    contact('addressPostalCode', ['Zip', 'Zip Code', 'Postal Code']),
    contact('addressCountry', ['Country']),
    contact('householdName', ['Family Name', 'Family']),
    contact('householdRole', ['Family Role']),
    contact('note', ['Notes', 'Background']),
    contact('deleted', ['Deleted']),
  ],
});
