import type { ExternalSourceSystem } from '../../connections/enums.js';
import type { ImportColumn, ImportProfile } from '../profile.js';
import { KEPT_VALUES } from '../value-maps.js';
import { columnsOf, defineProfile } from './define.js';

const contact = columnsOf('contacts');
const task = columnsOf('tasks');
const note = columnsOf('notes');

/**
 * CRM exports. Header spellings come from the step 7 research: those seen in real export files
 * read by third-party importers are "observed"; header sets no public source shows are "assumed"
 * and marked so (the wizard can show it), to be corrected when a firm sends a real file.
 */

/** Pipedrive people export (`people-*.csv|xlsx`): `<Entity> - <Field>` headers; two address spellings. */
export const pipedrivePeople = defineProfile({
  id: 'pipedrive-people',
  name: 'Pipedrive people',
  source: 'PIPEDRIVE',
  kind: 'contacts',
  evidence: 'observed',
  columns: [
    contact('sourceId', ['Person - ID'], { required: true }),
    contact('firstName', ['Person - First name']),
    contact('lastName', ['Person - Last name']),
    contact('fullName', ['Person - Name']),
    contact('email', ['Person - Email - Work'], { label: 'Work', separator: ',' }),
    contact('email', ['Person - Email - Home'], { label: 'Home', separator: ',' }),
    contact('email', ['Person - Email - Other'], { label: 'Other', separator: ',' }),
    contact('phone', ['Person - Phone - Work'], { label: 'Work', phoneType: 'LANDLINE', separator: ',' }),
    contact('phone', ['Person - Phone - Mobile'], { label: 'Mobile', phoneType: 'MOBILE', separator: ',' }),
    contact('phone', ['Person - Phone - Home'], { label: 'Home', phoneType: 'LANDLINE', separator: ',' }),
    contact('phone', ['Person - Phone - Other'], { label: 'Other', phoneType: 'LANDLINE', separator: ',' }),
    contact(
      'addressLine1',
      [
        'Person - Postal address - Street/road name',
        'Person - Street/road name of Postal address',
        'Person - Postal address',
      ],
      { label: 'Postal' },
    ),
    contact('addressCity', [
      'Person - Postal address - City/town/village/locality',
      'Person - City/town/village/locality of Postal address',
    ]),
    contact('addressProvince', [
      'Person - Postal address - State/county',
      'Person - State/county of Postal address',
      'Person - Region of Postal address',
    ]),
    contact('addressPostalCode', [
      'Person - Postal address - ZIP/Postal code',
      'Person - ZIP/Postal code of Postal address',
    ]),
    contact('addressCountry', ['Person - Postal address - Country', 'Person - Country of Postal address']),
    contact('employerName', ['Person - Organization']),
    contact('jobTitle', ['Person - Job title']),
    contact('tags', ['Person - Labels', 'Person - Label'], { separator: ',' }),
    contact('note', ['Person - Notes']),
    contact('dateOfBirth', ['Person - Birthday']),
  ],
  options: { dateOrder: 'MDY' },
});

/** Pipedrive notes export: plain headers; the owner is the contact person, by name. */
export const pipedriveNotes = defineProfile({
  id: 'pipedrive-notes',
  name: 'Pipedrive notes',
  source: 'PIPEDRIVE',
  kind: 'notes',
  evidence: 'observed',
  columns: [
    note('sourceId', ['ID'], { required: true }),
    note('body', ['Content'], { required: true }),
    note('date', ['Add time']),
    note('ownerName', ['Contact person']),
    note('author', ['User']),
    note('title', ['Deal title']),
  ],
});

/** Pipedrive activities export: plain headers. */
export const pipedriveActivities = defineProfile({
  id: 'pipedrive-activities',
  name: 'Pipedrive activities',
  source: 'PIPEDRIVE',
  kind: 'tasks',
  evidence: 'observed',
  columns: [
    task('sourceId', ['ID'], { required: true }),
    task('title', ['Subject'], { required: true }),
    task('dueDate', ['Due date']),
    task('done', ['Done']),
    task('type', ['Type']),
    task('note', ['Note']),
    task('assignee', ['Assigned to user']),
    task('ownerName', ['Contact person']),
  ],
});

