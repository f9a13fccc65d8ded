import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One writer per entity (docs/ARCHITECTURE.md), as a check: every table of the Prisma schema has
// the one module that writes it, and a write of it anywhere else in the api, the worker or the
// scripts fails here with its file and line. Another module changes a table through the owner's
// face (its writer or service, exported by its index.ts). A new table fails until it is given an
// owner below. Reads are free: only writes are counted.

/** Table (its @@map name) -> the module owning its writes: `<area>/<module>` under api/src/modules. */
const OWNERS: Readonly<Record<string, string>> = {
  // platform
  organizations: 'platform/organizations',
  teams: 'platform/teams',
  team_members: 'platform/teams',
  users: 'platform/users',
  professionals: 'platform/professionals',
  invitations: 'platform/invitations',
  outbox_emails: 'platform/email',
  brands: 'platform/brands',
  brand_logos: 'platform/brands',
  audit_logs: 'platform/audit',
  // crm
  households: 'crm/households',
  persons: 'crm/households',
  families: 'crm/households',
  family_members: 'crm/households',
  family_addresses: 'crm/households',
  corporations: 'crm/households',
  trusts: 'crm/households',
  foundations: 'crm/households',
  groups: 'crm/households',
  group_members: 'crm/households',
  contacts: 'crm/contacts',
  contact_emails: 'crm/contacts',
  contact_phone_numbers: 'crm/contacts',
  contact_addresses: 'crm/contacts',
  contact_employments: 'crm/contacts',
  contact_social_links: 'crm/contacts',
  tags: 'crm/contacts',
  contact_tags: 'crm/contacts',
  leads: 'crm/contacts',
  prospects: 'crm/contacts',
  opportunities: 'sales/opportunities',
  opportunity_stage_changes: 'sales/opportunities',
  proposals: 'sales/proposals',
  proposal_recipients: 'sales/proposals',
  offers: 'sales/package-templates',
  offer_fee_tiers: 'sales/package-templates',
  offer_offerings: 'sales/package-templates',
  offerings: 'sales/offerings',
  package_templates: 'sales/package-templates',
  household_services: 'sales/billing',
  billing_customers: 'sales/billing',
  billing_invoices: 'sales/billing',
  provider_events: 'hub/providers',
  services: 'crm/proposals',
  service_variants: 'crm/proposals',
  meetings: 'practice/meetings',
  meeting_participants: 'practice/meetings',
  meeting_agenda_items: 'practice/meetings',
  meeting_templates: 'practice/meetings',
  meeting_template_opening_hours: 'practice/meetings',
  custom_field_definitions: 'crm/custom-fields',
  custom_field_values: 'crm/custom-fields',
  timelines: 'crm/timelines',
  life_events: 'crm/timelines',
  record_merges: 'crm/merges',
  links_profiles: 'crm/links-profiles',
  profile_links: 'crm/links-profiles',
  // practice
  tasks: 'practice/tasks',
  task_mentions: 'practice/tasks',
  notes: 'practice/notes',
  note_attachments: 'practice/notes',
  note_mentions: 'practice/notes',
  documents: 'practice/documents',
  document_mentions: 'practice/documents',
  workflows: 'practice/workflows',
  workflow_steps: 'practice/workflows',
  workflow_step_requirements: 'practice/workflows',
  workflow_templates: 'practice/workflows',
  workflow_participants: 'practice/workflows',
  notifications: 'practice/notifications',
  email_threads: 'practice/comms',
  email_thread_contacts: 'practice/comms',
  // financials
  financial_records: 'financials/financial-records',
  financial_record_owners: 'financials/financial-records',
  liability_parties: 'financials/financial-records',
  institutions: 'financials/financial-records',
  bank_accounts: 'financials/financial-records',
  investment_accounts: 'financials/financial-records',
  credit_cards: 'financials/financial-records',
  additional_cards: 'financials/financial-records',
  lines_of_credit: 'financials/financial-records',
  loans: 'financials/financial-records',
  mortgages: 'financials/financial-records',
  real_estate_properties: 'financials/financial-records',
  real_assets: 'financials/financial-records',
  insurance_policies: 'financials/financial-records',
  defined_benefit_pensions: 'financials/financial-records',
  private_investments: 'financials/financial-records',
  company_equities: 'financials/financial-records',
  cash_flow_sources: 'financials/cash-flows',
  cash_flow_parties: 'financials/cash-flows',
  cash_flows: 'financials/cash-flows',
  recurring_streams: 'financials/cash-flows',
  transactions: 'financials/cash-flows',
  transaction_categories: 'financials/cash-flows',
  fx_rates: 'financials/fx-rates',
  plans: 'planning/plans',
  plan_people: 'planning/plans',
  plan_milestones: 'planning/plans',
  plan_flows: 'planning/plans',
  plan_flow_people: 'planning/plans',
  plan_accounts: 'planning/plans',
  plan_account_owners: 'planning/plans',
  plan_assets: 'planning/plans',
  plan_asset_owners: 'planning/plans',
  plan_liabilities: 'planning/plans',
  // hub
  // sync, not connections: the run lifecycle writes a connection's cursor and outcome, and sync is
  // what connections, the providers and imports all build on (its ConnectionsWriter).
  connections: 'hub/sync',
  sync_runs: 'hub/sync',
  sync_record_errors: 'hub/sync',
  external_links: 'hub/sync',
  import_batches: 'hub/imports',
  import_profiles: 'hub/imports',
  import_drop_folders: 'hub/imports',
  import_row_results: 'hub/imports',
  import_review_items: 'hub/imports',
};

/** Files that write any table: the demo seed (COPY of a whole made-up firm). Tests are not scanned. */
const SEEDERS = ['scripts/seed/'];

