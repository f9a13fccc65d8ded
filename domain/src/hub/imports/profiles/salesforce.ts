import { columnsOf, defineProfile } from './define.js';

const contact = columnsOf('contacts');

/**
 * Salesforce contacts, from any of its three exports: the weekly Data Export and the Data Loader
 * write the Contact object's API field names (`FirstName`, `MailingStreet`, `IsDeleted`), a report
 * export writes the field labels (`First Name`, `Mailing Street`, `Contact ID`). Both spellings are
 * aliases of each column. `MailingStreet` holds every street line in one cell (line 1 and line 2
 * are split from it); a Data Export includes deleted records, flagged by `IsDeleted`, which are
 * skipped and reported. Columns no field reads (owner, audit fields, `AccountId`) are listed with
 * their values in the mapping and the dry run's report.
 */
export const salesforceContacts = defineProfile({
  id: 'salesforce-contacts',
  name: 'Salesforce contacts',
  source: 'SALESFORCE',
  kind: 'contacts',
  evidence: 'documented',
  columns: [
    contact('sourceId', ['Id', 'Contact ID'], { required: true }),
    contact('firstName', ['FirstName', 'First Name']),
    contact('middleName', ['MiddleName', 'Middle Name']),
    contact('lastName', ['LastName', 'Last Name']),
    contact('email', ['Email']),
    contact('phone', ['Phone', 'Business Phone'], { label: 'Work', phoneType: 'LANDLINE' }),
    contact('phone', ['MobilePhone', 'Mobile', 'Mobile Phone'], { label: 'Mobile', phoneType: 'MOBILE' }),
    contact('phone', ['HomePhone', 'Home Phone'], { label: 'Home', phoneType: 'LANDLINE' }),
    contact('phone', ['OtherPhone', 'Other Phone'], { label: 'Other', phoneType: 'LANDLINE' }),
    contact('addressLine1', ['MailingStreet', 'Mailing Street', 'Mailing Address Line 1'], {
      group: 'mailing',
      label: 'Mailing',
    }),
    contact('addressLine2', ['Mailing Address Line 2'], { group: 'mailing' }),
    contact('addressCity', ['MailingCity', 'Mailing City'], { group: 'mailing' }),
    contact('addressProvince', ['MailingState', 'Mailing State/Province', 'Mailing State'], { group: 'mailing' }),
    contact('addressPostalCode', ['MailingPostalCode', 'Mailing Zip/Postal Code', 'Mailing Postal Code'], {
      group: 'mailing',
    }),
    contact('addressCountry', ['MailingCountry', 'Mailing Country'], { group: 'mailing' }),
    contact('addressLine1', ['OtherStreet', 'Other Street'], { group: 'other', label: 'Other' }),
    contact('addressCity', ['OtherCity', 'Other City'], { group: 'other' }),
    contact('addressProvince', ['OtherState', 'Other State/Province', 'Other State'], { group: 'other' }),
    contact('addressPostalCode', ['OtherPostalCode', 'Other Zip/Postal Code', 'Other Postal Code'], {
      group: 'other',
    }),
    contact('addressCountry', ['OtherCountry', 'Other Country'], { group: 'other' }),
    contact('jobTitle', ['Title']),
    contact('employerName', ['Account Name', 'Account.Name']),
    contact('dateOfBirth', ['Birthdate']),
    contact('leadSource', ['LeadSource', 'Lead Source']),
    contact('contactType', ['Type', 'Contact Type', 'Record Type', 'RecordType.Name', 'Contact Record Type']),
    contact('note', ['Description']),
    contact('deleted', ['IsDeleted', 'Deleted']),
  ],
  // Data Export and Data Loader write ISO dates; a report, the user's locale (MDY for en_US and en_CA).
  options: { dateOrder: 'MDY' },
});
