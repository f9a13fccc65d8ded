import { KEPT_VALUES } from '../value-maps.js';
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

/**
 * Financial Services Cloud person accounts as Data Loader writes them: API names as headers (ALL
 * CAPS when `allCapsHeaders` is set; headers fold either way), every value quoted, ISO dates. The
 * person's fields are `Person*`. The FSC fields the product has no field for: the review dates,
 * review frequency, service model, risk tolerance and investment objectives go into custom fields
 * of contacts of those names (made by the first import that needs them); the client category,
 * status and marital status are kept on the contact's note under their labels, through a value
 * map the user can change (a category to a contact type or a tag).
 */
export const salesforcePersonAccounts = defineProfile({
  id: 'salesforce-person-accounts',
  name: 'Salesforce Financial Services Cloud person accounts',
  source: 'SALESFORCE',
  kind: 'contacts',
  evidence: 'documented',
  minHeaderMatches: 3,
  columns: [
    contact('sourceId', ['Id', 'Account ID'], { required: true }),
    contact('firstName', ['FirstName']),
    contact('middleName', ['MiddleName']),
    contact('lastName', ['LastName']),
    contact('fullName', ['Name']),
    contact('kept', ['Salutation'], { label: 'Salutation' }),
    contact('kept', ['Suffix'], { label: 'Suffix' }),
    contact('email', ['PersonEmail']),
    contact('phone', ['PersonMobilePhone'], { label: 'Mobile', phoneType: 'MOBILE' }),
    contact('phone', ['Phone'], { label: 'Work', phoneType: 'LANDLINE' }),
    contact('phone', ['PersonHomePhone'], { label: 'Home', phoneType: 'LANDLINE' }),
    contact('dateOfBirth', ['PersonBirthdate']),
    contact('addressLine1', ['PersonMailingStreet'], { group: 'mailing', label: 'Mailing' }),
    contact('addressCity', ['PersonMailingCity'], { group: 'mailing' }),
    contact('addressProvince', ['PersonMailingState'], { group: 'mailing' }),
    contact('addressPostalCode', ['PersonMailingPostalCode'], { group: 'mailing' }),
    contact('addressCountry', ['PersonMailingCountry'], { group: 'mailing' }),
    contact('jobTitle', ['FinServ__Occupation__pc', 'PersonTitle']),
    contact('leadSource', ['PersonLeadSource', 'AccountSource']),
    contact('note', ['Description']),
    contact('category', ['FinServ__ClientCategory__c'], { label: 'Client category' }),
    contact('category', ['FinServ__Status__c'], { label: 'Status' }),
    contact('customChoice', ['FinServ__ServiceModel__c'], { label: 'Service model' }),
    contact('customChoice', ['FinServ__ReviewFrequency__c'], { label: 'Review frequency' }),
    contact('customDate', ['FinServ__LastReview__c'], { label: 'Last review' }),
    contact('customDate', ['FinServ__NextReview__c'], { label: 'Next review' }),
    contact('customChoice', ['FinServ__RiskTolerance__c'], { label: 'Risk tolerance' }),
    // A multi-select picklist in FSC: its values stay together, as Data Loader writes them.
    contact('customText', ['FinServ__InvestmentObjectives__c'], { label: 'Investment objectives' }),
    contact('kept', ['FinServ__MaritalStatus__pc'], { label: 'Marital status', values: KEPT_VALUES }),
    contact('deleted', ['IsDeleted']),
  ],
  options: { dateOrder: 'MDY', country: 'US' },
});
