/**
 * The fields a user chooses between when merging two duplicates (step 10): each record kind's own
 * scalar fields, with the label the chooser shows and how its value is displayed. Everything else
 * (sub-records, tags, notes, members, financial records, ...) is combined, never chosen.
 */

/** How a field's value reads: plain text, an enumeration's label, a date, or the name of another record. */
export type MergeFieldDisplay =
  | { kind: 'text' }
  | { kind: 'date' }
  | { kind: 'enum'; enumeration: 'ContactType' | 'Gender' | 'LeadSource' | 'DiscoveryMethod' | 'EmploymentStatus' }
  | { kind: 'ref'; entity: 'team' | 'household' | 'person' | 'professional' };

export interface MergeField {
  /** The field's name in requests and responses. */
  field: string;
  column: string;
  label: string;
  display: MergeFieldDisplay;
}

const text = { kind: 'text' } as const;

export const CONTACT_MERGE_FIELDS = [
  { field: 'firstName', column: 'first_name', label: 'First name', display: text },
  { field: 'middleName', column: 'middle_name', label: 'Middle name', display: text },
  { field: 'lastName', column: 'last_name', label: 'Last name', display: text },
  { field: 'preferredName', column: 'preferred_name', label: 'Preferred name', display: text },
  { field: 'shortName', column: 'short_name', label: 'Short name', display: text },
  { field: 'type', column: 'type', label: 'Type', display: { kind: 'enum', enumeration: 'ContactType' } },
  { field: 'gender', column: 'gender', label: 'Gender', display: { kind: 'enum', enumeration: 'Gender' } },
  { field: 'source', column: 'source', label: 'Lead source', display: { kind: 'enum', enumeration: 'LeadSource' } },
  {
    field: 'discoveryMethod',
    column: 'discovery_method',
    label: 'Discovery method',
    display: { kind: 'enum', enumeration: 'DiscoveryMethod' },
  },
  {
    field: 'employmentStatus',
    column: 'employment_status',
    label: 'Employment status',
    display: { kind: 'enum', enumeration: 'EmploymentStatus' },
  },
  { field: 'linkedinUrlBranch', column: 'linkedin_url_branch', label: 'LinkedIn profile', display: text },
  { field: 'avatarUrl', column: 'avatar_url', label: 'Avatar', display: text },
  { field: 'householdId', column: 'household_id', label: 'Household', display: { kind: 'ref', entity: 'household' } },
  { field: 'personId', column: 'person_id', label: 'Person', display: { kind: 'ref', entity: 'person' } },
  { field: 'teamId', column: 'team_id', label: 'Team', display: { kind: 'ref', entity: 'team' } },
] as const satisfies readonly MergeField[];

export const HOUSEHOLD_MERGE_FIELDS = [
  { field: 'name', column: 'name', label: 'Name', display: text },
  { field: 'salutation', column: 'salutation', label: 'Salutation', display: text },
  {
    field: 'primaryAdvisorId',
    column: 'primary_advisor_id',
    label: 'Primary advisor',
    display: { kind: 'ref', entity: 'professional' },
  },
  { field: 'teamId', column: 'team_id', label: 'Team', display: { kind: 'ref', entity: 'team' } },
  { field: 'lastKycUpdatedAt', column: 'last_kyc_updated_at', label: 'Last KYC update', display: { kind: 'date' } },
] as const satisfies readonly MergeField[];

export type ContactMergeField = (typeof CONTACT_MERGE_FIELDS)[number]['field'];
export type HouseholdMergeField = (typeof HOUSEHOLD_MERGE_FIELDS)[number]['field'];

/** The two kinds of record that merge, as their id prefixes. */
export const MergeKind = ['contact', 'household'] as const;
export type MergeKind = (typeof MergeKind)[number];

export function mergeFieldsOf(kind: MergeKind): readonly MergeField[] {
  return kind === 'contact' ? CONTACT_MERGE_FIELDS : HOUSEHOLD_MERGE_FIELDS;
}