/** HubSpot contacts export (`hubspot-crm-exports-*.csv`): property labels; first column `Record ID`. */
export const hubspotContacts = defineProfile({
  id: 'hubspot-contacts',
  name: 'HubSpot contacts',
  source: 'SALES_CRM',
  kind: 'contacts',
  evidence: 'observed',
  columns: [
    contact('sourceId', ['Record ID', 'Contact ID'], { required: true }),
    contact('firstName', ['First Name']),
    contact('lastName', ['Last Name']),
    contact('email', ['Email', 'Email address']),
    contact('email', ['Work email'], { label: 'Work' }),
    contact('email', ['Private e-mail address'], { label: 'Personal' }),
    contact('phone', ['Phone Number', 'Phone number'], { phoneType: 'LANDLINE' }),
    contact('phone', ['Mobile Phone Number', 'Mobile phone number'], { label: 'Mobile', phoneType: 'MOBILE' }),
    contact('phone', ['WhatsApp Phone Number'], { label: 'WhatsApp', phoneType: 'MOBILE' }),
    contact('addressLine1', ['Street Address']),
    contact('addressCity', ['City']),
    contact('addressProvince', ['State/Region']),
    contact('addressPostalCode', ['Postal Code']),
    contact('addressCountry', ['Country/Region']),
    contact('jobTitle', ['Job Title']),
    contact('employerName', ['Company Name']),
    contact('gender', ['Gender']),
    contact('contactType', ['Lifecycle Stage']),
    contact('leadSource', ['Original Source']),
    contact('dateOfBirth', ['Date of birth']),
    contact('note', ['Message']),
  ],
});

/** Zoho CRM contacts export / backup (`Contacts_001.csv`); Salesforce labels and API names as aliases. */
export const zohoContacts = defineProfile({
  id: 'zoho-contacts',
  name: 'Zoho CRM contacts',
  source: 'BUSINESS_SUITE_CRM',
  kind: 'contacts',
  evidence: 'observed',
  columns: [
    contact('sourceId', ['Record Id', 'Contact Id', 'Id'], { required: true }),
    contact('firstName', ['First Name', 'FirstName']),
    contact('lastName', ['Last Name', 'LastName']),
    contact('email', ['Email']),
    contact('email', ['Secondary Email'], { label: 'Secondary' }),
    contact('phone', ['Phone'], { phoneType: 'LANDLINE' }),
    contact('phone', ['Mobile', 'Mobile Phone', 'MobilePhone'], { label: 'Mobile', phoneType: 'MOBILE' }),
    contact('phone', ['Home Phone', 'HomePhone'], { label: 'Home', phoneType: 'LANDLINE' }),
    contact('phone', ['Other Phone', 'OtherPhone'], { label: 'Other', phoneType: 'LANDLINE' }),
    contact('addressLine1', ['Mailing Street', 'MailingStreet'], { group: 'mailing', label: 'Mailing' }),
    contact('addressCity', ['Mailing City', 'MailingCity'], { group: 'mailing' }),
    contact('addressProvince', ['Mailing State', 'Mailing State/Province', 'MailingState'], { group: 'mailing' }),
    contact('addressPostalCode', ['Mailing Zip', 'Mailing Zip/Postal Code', 'MailingPostalCode'], { group: 'mailing' }),
    contact('addressCountry', ['Mailing Country', 'MailingCountry'], { group: 'mailing' }),
    contact('addressLine1', ['Other Street'], { group: 'other', label: 'Other' }),
    contact('addressCity', ['Other City'], { group: 'other' }),
    contact('addressProvince', ['Other State'], { group: 'other' }),
    contact('addressPostalCode', ['Other Zip'], { group: 'other' }),
    contact('addressCountry', ['Other Country'], { group: 'other' }),
    contact('jobTitle', ['Title']),
    contact('employerName', ['Account Name']),
    contact('leadSource', ['Lead Source', 'LeadSource']),
    contact('dateOfBirth', ['Date of Birth', 'Birthdate']),
    contact('note', ['Description']),
    contact('tags', ['Tag'], { separator: ',' }),
  ],
});

/**
 * Wealthbox contacts export (a zip holding the contacts CSV): the API's snake_case field names as
 * headers; the older label spellings (`First Name`, `Street Line 1`) fold to the same. Every
 * documented column is mapped, kept on the contact's note (prefix, suffix, record type, status,
 * assignee, client since, marital status), or refused (identity numbers, health: SENSITIVE_COLUMNS).
 * The contact type, status, record type and marital status have a value map the user can change
 * (a status to a contact type or a tag, say). Dates and ZIP codes are read as a US user writes them.
 */
