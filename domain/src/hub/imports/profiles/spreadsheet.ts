import { columnsOf, defineProfile } from './define.js';

const contact = columnsOf('contacts');

/**
 * A contact list kept in a spreadsheet, not exported from a CRM: the headers people write
 * themselves (`First Name`, `Email`, `Mobile`, `Address`, `Job Title`, `Type`). No column is
 * required: a sheet without ids imports with its rows matched on e-mail, phone and name. It is
 * the manual-load system's second profile, after the template of our own field names, and the one
 * suggested for a plain sheet whose headers a CRM's profile shares but whose id column it lacks.
 */
export const spreadsheetContacts = defineProfile({
  id: 'spreadsheet-contacts',
  name: 'Spreadsheet contacts (common headers)',
  source: 'MANUAL_LOAD',
  kind: 'contacts',
  evidence: 'assumed',
  columns: [
    contact('sourceId', ['ID', 'Contact ID', 'Client ID', 'Record ID']),
    contact('firstName', ['First Name', 'First', 'Given Name', 'Prénom']),
    contact('middleName', ['Middle Name']),
    contact('lastName', ['Last Name', 'Last', 'Surname', 'Family Name', 'Nom']),
    contact('fullName', ['Name', 'Full Name', 'Contact Name']),
    contact('preferredName', ['Preferred Name', 'Nickname']),
    contact('contactType', ['Type', 'Contact Type', 'Record Type', 'Client Type', 'Category']),
    contact('email', ['Email', 'E-mail', 'Email Address', 'Courriel']),
    contact('email', ['Secondary Email', 'Other Email', 'Email 2'], { label: 'Other' }),
    contact('phone', ['Phone', 'Phone Number', 'Telephone', 'Téléphone'], { phoneType: 'LANDLINE' }),
    contact('phoneExtension', ['Extension', 'Ext', 'Phone Extension']),
    contact('phone', ['Mobile', 'Mobile Phone', 'Cell', 'Cell Phone', 'Cellulaire'], {
      label: 'Mobile',
      phoneType: 'MOBILE',
    }),
    contact('phone', ['Work Phone', 'Business Phone'], { label: 'Work', phoneType: 'LANDLINE' }),
    contact('phone', ['Home Phone'], { label: 'Home', phoneType: 'LANDLINE' }),
    contact('addressLine1', ['Address', 'Street', 'Street Address', 'Address Line 1', 'Address 1', 'Adresse']),
    contact('addressLine2', ['Address Line 2', 'Address 2', 'Suite', 'Unit']),
    contact('addressCity', ['City', 'Town', 'Ville']),
    contact('addressProvince', ['Province', 'State', 'Province/State', 'State/Province', 'Region']),
    contact('addressPostalCode', ['Postal Code', 'Zip', 'Zip Code', 'Postcode', 'Code postal']),
    contact('addressCountry', ['Country', 'Pays']),
    contact('jobTitle', ['Job Title', 'Position', 'Occupation', 'Profession']),
    contact('employerName', ['Company', 'Employer', 'Organization', 'Company Name']),
    contact('leadSource', ['Source', 'Lead Source', 'Referral Source']),
    contact('gender', ['Gender', 'Sex']),
    contact('dateOfBirth', ['Date of Birth', 'Birth Date', 'Birthday', 'Birthdate', 'DOB']),
    contact('householdName', ['Household', 'Household Name']),
    contact('tags', ['Tags', 'Labels', 'Groups'], { separator: ',' }),
    contact('note', ['Notes', 'Note', 'Comments', 'Description']),
    contact('deleted', ['Deleted', 'Is Deleted']),
  ],
});