/**
 * Writes outside the owner, each named and kept on purpose until it moves: `table`, the writing
 * module, why. A pair that no longer writes fails too, so the list only shrinks.
 */
const NOT_YET_MOVED: readonly (readonly [table: string, writer: string, why: string])[] = [
  // Founding a firm writes its first organization, team, admin and membership in one transaction
  // (users.service.ts insertFirm); the owners' writers take a WriteScope inside an organization,
  // which a firm being founded does not have yet.
  ['organizations', 'platform/users', 'a firm founded: its first rows, before any organization scope'],
  ['teams', 'platform/users', 'a firm founded: its first team'],
  ['team_members', 'platform/users', 'a firm founded: its admin in the first team'],
  // Accepting an invitation makes the account, its team membership and its professional profile
  // in the invitation's claim transaction on the system client (the unique e-mail decides a race).
  ['users', 'platform/invitations', 'an invitation accepted: the account, in the claim transaction'],
  ['team_members', 'platform/invitations', 'an invitation accepted: the team it names'],
  ['professionals', 'platform/invitations', 'an invitation accepted: the professional profile'],
  // The login stamp (last_login_at) on every sign-in; users/ has no writer for it yet.
  ['users', 'platform/auth', 'the last-login stamp'],
  // Removing a connection detaches the meetings and templates that point at it; their module
  // (practice/meetings) is not built yet, so there is no writer to call.
  ['meetings', 'hub/connections', 'a removed calendar connection: its meetings keep their data'],
  ['meeting_templates', 'hub/connections', 'a removed calendar connection: its templates stay'],
];

const root = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['api/src', 'workers/src', 'scripts'];

/** The model accessor (`tx.contactEmail`) -> its table, from every `model` block of the schema. */
function schemaTables(): Map<string, string> {
  const tables = new Map<string, string>();
  const dir = path.join(root, 'prisma/schema');
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.prisma'))) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    for (const [, model, body] of text.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
      const table = /@@map\("(\w+)"\)/.exec(body!)?.[1] ?? model!;
      tables.set(model![0]!.toLowerCase() + model!.slice(1), table);
    }
  }
  return tables;
}

/** Source files, tests and generated code left out. */
function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory())
      return ['node_modules', 'generated', 'dist', '__tests__'].includes(entry.name) ? [] : sources(rel);
    return /\.(ts|mts|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [rel] : [];
  });
}

/** The module a file belongs to, as the module-faces lint rule says (each provider on its own). */
function moduleOf(file: string): string {
  const parts = file.split('/');
  if (file.startsWith('api/src/modules/')) {
    const inModules = parts.slice(3);
    return inModules.slice(0, inModules[1] === 'providers' && inModules.length > 3 ? 3 : 2).join('/');
  }
  return file.startsWith('workers/') ? 'workers' : file;
}

const PRISMA_WRITE =
  /\.\s*(\w+)\s*\.\s*(?:create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany)\(/g;
const HELPER_WRITE = /\b(?:insertRows|updateRows|deleteRows)\(\s*[\w.]+,\s*'(\w+)'/g;
const SQL_WRITE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?/g;

interface Write {
  table: string;
  module: string;
  at: string;
}

/**
 * Every write the scanner recognises: a model write on any client (`tx.contact.update(`), the
 * SQL helpers with a literal table, raw SQL naming a table. A table passed as a variable (the
 * owners' own generic statements) is not seen; such code stays inside its owner by the module rule.
 */
function writes(): Write[] {
  const byAccessor = schemaTables();
  const tables = new Set(byAccessor.values());
  return SCANNED.flatMap(sources).flatMap((file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    const at = (index: number) => `${file}:${text.slice(0, index).split('\n').length}`;
    const found: Write[] = [];
    const add = (table: string | undefined, index: number) => {
      if (table && tables.has(table)) found.push({ table, module: moduleOf(file), at: at(index) });
    };
    for (const match of text.matchAll(PRISMA_WRITE)) add(byAccessor.get(match[1]!), match.index);
    for (const match of text.matchAll(HELPER_WRITE)) add(match[1], match.index);
    for (const match of text.matchAll(SQL_WRITE)) add(match[1], match.index);
    return found;
  });
}

describe('one writer per entity', () => {
  const all = writes();
  const allowed = (write: Write) =>
    SEEDERS.some((prefix) => write.at.startsWith(prefix)) ||
    NOT_YET_MOVED.some(([table, writer]) => table === write.table && writer === write.module);

  it('gives every table of the schema an owner, and owns no table the schema lacks', () => {
    const tables = [...new Set(schemaTables().values())].sort();
    expect(tables.filter((table) => !(table in OWNERS))).toEqual([]);
    expect(Object.keys(OWNERS).filter((table) => !tables.includes(table))).toEqual([]);
  });

  it('finds the writes it is meant to (the scanner is not blind)', () => {
    const seen = (table: string, module: string) => all.some((w) => w.table === table && w.module === module);
    expect(seen('contacts', 'crm/contacts')).toBe(true);
    expect(seen('sync_runs', 'hub/sync')).toBe(true);
    expect(seen('audit_logs', 'platform/audit')).toBe(true);
  });

  it('writes each table only from its owning module', () => {
    const strays = all
      .filter((write) => OWNERS[write.table] !== write.module && !allowed(write))
      .map((write) => `${write.at}: writes ${write.table}, owned by ${OWNERS[write.table]}`);
    expect(strays).toEqual([]);
  });

  it('keeps no exception that no longer writes', () => {
    const stale = NOT_YET_MOVED.filter(([table, writer]) => !all.some((w) => w.table === table && w.module === writer));
    expect(stale.map(([table, writer]) => `${table} <- ${writer}`)).toEqual([]);
  });
});
