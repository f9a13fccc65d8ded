import {
  CONTACT_LINK_PREFIXES,
  CONTACT_LINK_TYPE_LABELS,
  CREATABLE_CONTACT_TYPE_LABELS,
  ContactLinkType,
  CreatableContactType,
  DISCOVERY_METHOD_LABELS,
  DiscoveryMethod,
  EMPLOYMENT_STATUS_LABELS,
  EmploymentStatus,
  GENDER_LABELS,
  Gender,
  LEAD_SOURCE_LABELS,
  LeadSource,
  PHONE_TYPE_LABELS,
  PhoneType,
} from './enums.js';
import { CONTACT_FORM_DEFAULTS, DEFAULT_CONTACT_LINK_TYPE } from './schemas.js';
import { confirmation } from '../../shared/forms/confirmation.js';
import type { FormDefinition, FormField } from '../../shared/forms/types.js';
import { enumOptions, submit } from '../../shared/forms/types.js';

/**
 * The forms of crm §2, as data. Titles and submit labels are the spec's where it names them
 * ('Create a new contact' / 'Create Contact' and the like); for the other forms the title is the
 * spec's name of the form and the button label is ours. Calls are those of crm §7.
 */

const nameFields: readonly FormField[] = [
  { kind: 'TextField', name: 'name.first', label: 'First name', required: true },
  { kind: 'TextField', name: 'name.middle', label: 'Middle name' },
  { kind: 'TextField', name: 'name.last', label: 'Last name', required: true },
  { kind: 'TextField', name: 'name.preferred', label: 'Preferred name' },
  { kind: 'TextField', name: 'name.short', label: 'Short name' },
];

const genderField: FormField = {
  kind: 'Select',
  name: 'gender',
  label: 'Gender',
  options: enumOptions(Gender, GENDER_LABELS),
};

const phoneFields: FormField = {
  kind: 'FieldGroup',
  label: 'Phone',
  fields: [
    {
      kind: 'TextField',
      name: 'phoneNumber.number.countryCode',
      label: 'Country code',
      inputType: 'tel',
      defaultValue: CONTACT_FORM_DEFAULTS.phoneCountryCode,
    },
    { kind: 'TextField', name: 'phoneNumber.number.number', label: 'Number', inputType: 'tel' },
    {
      kind: 'Select',
      name: 'phoneNumber.type',
      label: 'Phone type',
      options: enumOptions(PhoneType, PHONE_TYPE_LABELS),
      defaultValue: CONTACT_FORM_DEFAULTS.phoneType,
    },
    { kind: 'TextField', name: 'phoneNumber.label', label: 'Label' },
  ],
};

/** Discovery method and source; on the contact form only while the type is not OTHER. */
function leadFields(visibleWhen?: FormField['visibleWhen']): FormField[] {
  return [
    {
      kind: 'Select',
      name: 'discoveryMethod',
      label: 'Discovery method',
      required: true,
      options: enumOptions(DiscoveryMethod, DISCOVERY_METHOD_LABELS),
      defaultValue: CONTACT_FORM_DEFAULTS.discoveryMethod,
      ...(visibleWhen === undefined ? {} : { visibleWhen }),
    },
    {
      kind: 'Select',
      name: 'source',
      label: 'Source',
      required: true,
      options: enumOptions(LeadSource, LEAD_SOURCE_LABELS),
      defaultValue: CONTACT_FORM_DEFAULTS.source,
      ...(visibleWhen === undefined ? {} : { visibleWhen }),
    },
  ];
}

const contactDetailFields: readonly FormField[] = [
  ...nameFields,
  genderField,
  { kind: 'TextField', name: 'email', label: 'Email', inputType: 'email' },
  phoneFields,
];

export const createContactForm: FormDefinition = {
  id: 'createContact',
  title: 'Create a new contact',
  fields: [
    {
      kind: 'RadioGroup',
      name: 'type',
      label: 'Contact type',
      required: true,
      options: enumOptions(CreatableContactType, CREATABLE_CONTACT_TYPE_LABELS),
      defaultValue: CONTACT_FORM_DEFAULTS.type,
    },
    ...leadFields({ field: 'type', notEquals: 'OTHER' }),
    ...contactDetailFields,
  ],
  buttons: [submit('Create Contact')],
  http: {
    method: 'POST',
    path: '/contacts',
    body: [
      'discoveryMethod',
      'email',
      'gender',
      'linkedinUrlBranch',
      'name',
      'phoneNumber',
      'source',
      'tags',
      'teamId',
      'type',
    ],
  },
};

