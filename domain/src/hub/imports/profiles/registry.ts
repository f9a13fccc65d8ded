import { ExternalSourceSystem } from '../../connections/enums.js';
import type { AnyImportProfile } from '../profile.js';
import {
  equisoftAccounts,
  ifastAccounts,
  ndexAccounts,
  odysseyAccounts,
  rittingerAccounts,
  westmountAccounts,
  westmountClients,
} from './back-office.js';
import {
  approachAdvisoryContacts,
  cedarPointContacts,
  clovenContacts,
  equisoftContacts,
  hubspotContacts,
  manualLoadContacts,
  modernCentsContacts,
  mondayContacts,
  mondayTasks,
  pipedriveActivities,
  pipedriveNotes,
  pipedrivePeople,
  playbookContacts,
  wealthboxContacts,
  zohoContacts,
} from './crm.js';
import { redtailContacts } from './redtail.js';
import { salesforceContacts, salesforcePersonAccounts } from './salesforce.js';
import { spreadsheetContacts } from './spreadsheet.js';

/**
 * Every built-in profile; each source system of foundations §1 (and Salesforce and Redtail) has at
 * least one. On a tie the earlier profile is suggested: the plain-spreadsheet one comes last.
 */
export const IMPORT_PROFILES: readonly AnyImportProfile[] = [
  approachAdvisoryContacts,
  clovenContacts,
  zohoContacts,
  equisoftContacts,
  equisoftAccounts,
  cedarPointContacts,
  manualLoadContacts,
  hubspotContacts,
  ifastAccounts,
  mondayTasks,
  mondayContacts,
  modernCentsContacts,
  ndexAccounts,
  odysseyAccounts,
  pipedrivePeople,
  pipedriveNotes,
  pipedriveActivities,
  playbookContacts,
  rittingerAccounts,
  wealthboxContacts,
  westmountAccounts,
  westmountClients,
  salesforceContacts,
  salesforcePersonAccounts,
  redtailContacts,
  spreadsheetContacts,
];

/** The built-in profiles of a source system, its main one first. */
export function profilesForSource(source: ExternalSourceSystem): AnyImportProfile[] {
  return IMPORT_PROFILES.filter((profile) => profile.source === source);
}

export function findImportProfile(id: string): AnyImportProfile | undefined {
  return IMPORT_PROFILES.find((profile) => profile.id === id);
}

/**
 * The source systems a user imports from: every one but TEST, which exists for the test suite's
 * own links and is never offered in the product.
 */
export const IMPORT_SOURCES: readonly ExternalSourceSystem[] = ExternalSourceSystem.filter(
  (source) => source !== 'TEST',
);

/** Source systems offered to users without a profile; empty (a test keeps it so). */
export function sourcesWithoutProfile(): ExternalSourceSystem[] {
  return IMPORT_SOURCES.filter((source) => profilesForSource(source).length === 0);
}