export const wealthboxContacts = defineProfile({
  id: 'wealthbox-contacts',
  name: 'Wealthbox contacts',
  source: 'WEALTHBOX',
  kind: 'contacts',
  evidence: 'documented',
  options: { dateOrder: 'MDY', country: 'US' },
  columns: [
    contact('sourceId', ['id'], { required: true }),
    contact('firstName', ['first_name']),
    contact('middleName', ['middle_name']),
    contact('lastName', ['last_name']),
    contact('fullName', ['name']),
    contact('kept', ['prefix'], { label: 'Prefix' }),
    contact('kept', ['suffix'], { label: 'Suffix' }),
    contact('preferredName', ['nickname']),
    contact('kept', ['type'], { label: 'Record type', values: KEPT_VALUES }),
    contact('contactType', ['contact_type'], { label: 'Contact type' }),
    contact('category', ['status'], { label: 'Status' }),
    contact('kept', ['assigned_to'], { label: 'Assigned to' }),
    contact('leadSource', ['contact_source']),
    contact('gender', ['gender'], {
      values: { female: 'FEMALE', male: 'MALE', 'non binary': 'OTHER', unknown: null },
    }),
    contact('dateOfBirth', ['birth_date']),
    contact('kept', ['client_since'], { label: 'Client since' }),
    contact('kept', ['marital_status'], { label: 'Marital status', values: KEPT_VALUES }),
    contact('jobTitle', ['job_title']),
    contact('employerName', ['company_name', 'Company']),
    contact('email', ['primary_email', 'email_address']),
    contact('phone', ['primary_phone', 'phone_number']),
    contact('addressLine1', ['mailing_address_street', 'street_line_1']),
    contact('addressLine2', ['mailing_address_street_2', 'street_line_2']),
    contact('addressCity', ['mailing_address_city', 'city']),
    contact('addressProvince', ['mailing_address_state', 'state']),
    contact('addressPostalCode', ['mailing_address_zip_code', 'zip_code']),
    contact('addressCountry', ['mailing_address_country', 'country']),
    contact('householdName', ['household']),
    contact('householdRole', ['household_title']),
    contact('tags', ['tags']),
    contact('note', ['background_information']),
  ],
});

/** Equisoft/connect contacts (assumed, bilingual headers). */
export const equisoftContacts = defineProfile({
  id: 'equisoft-contacts',
  name: 'Equisoft contacts',
  source: 'EQUISOFT',
  kind: 'contacts',
  evidence: 'assumed',
  columns: [
    contact('sourceId', ['Contact ID', 'No de contact'], { required: true }),
    contact('firstName', ['First Name', 'Prénom']),
    contact('lastName', ['Last Name', 'Nom']),
    contact('dateOfBirth', ['Date of Birth', 'Date de naissance']),
    contact('gender', ['Gender', 'Sexe']),
    contact('email', ['Email', 'Courriel']),
    contact('phone', ['Home Phone', 'Téléphone résidence'], { label: 'Home', phoneType: 'LANDLINE' }),
    contact('phone', ['Work Phone', 'Téléphone bureau'], { label: 'Work', phoneType: 'LANDLINE' }),
    contact('phone', ['Cell Phone', 'Cellulaire'], { label: 'Mobile', phoneType: 'MOBILE' }),
    contact('addressLine1', ['Address', 'Adresse']),
    contact('addressCity', ['City', 'Ville']),
    contact('addressProvince', ['Province']),
    contact('addressPostalCode', ['Postal Code', 'Code postal']),
    contact('addressCountry', ['Country', 'Pays']),
    contact('employerName', ['Employer', 'Employeur']),
    contact('jobTitle', ['Occupation', 'Profession']),
    contact('tags', ['Class', 'Classe'], { separator: ',' }),
    contact('tags', ['Segment 1'], { separator: ',' }),
    contact('tags', ['Segment 2'], { separator: ',' }),
    contact('leadSource', ['Source']),
    contact('householdSourceId', ['Household ID', 'No de ménage']),
  ],
});

const MONDAY_STATUS = {
  done: 'DONE',
  'working on it': 'IN_PROGRESS',
  stuck: 'BLOCKED',
  'not started': 'TODO',
  '*': 'TODO',
} as const;

/** monday.com "Export board to Excel" as tasks: title rows, group rows and subitem blocks skipped. */
export const mondayTasks = defineProfile({
  id: 'monday-tasks',
  name: 'monday.com board (tasks)',
  source: 'MONDAY',
  kind: 'tasks',
  evidence: 'observed',
  rowLayout: 'monday',
  columns: [
    task('sourceId', ['Item ID (auto generated)', 'Item ID'], { required: true }),
    task('title', ['Name'], { required: true }),
    task('status', ['Status'], { values: MONDAY_STATUS }),
    task('assignee', ['Person', 'Owner', 'People']),
    task('dueDate', ['Due Date', 'Date', 'Timeline - End']),
    task('note', ['Notes', 'Text']),
    task('priority', ['Priority']),
  ],
});

