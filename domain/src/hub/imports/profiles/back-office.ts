import type { ExternalSourceSystem } from '../../connections/enums.js';
import type { ImportColumn, ImportProfile, ImportProfileOptions } from '../profile.js';
import { columnsOf, defineProfile } from './define.js';

const account = columnsOf('financialRecords');
const person = columnsOf('persons');

/**
 * Custodian and back-office position exports (iFAST, Ndex, Odyssey, Rittinger, Westmount, Equisoft
 * manage). None publishes its export columns, so this is one assumed header set in English and
 * French, after the typical Canadian dealer template: one row per account, the account number as
 * the source id. Each source gets its own copy so a firm can correct one without touching the rest.
 */
const ACCOUNT_COLUMNS: readonly ImportColumn<'financialRecords'>[] = [
  account(
    'sourceId',
    ['Account Number', 'Account #', 'Account No', 'Acct No', 'AccountNo', 'No de compte', 'Numéro de compte'],
    { required: true },
  ),
  account('accountType', ['Account Type', 'Plan Type', 'AccountType', 'Type de compte', 'Type de régime'], {
    required: true,
  }),
  account('name', ['Account Name', 'Nickname', 'Nom du compte']),
  account('ownerSourceId', ['Client ID', 'Rep Client No', 'ClientID', 'No de client']),
  account('ownerName', ['Client Name', 'Nom du client']),
  account('ownerFirstName', ['First Name', 'FirstName', 'Prénom']),
  account('ownerLastName', ['Last Name', 'LastName', 'Nom']),
  account('ownerDateOfBirth', ['Date of Birth', 'DOB', 'Date de naissance']),
  account('jointOwnerName', ['Joint Client Name', 'Joint Owner', 'Co-titulaire']),
  account('householdSourceId', ['Household ID', 'No de ménage']),
  account('householdName', ['Household', 'Household Name', 'Ménage']),
  account('advisor', ['Advisor', 'Rep Code', 'Conseiller']),
  account('marketValue', ['Market Value', 'MV', 'MarketValue', 'Valeur marchande']),
  account('costBasis', ['Book Value', 'Cost', 'ACB', 'Valeur comptable']),
  account('currency', ['Currency', 'Devise']),
  account('asOfDate', ['As Of Date', 'Valuation Date', 'AsOfDate', 'Date', 'En date du']),
  account('institution', ['Institution', 'Custodian', 'Dealer', 'Courtier']),
  account('jurisdiction', ['Jurisdiction', 'Country', 'Pays']),
];

function accounts(
  source: ExternalSourceSystem,
  id: string,
  name: string,
  options: Partial<ImportProfileOptions> = {},
): ImportProfile<'financialRecords'> {
  return defineProfile({
    id,
    name,
    source,
    kind: 'financialRecords',
    evidence: 'assumed',
    columns: ACCOUNT_COLUMNS,
    options,
  });
}

export const ifastAccounts = accounts('IFAST', 'ifast-accounts', 'iFAST accounts');
export const ndexAccounts = accounts('NDEX', 'ndex-accounts', 'Ndex accounts');
/** Odyssey's manual load comes from Quebec firms: French headers and `1 234,56` amounts. */
export const odysseyAccounts = accounts('ODYSSEY_MANUAL_LOAD', 'odyssey-accounts', 'Odyssey manual load (accounts)', {
  decimalComma: true,
  dateOrder: 'DMY',
});
export const rittingerAccounts = accounts(
  'RITTINGER_MANUAL_LOAD',
  'rittinger-accounts',
  'Rittinger manual load (accounts)',
);
export const equisoftAccounts = accounts('EQUISOFT', 'equisoft-accounts', 'Equisoft accounts');
/** Westmount's Access database, its `Accounts` table exported to CSV (dates like `1/31/2024 0:00:00`). */
export const westmountAccounts = accounts(
  'WESTMOUNT_ACCESS_DB',
  'westmount-accounts',
  'Westmount Access DB (Accounts table)',
);

/** Westmount's `Clients` table: the persons the accounts belong to. */
export const westmountClients = defineProfile({
  id: 'westmount-clients',
  name: 'Westmount Access DB (Clients table)',
  source: 'WESTMOUNT_ACCESS_DB',
  kind: 'persons',
  evidence: 'assumed',
  columns: [
    person('sourceId', ['ClientID', 'Client ID'], { required: true }),
    person('firstName', ['FirstName', 'First Name']),
    person('lastName', ['LastName', 'Last Name']),
    person('dateOfBirth', ['DOB', 'Date of Birth']),
    person('email', ['Email']),
    person('householdSourceId', ['HouseholdID', 'Household ID']),
    person('householdRole', ['Role', 'HouseholdRole']),
  ],
});