/** The lead form: the contact form without the type, a lead always having a source. */
export const createLeadForm: FormDefinition = {
  id: 'createLead',
  title: 'Create a new lead',
  fields: [...leadFields(), ...contactDetailFields],
  buttons: [submit('Create Lead')],
  http: {
    method: 'POST',
    path: '/leads',
    body: ['name', 'email', 'gender', 'source', 'phoneNumber', 'teamId', 'discoveryMethod'],
  },
};

export const addSocialProfileForm: FormDefinition = {
  id: 'addSocialProfile',
  title: 'Add social profile',
  fields: [
    {
      kind: 'Select',
      name: 'link.type',
      label: 'Type',
      required: true,
      options: enumOptions(ContactLinkType, CONTACT_LINK_TYPE_LABELS),
      defaultValue: DEFAULT_CONTACT_LINK_TYPE,
    },
    {
      kind: 'TextField',
      name: 'link.branch',
      label: 'Link',
      required: true,
      prefix: { field: 'link.type', values: CONTACT_LINK_PREFIXES },
    },
  ],
  buttons: [submit('Add')],
  http: { method: 'PATCH', path: '/contacts/:contactId/social-links/add', params: ['contactId'], body: ['link'] },
};

export const setConfidenceForm: FormDefinition = {
  id: 'setConfidence',
  title: 'Set confidence',
  fields: [
    {
      kind: 'TextField',
      name: 'confidence',
      label: 'Confidence',
      inputType: 'number',
      hint: '0 - 100',
      required: true,
    },
  ],
  buttons: [submit('Save')],
  http: {
    method: 'PATCH',
    path: '/opportunitys/:opportunityId/set-confidence',
    params: ['opportunityId'],
    body: ['confidence'],
  },
};

export const setEmploymentStatusForm: FormDefinition = {
  id: 'setEmploymentStatus',
  title: 'Set employment status',
  fields: [
    {
      kind: 'Select',
      name: 'employmentStatus',
      label: 'Employment status',
      required: true,
      options: enumOptions(EmploymentStatus, EMPLOYMENT_STATUS_LABELS),
    },
  ],
  buttons: [submit('Save')],
  http: {
    method: 'PATCH',
    path: '/contacts/:contactId/set-employment-status',
    params: ['contactId'],
    body: ['employmentStatus'],
  },
};

export const updateContactNameForm: FormDefinition = {
  id: 'updateContactName',
  title: 'Update contact name',
  fields: nameFields,
  buttons: [submit('Save')],
  http: { method: 'PATCH', path: '/contacts/:contactId/name', params: ['contactId'], body: ['name'] },
};

export const setGenderForm: FormDefinition = {
  id: 'setGender',
  title: 'Set gender',
  fields: [genderField],
  buttons: [submit('Save')],
  http: { method: 'PATCH', path: '/contacts/:contactId/gender', params: ['contactId'], body: ['gender'] },
};

export const removeContactEmailForm = confirmation(
  'removeContactEmail',
  'Remove contact email',
  'Remove',
  '/contacts/:contactId/emails/:emailId/remove',
  ['contactId', 'emailId'],
);
export const removeEmploymentForm = confirmation(
  'removeEmployment',
  'Remove employment',
  'Remove',
  '/contacts/:contactId/employments/:employmentId/remove',
  ['contactId', 'employmentId'],
);
export const removePhoneNumberForm = confirmation(
  'removePhoneNumber',
  'Remove phone number',
  'Remove',
  '/contacts/:contactId/phone-numbers/:numberId/remove',
  ['contactId', 'numberId'],
);
export const setPrimaryEmailForm = confirmation(
  'setPrimaryEmail',
  'Set primary email',
  'Set as primary',
  '/contacts/:contactId/emails/:emailId/set-primary',
  ['contactId', 'emailId'],
);
export const setPrimaryNumberForm = confirmation(
  'setPrimaryNumber',
  'Set primary number',
  'Set as primary',
  '/contacts/:contactId/phone-numbers/:numberId/set-primary',
  ['contactId', 'numberId'],
);