/** monday.com client board as contacts: the item name is the client's name. */
export const mondayContacts = defineProfile({
  id: 'monday-contacts',
  name: 'monday.com board (contacts)',
  source: 'MONDAY',
  kind: 'contacts',
  evidence: 'observed',
  rowLayout: 'monday',
  columns: [
    contact('sourceId', ['Item ID (auto generated)', 'Item ID'], { required: true }),
    contact('fullName', ['Name'], { required: true }),
    contact('email', ['Email', 'E-mail']),
    contact('phone', ['Phone', 'Phone Number']),
    contact('contactType', ['Status', 'Stage'], {
      values: { client: 'CLIENT', prospect: 'PROSPECT', lead: 'LEAD', '*': 'OTHER' },
    }),
    contact('tags', ['Tags'], { separator: ',' }),
    contact('addressCity', ['City']),
    contact('addressProvince', ['Province', 'State']),
    contact('note', ['Notes', 'Text']),
  ],
});

/**
 * The contacts file of planning and CRM tools whose export is not public (Approach Advisory, Cloven,
 * Cedar Point, Modern Cents, Playbook): an assumed header set the firm can save over as a custom profile.
 */
function assumedContacts(source: ExternalSourceSystem, id: string, name: string): ImportProfile<'contacts'> {
  const columns: ImportColumn<'contacts'>[] = [
    contact('sourceId', ['Client ID', 'Contact ID', 'ID'], { required: true }),
    contact('firstName', ['First Name', 'Prénom']),
    contact('lastName', ['Last Name', 'Nom']),
    contact('email', ['Email', 'E-mail', 'Courriel']),
    contact('phone', ['Phone', 'Phone Number', 'Téléphone']),
    contact('addressLine1', ['Address', 'Street', 'Adresse']),
    contact('addressCity', ['City', 'Ville']),
    contact('addressProvince', ['Province', 'State', 'Province/State']),
    contact('addressPostalCode', ['Postal Code', 'Zip', 'Code postal']),
    contact('addressCountry', ['Country', 'Pays']),
    contact('dateOfBirth', ['Date of Birth', 'DOB', 'Date de naissance']),
    contact('householdName', ['Household', 'Household Name', 'Ménage']),
    contact('householdSourceId', ['Household ID']),
  ];
  return defineProfile({ id, name, source, kind: 'contacts', evidence: 'assumed', columns });
}

export const approachAdvisoryContacts = assumedContacts(
  'APPROACH_ADVISORY',
  'approach-advisory-contacts',
  'Approach Advisory contacts',
);
export const clovenContacts = assumedContacts('CLOVEN', 'cloven-contacts', 'Cloven contacts');
export const cedarPointContacts = assumedContacts('CEDAR_POINT', 'cedar-point-contacts', 'Cedar Point contacts');
export const modernCentsContacts = assumedContacts('MODERN_CENTS', 'modern-cents-contacts', 'Modern Cents contacts');
export const playbookContacts = assumedContacts('PLAYBOOK_CUSTOM', 'playbook-contacts', 'Playbook custom contacts');

/** Our own field names as headers (`sourceId,firstName,lastName,email,...`): the template offered for a firm's manual load. */
function canonicalContacts(source: ExternalSourceSystem, id: string, name: string): ImportProfile<'contacts'> {
  return defineProfile({
    id,
    name,
    source,
    kind: 'contacts',
    evidence: 'documented',
    options: { dateOrder: 'MDY' },
    columns: [
      contact('sourceId', ['sourceId'], { required: true }),
      contact('firstName', ['firstName']),
      contact('lastName', ['lastName']),
      contact('middleName', ['middleName']),
      contact('preferredName', ['preferredName']),
      contact('gender', ['gender']),
      contact('contactType', ['type']),
      contact('leadSource', ['source']),
      contact('email', ['email']),
      contact('phone', ['phone'], { phoneType: 'MOBILE' }),
      contact('addressLine1', ['line1']),
      contact('addressLine2', ['line2']),
      contact('addressCity', ['city']),
      contact('addressProvince', ['province']),
      contact('addressPostalCode', ['postalCode']),
      contact('addressCountry', ['country']),
      contact('employerName', ['employerName']),
      contact('jobTitle', ['jobTitle']),
      contact('tags', ['tags'], { separator: ';' }),
      contact('note', ['note']),
      contact('dateOfBirth', ['dateOfBirth']),
      contact('householdSourceId', ['householdSourceId']),
      contact('householdName', ['householdName']),
      contact('householdRole', ['householdRole']),
    ],
  });
}

export const manualLoadContacts = canonicalContacts(
  'MANUAL_LOAD',
  'manual-load-contacts',
  'Manual load contacts (template)',
);
