// What the database itself refuses (docs/DATA-MODEL.md, "Invariants in the database"): one test
// per invariant, each proving the bad row is refused by the named constraint and the good one is
// accepted. Rows are written through the Prisma client, as the application writes them.
import { ENUMERATIONS, EntityType, newId } from '@meridian/domain';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { TaskKind } from '../../api/src/generated/prisma/enums.js';
import { createTestDatabase } from '#test/support/database.js';
import type { TestDatabase } from '#test/support/database.js';
import { buildModelWorld } from '#test/support/model-world.js';
import type { ModelWorld } from '#test/support/model-world.js';

let database: TestDatabase | undefined;
let prisma: PrismaClient;
let north: ModelWorld;
let south: ModelWorld;

beforeAll(async () => {
  database = await createTestDatabase();
  prisma = createPrismaClient(database.url);
  north = await buildModelWorld(prisma, 'North');
  south = await buildModelWorld(prisma, 'South');
});

afterAll(async () => {
  await prisma?.$disconnect();
  await database?.drop();
});

// ─── helpers ────────────────────────────────────────────────────────────────────────────────────

const CHECK_VIOLATION = '23514';
const FOREIGN_KEY_VIOLATION = '23503';
const UNIQUE_VIOLATION = '23505';

interface Violation {
  code: string | undefined;
  constraint: string | undefined;
}

/** The SQLSTATE and constraint name of a failed Prisma call (driver adapter errors carry both). */
function violationOf(error: unknown): Violation {
  const meta = (error as { meta?: { driverAdapterError?: { cause?: Record<string, unknown> } } }).meta;
  const cause = meta?.driverAdapterError?.cause ?? {};
  const index = (cause.constraint as { index?: string } | undefined)?.index;
  const fromMessage = /constraint "([^"]+)"/.exec(String(cause.originalMessage ?? ''))?.[1];
  return { code: cause.originalCode as string | undefined, constraint: index ?? fromMessage };
}

async function expectRefused(action: () => Promise<unknown>, code: string, constraint: string): Promise<void> {
  const error = await action().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (error === undefined) expect.fail(`expected ${constraint} to refuse the row, but it was accepted`);
  expect(violationOf(error), String(error)).toEqual({ code, constraint });
}

const refusedByCheck = (action: () => Promise<unknown>, constraint: string) =>
  expectRefused(action, CHECK_VIOLATION, constraint);

/** Prisma's default name of the foreign key on `columns` of `table`. */
function foreignKey(table: string, ...columns: string[]): string {
  return `${[table, ...columns].join('_').slice(0, 58)}_fkey`;
}

const d = (iso: string) => new Date(iso);

// ─── tenancy ────────────────────────────────────────────────────────────────────────────────────

describe('tenancy', () => {
  test('every table but organizations has a NOT NULL organization_id referencing organizations', async () => {
    const rows = await prisma.$queryRaw<{ table: string; nullable: string | null; references: boolean }[]>`
      SELECT t.table_name AS "table", c.is_nullable AS nullable,
             EXISTS (SELECT 1 FROM pg_constraint k
                      WHERE k.contype = 'f' AND k.conrelid = to_regclass(quote_ident(t.table_name))
                        AND k.confrelid = 'organizations'::regclass
                        AND k.conkey = ARRAY[(SELECT attnum FROM pg_attribute
                                               WHERE attrelid = k.conrelid AND attname = 'organization_id')])
               AS "references"
        FROM information_schema.tables t
        LEFT JOIN information_schema.columns c
          ON c.table_schema = t.table_schema AND c.table_name = t.table_name AND c.column_name = 'organization_id'
       WHERE t.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
         AND t.table_name NOT IN ('organizations', '_prisma_migrations')
       ORDER BY 1`;
    expect(rows.length).toBeGreaterThan(90);
    const unscoped = rows.filter((row) => row.nullable !== 'NO' || !row.references).map((row) => row.table);
    expect(unscoped, 'tables without a NOT NULL organization_id → organizations(id)').toEqual([]);
  });

  test('the fixture world writes a row into every table through the Prisma client', async () => {
    const empty: string[] = [];
    for (const table of await tableNames()) {
      if ((await rowCount(table, north.organizationId)) === 0) empty.push(table);
    }
    expect(empty).toEqual([]);
  });

  // A child row of North that names a parent of South is refused by the composite foreign key
  // (organization_id, parent_id) → parent(organization_id, id); the same row naming North's own
  // parent is accepted.
  const crossTenant: [string, string, (parent: ModelWorld) => Promise<unknown>][] = [
    [
      'team member → team',
      foreignKey('team_members', 'organization_id', 'team_id'),
      async (p) => {
        const userId = newId(EntityType.user);
        await prisma.user.create({
          data: {
            id: userId,
            organizationId: north.organizationId,
            email: `${userId.slice(-10).toLowerCase()}@firm.test`.replace(/[^a-z0-9@.]/g, 'x'),
            name: 'New',
            passwordHash: 'x',
            role: 'ADVISOR',
          },
        });
        return prisma.teamMember.create({
          data: { id: newId(EntityType.teamMember), organizationId: north.organizationId, teamId: p.teamId, userId },
        });
      },
    ],
    [
      'household → team',
      foreignKey('households', 'organization_id', 'team_id'),
      (p) =>
        prisma.household.create({
          data: { id: newId(EntityType.household), organizationId: north.organizationId, teamId: p.teamId, name: 'H' },
        }),
    ],
    [
      'person → household',
      foreignKey('persons', 'organization_id', 'household_id'),
      (p) =>
        prisma.person.create({
          data: {
            id: newId(EntityType.person),
            organizationId: north.organizationId,
            householdId: p.householdId,
            firstName: 'A',
            lastName: 'B',
          },
        }),
    ],
    [
      'contact → team',
      foreignKey('contacts', 'organization_id', 'team_id'),
      (p) =>
        prisma.contact.create({
          data: {
            id: newId(EntityType.contact),
            organizationId: north.organizationId,
            teamId: p.teamId,
            firstName: 'A',
            lastName: 'B',
          },
        }),
    ],
    [
      'contact e-mail → contact',
      foreignKey('contact_emails', 'organization_id', 'contact_id'),
      (p) =>
        prisma.contactEmail.create({
          data: {
            id: newId(EntityType.contactEmail),
            organizationId: north.organizationId,
            contactId: p.contactId,
            email: 'x@y.test',
          },
        }),
    ],
    [
      'contact phone number → contact',
      foreignKey('contact_phone_numbers', 'organization_id', 'contact_id'),
      (p) =>
        prisma.contactPhoneNumber.create({
          data: {
            id: newId(EntityType.contactPhoneNumber),
            organizationId: north.organizationId,
            contactId: p.contactId,
            number: '5550100',
          },
        }),
    ],
    [
      'financial record → household',
      foreignKey('financial_records', 'organization_id', 'household_id'),
      (p) =>
        prisma.financialRecord.create({
          data: {
            id: newId(EntityType.bankAccount),
            organizationId: north.organizationId,
            householdId: p.householdId,
            type: 'BANK_ACCOUNT',
          },
        }),
    ],
    [
      'financial record owner → person',
      foreignKey('financial_record_owners', 'organization_id', 'person_id'),
      async (p) => {
        // The world's person already owns every record: North's good case needs another person.
        const personId = p === north ? await newPerson(north) : p.personId;
        return prisma.financialRecordOwner.create({
          data: {
            id: newId(EntityType.accountOwner),
            organizationId: north.organizationId,
            financialRecordId: north.records.REAL_ASSET,
            recordType: 'REAL_ASSET',
            ownerKind: 'Person',
            personId,
          },
        });
      },
    ],
    [
      'cash flow source → household',
      foreignKey('cash_flow_sources', 'organization_id', 'household_id'),
      (p) =>
        prisma.cashFlowSource.create({
          data: {
            id: newId(EntityType.cashFlowSource),
            organizationId: north.organizationId,
            householdId: p.householdId,
            type: 'CONTRIBUTION',
            name: 'TFSA top-up',
          },
        }),
    ],
    [
      'cash flow → cash flow source',
      foreignKey('cash_flows', 'organization_id', 'cash_flow_source_id'),
      (p) =>
        prisma.cashFlow.create({
          data: {
            id: newId(EntityType.cashFlow),
            organizationId: north.organizationId,
            cashFlowSourceId: p.cashFlowSourceId,
            name: 'Monthly',
            amount: '100',
            amountCurrency: 'CAD',
            frequency: 'MONTHLY',
          },
        }),
    ],
    [
      'task → team',
      foreignKey('tasks', 'organization_id', 'team_id'),
      (p) =>
        prisma.task.create({
          data: {
            id: newId(EntityType.basicTask),
            organizationId: north.organizationId,
            teamId: p.teamId,
            title: 'T',
            ownerKind: 'HOUSEHOLD',
            ownerHouseholdId: north.householdId,
          },
        }),
    ],
    [
      'task → owner contact',
      foreignKey('tasks', 'organization_id', 'owner_contact_id'),
      (p) =>
        prisma.task.create({
          data: {
            id: newId(EntityType.basicTask),
            organizationId: north.organizationId,
            teamId: north.teamId,
            title: 'T',
            ownerKind: 'CONTACT',
            ownerContactId: p.contactId,
          },
        }),
    ],
    [
      'note → owner household',
      foreignKey('notes', 'organization_id', 'owner_household_id'),
      (p) =>
        prisma.note.create({
          data: {
            id: newId(EntityType.note),
            organizationId: north.organizationId,
            teamId: north.teamId,
            body: 'N',
            ownerKind: 'HOUSEHOLD',
            ownerHouseholdId: p.householdId,
          },
        }),
    ],
    [
      'meeting → team',
      foreignKey('meetings', 'organization_id', 'team_id'),
      (p) =>
        prisma.meeting.create({
          data: {
            id: newId(EntityType.meeting),
            organizationId: north.organizationId,
            teamId: p.teamId,
            organizerTeamMemberId: north.teamMemberId,
            title: 'M',
            message: 'm',
            type: 'PHONE',
            startTime: d('2030-01-01T10:00:00Z'),
            durationMinutes: 15,
            timeZone: 'America/Toronto',
          },
        }),
    ],
    [
      'connection → owner household',
      foreignKey('connections', 'organization_id', 'owner_household_id'),
      (p) =>
        prisma.connection.create({
          data: {
            id: newId(EntityType.connection),
            organizationId: north.organizationId,
            service: 'PLAID',
            ownerHouseholdId: p.householdId,
          },
        }),
    ],
    [
      'sync run → connection',
      foreignKey('sync_runs', 'organization_id', 'connection_id'),
      (p) =>
        prisma.syncRun.create({
          data: {
            id: newId(EntityType.syncRun),
            organizationId: north.organizationId,
            connectionId: p.connectionId,
            trigger: 'MANUAL',
            status: 'CANCELLED',
          },
        }),
    ],
  ];

  test.each(crossTenant)('a %s of another organization is refused', async (_name, constraint, make) => {
    await expectRefused(() => make(south), FOREIGN_KEY_VIOLATION, constraint);
    await expect(make(north)).resolves.toBeDefined();
  });
});

// ─── CHECK constraints ──────────────────────────────────────────────────────────────────────────

interface CheckCase {
  constraint: string;
  /** The same kind of write with acceptable values. */
  good: () => Promise<unknown>;
  /** Writes each of which the constraint refuses. */
  bad: (() => Promise<unknown>)[];
}

/**
 * The cases, built for world `w`. Test names are collected before the world exists, from a
 * placeholder world; the writes only run inside the tests, against North.
 */
function checkCases(w: ModelWorld): CheckCase[] {
  const org = { organizationId: w.organizationId };
  const r = w.records;
  return [
    // Identity and organization
    {
      constraint: 'organizations_nrd_digits_check',
      good: () => prisma.organization.update({ where: { id: w.organizationId }, data: { nrd: '12345' } }),
      bad: ['ab', '12', '123456', '12a'].map(
        (nrd) => () => prisma.organization.update({ where: { id: w.organizationId }, data: { nrd } }),
      ),
    },
    {
      constraint: 'teams_name_length_check',
      good: () => prisma.team.update({ where: { id: w.teamId }, data: { name: 'Wealth' } }),
      bad: ['ab', 'x'.repeat(256)].map((name) => () => prisma.team.update({ where: { id: w.teamId }, data: { name } })),
    },
    {
      constraint: 'professionals_bio_words_check',
      good: () => prisma.professional.update({ where: { id: w.professionalId }, data: { bio: 'word '.repeat(500) } }),
      bad: [() => prisma.professional.update({ where: { id: w.professionalId }, data: { bio: 'word '.repeat(501) } })],
    },
    {
      constraint: 'professionals_phone_country_code_check',
      good: () => prisma.professional.update({ where: { id: w.professionalId }, data: { phoneCountryCode: '44' } }),
      bad: ['', '1234', '+1'].map(
        (phoneCountryCode) => () =>
          prisma.professional.update({ where: { id: w.professionalId }, data: { phoneCountryCode } }),
      ),
    },
    {
      constraint: 'professionals_phone_number_check',
      good: () => prisma.professional.update({ where: { id: w.professionalId }, data: { phoneNumber: '5550' } }),
      bad: ['555', '1234567890123', '555-0100'].map(
        (phoneNumber) => () => prisma.professional.update({ where: { id: w.professionalId }, data: { phoneNumber } }),
      ),
    },
    {
      constraint: 'invitations_delivery_address_check',
      good: () =>
        prisma.invitation.update({ where: { id: w.invitationId }, data: { method: 'LINK', email: null, phone: null } }),
      bad: [
        () => prisma.invitation.update({ where: { id: w.invitationId }, data: { method: 'EMAIL', email: null } }),
        () => prisma.invitation.update({ where: { id: w.invitationId }, data: { method: 'SMS', phone: null } }),
      ],
    },
    {
      constraint: 'invitations_accepted_check',
      good: () =>
        prisma.invitation.update({
          where: { id: w.invitationId },
          data: { status: 'ACCEPTED', acceptedAt: new Date() },
        }),
      bad: [
        () =>
          prisma.invitation.update({ where: { id: w.invitationId }, data: { status: 'ACCEPTED', acceptedAt: null } }),
      ],
    },
    {
      constraint: 'invitations_client_contact_check',
      good: () =>
        prisma.invitation.update({ where: { id: w.invitationId }, data: { type: 'CLIENT', contactId: w.contactId } }),
      bad: [
        () => prisma.invitation.update({ where: { id: w.invitationId }, data: { type: 'CLIENT', contactId: null } }),
      ],
    },
    {
      constraint: 'brand_logos_file_size_check',
      good: () => prisma.brandLogo.updateMany({ where: { brandId: w.brandId }, data: { fileSize: 1 } }),
      bad: [() => prisma.brandLogo.updateMany({ where: { brandId: w.brandId }, data: { fileSize: 0 } })],
    },
    {
      constraint: 'profile_links_position_check',
      good: () => prisma.profileLink.updateMany({ where: { linksProfileId: w.linksProfileId }, data: { position: 0 } }),
      bad: [
        () => prisma.profileLink.updateMany({ where: { linksProfileId: w.linksProfileId }, data: { position: -1 } }),
      ],
    },
    {
      constraint: 'links_profiles_slug_check',
      good: () => prisma.linksProfile.update({ where: { id: w.linksProfileId }, data: { slug: 'fay-2-lee' } }),
      bad: ['fa', 'Fay-lee', 'fay--lee', '-fay', 'fay-', 'fay_lee', 'a'.repeat(41)].map(
        (slug) => () => prisma.linksProfile.update({ where: { id: w.linksProfileId }, data: { slug } }),
      ),
    },
    // Contacts and pipeline
    {
      constraint: 'contact_phone_numbers_country_code_check',
      good: () =>
        prisma.contactPhoneNumber.update({ where: { id: w.contactPhoneNumberId }, data: { countryCode: '351' } }),
      bad: ['', '1234', 'a'].map(
        (countryCode) => () =>
          prisma.contactPhoneNumber.update({ where: { id: w.contactPhoneNumberId }, data: { countryCode } }),
      ),
    },
    {
      constraint: 'contact_phone_numbers_number_check',
      good: () =>
        prisma.contactPhoneNumber.update({ where: { id: w.contactPhoneNumberId }, data: { number: '123456789012' } }),
      bad: ['123', '1234567890123', '416 555 0199'].map(
        (number) => () => prisma.contactPhoneNumber.update({ where: { id: w.contactPhoneNumberId }, data: { number } }),
      ),
    },
    {
      constraint: 'contact_employments_dates_check',
      good: () =>
        prisma.contactEmployment.update({ where: { id: w.contactEmploymentId }, data: { endDate: d('2010-01-01') } }),
      bad: [
        () =>
          prisma.contactEmployment.update({ where: { id: w.contactEmploymentId }, data: { endDate: d('2009-12-31') } }),
      ],
    },
    {
      constraint: 'opportunities_confidence_check',
      good: () => prisma.opportunity.update({ where: { id: w.opportunityId }, data: { confidence: 100 } }),
      bad: [101, -1].map(
        (confidence) => () => prisma.opportunity.update({ where: { id: w.opportunityId }, data: { confidence } }),
      ),
    },
    {
      constraint: 'proposals_portfolio_pdf_file_size_check',
      good: () => prisma.proposal.update({ where: { id: w.proposalId }, data: { portfolioPdfFileSize: 1 } }),
      bad: [() => prisma.proposal.update({ where: { id: w.proposalId }, data: { portfolioPdfFileSize: 0 } })],
    },
    {
      constraint: 'offers_parent_check',
      good: () => prisma.offer.create({ data: offer({ packageTemplateId: w.packageTemplateId }) }),
      bad: [
        () => prisma.offer.create({ data: offer({}) }),
        () =>
          prisma.offer.create({ data: offer({ proposalId: w.proposalId, packageTemplateId: w.packageTemplateId }) }),
      ],
    },
    {
      constraint: 'offers_billing_start_date_check',
      good: () =>
        prisma.offer.create({
          data: offer({ proposalId: w.proposalId, billingStartType: 'CUSTOM_DATE', billingStartDate: d('2027-01-01') }),
        }),
      bad: [() => prisma.offer.create({ data: offer({ proposalId: w.proposalId, billingStartType: 'CUSTOM_DATE' }) })],
    },
    {
      constraint: 'offers_pricing_check',
      good: () =>
        prisma.offer.create({
          data: offer({
            proposalId: w.proposalId,
            pricingType: 'RECURRING_PAYMENT',
            recurringAmount: '200',
            recurringAmountCurrency: 'CAD',
            recurringFrequency: 'MONTHLY',
          }),
        }),
      bad: [
        () => prisma.offer.create({ data: offer({ proposalId: w.proposalId, pricingType: 'ONE_TIME_FEE' }) }),
        () =>
          prisma.offer.create({
            data: offer({
              proposalId: w.proposalId,
              pricingType: 'RECURRING_PAYMENT',
              recurringAmount: '200',
              recurringAmountCurrency: 'CAD',
            }),
          }),
      ],
    },
    {
      constraint: 'offers_recurring_duration_check',
      good: () => prisma.offer.update({ where: { id: w.offerId }, data: { recurringDuration: 12 } }),
      bad: [() => prisma.offer.update({ where: { id: w.offerId }, data: { recurringDuration: 0 } })],
    },
    {
      constraint: 'offer_fee_tiers_fee_check',
      good: () => prisma.offerFeeTier.create({ data: feeTier(1, { fee: '100' }) }),
      bad: ['100.000001', '-0.5', '101'].map((fee) => () => prisma.offerFeeTier.create({ data: feeTier(2, { fee }) })),
    },
    {
      constraint: 'offer_fee_tiers_breakpoint_check',
      good: () => prisma.offerFeeTier.create({ data: feeTier(3, { breakpoint: '0.01' }) }),
      bad: [() => prisma.offerFeeTier.create({ data: feeTier(4, { breakpoint: '0' }) })],
    },
    {
      constraint: 'offer_fee_tiers_position_check',
      good: () => prisma.offerFeeTier.create({ data: feeTier(5, {}) }),
      bad: [() => prisma.offerFeeTier.create({ data: feeTier(-1, {}) })],
    },
    // Household services and their billing
    {
      constraint: 'household_services_billing_check',
      good: () =>
        prisma.householdService.update({ where: { id: w.householdServiceId }, data: { billingStatus: 'PAST_DUE' } }),
      bad: [
        () =>
          prisma.householdService.update({
            where: { id: w.householdServiceId },
            data: { billingStatus: 'NOT_BILLED_HERE' },
          }),
        () =>
          prisma.householdService.update({ where: { id: w.householdServiceId }, data: { paymentSource: 'MANUAL' } }),
      ],
    },
    {
      constraint: 'billing_invoices_amount_check',
      good: () => prisma.billingInvoice.update({ where: { id: w.billingInvoiceId }, data: { amount: '0' } }),
      bad: [() => prisma.billingInvoice.update({ where: { id: w.billingInvoiceId }, data: { amount: '-0.01' } })],
    },
    // E-mail threads
    {
      constraint: 'email_threads_provider_thread_id_check',
      good: () => prisma.emailThread.update({ where: { id: w.emailThreadId }, data: { providerThreadId: 'thread-2' } }),
      bad: [() => prisma.emailThread.update({ where: { id: w.emailThreadId }, data: { providerThreadId: '' } })],
    },
    {
      constraint: 'email_threads_participants_check',
      good: () => prisma.emailThread.update({ where: { id: w.emailThreadId }, data: { participants: [] } }),
      bad: [
        () =>
          prisma.emailThread.update({
            where: { id: w.emailThreadId },
            data: { participants: { email: 'ana@example.test' } },
          }),
      ],
    },
    {
      constraint: 'email_threads_message_count_check',
      good: () =>
        prisma.emailThread.update({ where: { id: w.emailThreadId }, data: { messageIds: [], messageCount: 0 } }),
      bad: [
        () => prisma.emailThread.update({ where: { id: w.emailThreadId }, data: { messageCount: 2 } }),
        () => prisma.emailThread.update({ where: { id: w.emailThreadId }, data: { messageCount: -1 } }),
      ],
    },
    // Tasks, workflows, meetings
    {
      constraint: 'tasks_scheduled_time_check',
      good: () =>
        prisma.task.update({
          where: { id: w.taskId },
          data: { status: 'SCHEDULED', scheduledTime: d('2030-02-01T09:00:00Z') },
        }),
      bad: [
        () => prisma.task.update({ where: { id: w.taskId }, data: { status: 'SCHEDULED', scheduledTime: null } }),
        () =>
          prisma.task.update({
            where: { id: w.taskId },
            data: { status: 'TODO', scheduledTime: d('2030-02-01T09:00:00Z') },
          }),
      ],
    },
    {
      constraint: 'tasks_meeting_task_type_check',
      good: () => prisma.task.update({ where: { id: w.taskId }, data: { meetingTaskType: 'POST' } }),
      bad: [
        () => prisma.task.update({ where: { id: w.taskId }, data: { meetingTaskType: null } }),
        () => prisma.task.create({ data: { ...task(), meetingTaskType: 'PRE' } }),
      ],
    },
    {
      constraint: 'tasks_assignee_check',
      good: () => prisma.task.create({ data: { ...task(), assigneePersonId: w.personId } }),
      bad: [
        () =>
          prisma.task.create({
            data: { ...task(), assigneePersonId: w.personId, assigneeTeamMemberId: w.teamMemberId },
          }),
      ],
    },
    {
      constraint: 'tasks_owner_check',
      good: () =>
        prisma.task.create({
          data: { ...task(), ownerKind: 'GROUP', ownerHouseholdId: null, ownerGroupId: w.groupId },
        }),
      bad: [
        () => prisma.task.create({ data: { ...task(), ownerHouseholdId: null } }),
        () => prisma.task.create({ data: { ...task(), ownerContactId: w.contactId } }),
        () => prisma.task.create({ data: { ...task(), ownerKind: 'TRUST' } }),
      ],
    },
    {
      constraint: 'workflow_steps_position_check',
      good: () => prisma.workflowStep.update({ where: { id: w.workflowStepId }, data: { position: 0 } }),
      bad: [() => prisma.workflowStep.update({ where: { id: w.workflowStepId }, data: { position: -1 } })],
    },
    {
      constraint: 'workflow_step_requirements_met_or_cancelled_check',
      good: () =>
        prisma.workflowStepRequirement.update({
          where: { id: w.workflowStepRequirementId },
          data: { metAt: d('2026-11-28T09:00:00Z'), cancelledAt: null },
        }),
      bad: [
        () =>
          prisma.workflowStepRequirement.update({
            where: { id: w.workflowStepRequirementId },
            data: { metAt: d('2026-11-28T09:00:00Z'), cancelledAt: d('2026-11-28T09:00:00Z') },
          }),
      ],
    },
    {
      constraint: 'workflow_step_requirements_document_label_check',
      good: () =>
        prisma.workflowStepRequirement.update({
          where: { id: w.workflowStepRequirementId },
          data: { label: 'Signed form' },
        }),
      bad: [null, '  '].map(
        (label) => () =>
          prisma.workflowStepRequirement.update({ where: { id: w.workflowStepRequirementId }, data: { label } }),
      ),
    },
    {
      constraint: 'workflows_rule_reason_check',
      good: () =>
        prisma.workflow.update({
          where: { id: w.workflowId },
          data: { ruleKey: 'CONVERSION_AT_71:check', reason: 'why' },
        }),
      bad: [
        () =>
          prisma.workflow.update({
            where: { id: w.workflowId },
            data: { ruleKey: 'CONVERSION_AT_71:x', reason: null },
          }),
      ],
    },
    {
      constraint: 'meetings_location_check',
      good: () => prisma.meeting.update({ where: { id: w.meetingId }, data: { type: 'PHONE', location: null } }),
      bad: [
        () => prisma.meeting.update({ where: { id: w.meetingId }, data: { type: 'IN_PERSON', location: null } }),
        () => prisma.meeting.update({ where: { id: w.meetingId }, data: { type: 'OTHER', location: '  ' } }),
      ],
    },
    {
      constraint: 'meetings_duration_check',
      good: () => prisma.meeting.update({ where: { id: w.meetingId }, data: { durationMinutes: 1 } }),
      bad: [() => prisma.meeting.update({ where: { id: w.meetingId }, data: { durationMinutes: 0 } })],
    },
    {
      constraint: 'meeting_participants_role_check',
      good: () => prisma.meetingParticipant.create({ data: participant({ role: 'EXTERNAL' }) }),
      bad: [
        () => prisma.meetingParticipant.create({ data: participant({ role: 'CONTACT' }) }),
        () => prisma.meetingParticipant.create({ data: participant({ role: 'EXTERNAL', contactId: w.contactId }) }),
        () => prisma.meetingParticipant.create({ data: participant({ role: 'TEAM_MEMBER', contactId: w.contactId }) }),
      ],
    },
    {
      constraint: 'meeting_agenda_items_position_check',
      good: () => prisma.meetingAgendaItem.updateMany({ where: { meetingId: w.meetingId }, data: { position: 3 } }),
      bad: [() => prisma.meetingAgendaItem.updateMany({ where: { meetingId: w.meetingId }, data: { position: -3 } })],
    },
    {
      constraint: 'meeting_templates_available_days_check',
      good: () =>
        prisma.meetingTemplate.update({ where: { id: w.meetingTemplateId }, data: { availableDaysInFuture: 365 } }),
      bad: [0, 366].map(
        (availableDaysInFuture) => () =>
          prisma.meetingTemplate.update({ where: { id: w.meetingTemplateId }, data: { availableDaysInFuture } }),
      ),
    },
    {
      constraint: 'meeting_templates_durations_check',
      good: () =>
        prisma.meetingTemplate.update({ where: { id: w.meetingTemplateId }, data: { beforeBufferMinutes: 0 } }),
      bad: [
        { durationMinutes: 0 },
        { beforeBufferMinutes: -1 },
        { afterBufferMinutes: -1 },
        { minimumNoticeMinutes: -1 },
        { minimumCancellationNoticeMinutes: -1 },
      ].map((data) => () => prisma.meetingTemplate.update({ where: { id: w.meetingTemplateId }, data })),
    },
    {
      constraint: 'meeting_templates_time_zone_check',
      good: () =>
        prisma.meetingTemplate.update({ where: { id: w.meetingTemplateId }, data: { timeZone: 'America/St_Johns' } }),
      bad: ['America/New_York', 'Toronto'].map(
        (timeZone) => () => prisma.meetingTemplate.update({ where: { id: w.meetingTemplateId }, data: { timeZone } }),
      ),
    },
    {
      constraint: 'meeting_template_opening_hours_days_check',
      good: () =>
        prisma.meetingTemplateOpeningHours.update({ where: { id: w.openingHoursId }, data: { days: [0, 6] } }),
      bad: [[], [7], [-1, 1]].map(
        (days) => () => prisma.meetingTemplateOpeningHours.update({ where: { id: w.openingHoursId }, data: { days } }),
      ),
    },
    {
      constraint: 'meeting_template_opening_hours_times_check',
      good: () =>
        prisma.meetingTemplateOpeningHours.update({
          where: { id: w.openingHoursId },
          data: { startTime: '00:00', endTime: '23:59' },
        }),
      bad: [
        { startTime: '9:00', endTime: '17:00' },
        { startTime: '09:00', endTime: '24:00' },
        { startTime: '17:00', endTime: '09:00' },
        { startTime: '09:60', endTime: '10:00' },
      ].map((data) => () => prisma.meetingTemplateOpeningHours.update({ where: { id: w.openingHoursId }, data })),
    },
    // Notes, documents, custom fields, plans
    {
      constraint: 'notes_owner_check',
      good: () => prisma.note.create({ data: note({ ownerKind: 'TEAM', ownerTeamId: w.teamId }) }),
      bad: [
        () => prisma.note.create({ data: note({ ownerKind: 'TEAM' }) }),
        () =>
          prisma.note.create({ data: note({ ownerKind: 'TEAM', ownerTeamId: w.teamId, ownerPersonId: w.personId }) }),
        () => prisma.note.create({ data: note({ ownerKind: 'PERSON', ownerTeamId: w.teamId }) }),
      ],
    },
    {
      constraint: 'note_attachments_file_size_check',
      good: () => prisma.noteAttachment.updateMany({ where: { noteId: w.noteId }, data: { fileSize: 1 } }),
      bad: [() => prisma.noteAttachment.updateMany({ where: { noteId: w.noteId }, data: { fileSize: 0 } })],
    },
    {
      constraint: 'documents_owner_check',
      good: () =>
        prisma.document.update({
          where: { id: w.documentId },
          data: { ownerKind: 'TRUST', ownerHouseholdId: null, ownerTrustId: w.trustId },
        }),
      bad: [
        () => prisma.document.update({ where: { id: w.documentId }, data: { ownerKind: 'FOUNDATION' } }),
        () => prisma.document.update({ where: { id: w.documentId }, data: { ownerFoundationId: w.foundationId } }),
      ],
    },
    {
      constraint: 'documents_file_size_check',
      good: () => prisma.document.update({ where: { id: w.documentId }, data: { fileSize: BigInt(1) } }),
      bad: [() => prisma.document.update({ where: { id: w.documentId }, data: { fileSize: BigInt(0) } })],
    },
    {
      constraint: 'custom_field_values_entity_check',
      good: () => prisma.customFieldValue.create({ data: customValue({}) }),
      bad: [
        () => prisma.customFieldValue.create({ data: customValue({ contactId: null }) }),
        () => prisma.customFieldValue.create({ data: customValue({ householdId: w.householdId }) }),
      ],
    },
    {
      constraint: 'plan_milestones_color_hex_check',
      good: () => prisma.planMilestone.updateMany({ where: { planId: w.planId }, data: { colorHex: '#ABCDEF' } }),
      bad: ['red', '#12345', '#1234567', '#GGGGGG'].map(
        (colorHex) => () => prisma.planMilestone.updateMany({ where: { planId: w.planId }, data: { colorHex } }),
      ),
    },
    {
      constraint: 'plan_flows_kind_check',
      good: () => prisma.planFlow.update({ where: { id: w.planFlowId }, data: { kind: 'EXPENSE' } }),
      bad: [() => prisma.planFlow.update({ where: { id: w.planFlowId }, data: { kind: 'DEBT' } })],
    },
    // Financial records
    {
      constraint: 'financial_records_connection_check',
      good: () =>
        prisma.financialRecord.update({
          where: { id: r.BANK_ACCOUNT },
          data: { connectionType: 'CONNECTION', connectionId: w.connectionId },
        }),
      bad: [
        () =>
          prisma.financialRecord.update({
            where: { id: r.BANK_ACCOUNT },
            data: { connectionType: 'CONNECTION', connectionId: null },
          }),
      ],
    },
    {
      constraint: 'financial_records_joint_check',
      good: () => prisma.financialRecord.update({ where: { id: r.BANK_ACCOUNT }, data: { isJoint: true } }),
      bad: [() => prisma.financialRecord.update({ where: { id: r.DEFINED_BENEFIT_PENSION }, data: { isJoint: true } })],
    },
    {
      constraint: 'financial_record_owners_owner_check',
      good: () =>
        prisma.financialRecordOwner.create({ data: owner('REAL_ASSET', { ownerKind: 'Trust', trustId: w.trustId }) }),
      bad: [
        // zero owner kinds set
        () => prisma.financialRecordOwner.create({ data: owner('REAL_ASSET', { ownerKind: 'Trust' }) }),
        // two owner kinds set
        () =>
          prisma.financialRecordOwner.create({
            data: owner('REAL_ASSET', {
              ownerKind: 'Foundation',
              foundationId: w.foundationId,
              corporationId: w.corporationId,
            }),
          }),
        // the one set is not the kind named
        () =>
          prisma.financialRecordOwner.create({
            data: owner('REAL_ASSET', { ownerKind: 'Person', foundationId: w.foundationId }),
          }),
      ],
    },
    {
      constraint: 'financial_record_owners_pension_owner_check',
      good: () =>
        prisma.financialRecordOwner.create({ data: owner('BANK_ACCOUNT', { ownerKind: 'Trust', trustId: w.trustId }) }),
      bad: [
        () =>
          prisma.financialRecordOwner.create({
            data: owner('DEFINED_BENEFIT_PENSION', { ownerKind: 'Corporation', corporationId: w.corporationId }),
          }),
      ],
    },
    {
      constraint: 'financial_record_owners_ownership_percent_check',
      good: () =>
        prisma.financialRecordOwner.create({
          data: owner('PRIVATE_INVESTMENT', { ownerKind: 'Trust', trustId: w.trustId, ownershipPercent: '100' }),
        }),
      bad: ['0', '100.5'].map(
        (ownershipPercent) => () =>
          prisma.financialRecordOwner.create({
            data: owner('PRIVATE_INVESTMENT', {
              ownerKind: 'Foundation',
              foundationId: w.foundationId,
              ownershipPercent,
            }),
          }),
      ),
    },
    {
      constraint: 'liability_parties_record_type_check',
      good: () =>
        prisma.liabilityParty.create({
          data: {
            ...org,
            financialRecordId: r.MORTGAGE,
            recordType: 'MORTGAGE',
            personId: w.personId,
            role: 'COSIGNER',
          },
        }),
      bad: [
        () =>
          prisma.liabilityParty.create({
            data: {
              ...org,
              financialRecordId: r.BANK_ACCOUNT,
              recordType: 'BANK_ACCOUNT',
              personId: w.personId,
              role: 'BORROWER',
            },
          }),
      ],
    },
    ...recordTypeCases(),
    {
      constraint: 'additional_cards_record_type_check',
      good: () => prisma.additionalCard.create({ data: card({}) }),
      bad: [() => prisma.additionalCard.create({ data: card({ creditCardRecordType: 'LOAN' }) })],
    },
    {
      constraint: 'credit_cards_last_four_digits_check',
      good: () => prisma.creditCard.update({ where: { id: r.CREDIT_CARD }, data: { lastFourDigits: '0000' } }),
      bad: ['123', '12345', '12a4'].map(
        (lastFourDigits) => () => prisma.creditCard.update({ where: { id: r.CREDIT_CARD }, data: { lastFourDigits } }),
      ),
    },
    {
      constraint: 'additional_cards_first_four_digits_check',
      good: () => prisma.additionalCard.create({ data: card({ firstFourDigits: '9999' }) }),
      bad: ['123', '12345', 'abcd'].map(
        (firstFourDigits) => () => prisma.additionalCard.create({ data: card({ firstFourDigits }) }),
      ),
    },
    {
      constraint: 'additional_cards_last_four_digits_check',
      good: () => prisma.additionalCard.create({ data: card({ lastFourDigits: '0001' }) }),
      bad: ['123', '12345', ' 123'].map(
        (lastFourDigits) => () => prisma.additionalCard.create({ data: card({ lastFourDigits }) }),
      ),
    },
    ...(['credit_cards', 'lines_of_credit', 'loans'] as const).map(securedByCase),
    {
      constraint: 'mortgages_property_check',
      good: () =>
        prisma.mortgage.update({ where: { id: r.MORTGAGE }, data: { propertyId: null, propertyRecordType: null } }),
      bad: [
        () => prisma.mortgage.update({ where: { id: r.MORTGAGE }, data: { propertyRecordType: null } }),
        () =>
          prisma.mortgage.update({
            where: { id: r.MORTGAGE },
            data: { propertyId: r.REAL_ASSET, propertyRecordType: 'REAL_ASSET' },
          }),
      ],
    },
    {
      constraint: 'mortgages_amortization_months_check',
      good: () => prisma.mortgage.update({ where: { id: r.MORTGAGE }, data: { amortizationMonths: 1 } }),
      bad: [() => prisma.mortgage.update({ where: { id: r.MORTGAGE }, data: { amortizationMonths: 0 } })],
    },
    {
      constraint: 'defined_benefit_pensions_formula_check',
      good: () =>
        prisma.definedBenefitPension.update({
          where: { id: r.DEFINED_BENEFIT_PENSION },
          data: {
            formulaType: 'CAREER_AVERAGE_EARNINGS',
            averageSalary: '80000',
            averageSalaryCurrency: 'CAD',
            accrualRatePercent: '1.5',
          },
        }),
      bad: [
        { formulaType: 'FINAL_AVERAGE_EARNINGS' as const },
        { formulaType: 'CAREER_AVERAGE_EARNINGS' as const, accrualRatePercent: null },
        { formulaType: 'FLAT_BENEFIT' as const, amountPerYear: null, amountPerYearCurrency: null },
      ].map((data) => () => prisma.definedBenefitPension.update({ where: { id: r.DEFINED_BENEFIT_PENSION }, data })),
    },
    {
      constraint: 'defined_benefit_pensions_service_dates_check',
      good: () =>
        prisma.definedBenefitPension.update({
          where: { id: r.DEFINED_BENEFIT_PENSION },
          data: { serviceEndDate: d('2000-01-01') },
        }),
      bad: [
        () =>
          prisma.definedBenefitPension.update({
            where: { id: r.DEFINED_BENEFIT_PENSION },
            data: { serviceEndDate: d('1999-12-31') },
          }),
      ],
    },
    {
      constraint: 'defined_benefit_pensions_penalty_check',
      good: () =>
        prisma.definedBenefitPension.update({
          where: { id: r.DEFINED_BENEFIT_PENSION },
          data: { earlyRetirementPenaltyPercentPerYear: '6', earlyRetirementPenaltyCapPercent: '100' },
        }),
      bad: [{ earlyRetirementPenaltyPercentPerYear: '-1' }, { earlyRetirementPenaltyCapPercent: '100.1' }].map(
        (data) => () => prisma.definedBenefitPension.update({ where: { id: r.DEFINED_BENEFIT_PENSION }, data }),
      ),
    },
    // Cash flows
    {
      constraint: 'cash_flow_sources_necessity_check',
      good: () =>
        prisma.cashFlowSource.create({ data: source({ type: 'EXPENSE', subtype: 'LIFESTYLE', necessity: 'WANT' }) }),
      bad: [() => prisma.cashFlowSource.create({ data: source({ type: 'EXPENSE', subtype: 'LIFESTYLE' }) })],
    },
    {
      constraint: 'cash_flow_sources_subtype_check',
      good: () => prisma.cashFlowSource.create({ data: source({ type: 'INCOME', subtype: 'SALARY' }) }),
      bad: [
        () => prisma.cashFlowSource.create({ data: source({ type: 'INCOME' }) }),
        () => prisma.cashFlowSource.create({ data: source({ type: 'EXPENSE', necessity: 'NEED', subtype: ' ' }) }),
      ],
    },
    {
      constraint: 'cash_flow_parties_owner_check',
      good: () =>
        prisma.cashFlowParty.create({ data: party({ ownerKind: 'Corporation', corporationId: w.corporationId }) }),
      bad: [
        () => prisma.cashFlowParty.create({ data: party({ ownerKind: 'Corporation' }) }),
        () =>
          prisma.cashFlowParty.create({
            data: party({ ownerKind: 'Person', personId: w.personId, trustId: w.trustId }),
          }),
      ],
    },
    {
      constraint: 'cash_flows_dates_check',
      good: () =>
        prisma.cashFlow.updateMany({
          where: { cashFlowSourceId: w.cashFlowSourceId },
          data: { startDate: d('2026-01-01'), endDate: d('2026-01-01') },
        }),
      bad: [
        () =>
          prisma.cashFlow.updateMany({
            where: { cashFlowSourceId: w.cashFlowSourceId },
            data: { startDate: d('2026-01-02'), endDate: d('2026-01-01') },
          }),
      ],
    },
    {
      constraint: 'transaction_categories_nature_check',
      good: () => prisma.transactionCategory.create({ data: category({ group: 'INCOME', nature: 'NA' }) }),
      bad: [
        () => prisma.transactionCategory.create({ data: category({ group: 'INCOME', nature: 'ESSENTIAL' }) }),
        () => prisma.transactionCategory.create({ data: category({ group: 'EXPENSE', nature: 'NA' }) }),
      ],
    },
    // Integration hub
    {
      constraint: 'connections_service_or_source_check',
      good: () => prisma.connection.create({ data: connection({ source: 'WEALTHBOX' }) }),
      bad: [
        () => prisma.connection.create({ data: connection({}) }),
        () => prisma.connection.create({ data: connection({ service: 'PLAID', source: 'WEALTHBOX' }) }),
      ],
    },
    {
      constraint: 'connections_credentials_check',
      good: () =>
        prisma.connection.update({
          where: { id: w.connectionId },
          data: { credentialsCiphertext: Buffer.from('other'), credentialsKeyId: 'key-2' },
        }),
      bad: [
        () => prisma.connection.update({ where: { id: w.connectionId }, data: { credentialsKeyId: null } }),
        () => prisma.connection.update({ where: { id: w.connectionId }, data: { credentialsCiphertext: null } }),
      ],
    },
    {
      constraint: 'connections_owner_check',
      good: () => prisma.connection.create({ data: connection({ service: 'STRIPE' }) }),
      bad: [
        () =>
          prisma.connection.create({
            data: connection({ service: 'PLAID', ownerHouseholdId: w.householdId, ownerTeamId: w.teamId }),
          }),
      ],
    },
    {
      constraint: 'connections_sync_interval_check',
      good: () => prisma.connection.update({ where: { id: w.connectionId }, data: { syncIntervalMinutes: 15 } }),
      bad: [() => prisma.connection.update({ where: { id: w.connectionId }, data: { syncIntervalMinutes: 0 } })],
    },
    {
      constraint: 'sync_runs_attempt_check',
      good: () => prisma.syncRun.update({ where: { id: w.syncRunId }, data: { attempt: 2 } }),
      bad: [() => prisma.syncRun.update({ where: { id: w.syncRunId }, data: { attempt: 0 } })],
    },
    {
      constraint: 'sync_runs_counts_check',
      good: () => prisma.syncRun.update({ where: { id: w.syncRunId }, data: { unchangedCount: 0 } }),
      bad: ['createdCount', 'updatedCount', 'unchangedCount', 'deletedCount', 'failedCount'].map(
        (count) => () => prisma.syncRun.update({ where: { id: w.syncRunId }, data: { [count]: -1 } }),
      ),
    },
    {
      constraint: 'sync_runs_timings_check',
      good: () =>
        prisma.syncRun.update({ where: { id: w.syncRunId }, data: { finishedAt: d('2026-11-01T10:00:00Z') } }),
      bad: [
        () => prisma.syncRun.update({ where: { id: w.syncRunId }, data: { finishedAt: d('2026-11-01T09:59:59Z') } }),
      ],
    },
    {
      constraint: 'sync_runs_status_check',
      good: () => prisma.syncRun.update({ where: { id: w.syncRunId }, data: { status: 'PARTIAL' } }),
      bad: [
        () => prisma.syncRun.update({ where: { id: w.syncRunId }, data: { status: 'FAILED', finishedAt: null } }),
        () => prisma.syncRun.update({ where: { id: w.syncRunId }, data: { status: 'QUEUED' } }),
      ],
    },
    {
      constraint: 'import_batches_status_check',
      good: () =>
        prisma.importBatch.update({
          where: { id: w.importBatchId },
          data: { status: 'ROLLED_BACK', rolledBackAt: new Date() },
        }),
      bad: [
        () =>
          prisma.importBatch.update({
            where: { id: w.importBatchId },
            data: { status: 'ROLLED_BACK', rolledBackAt: null },
          }),
        () =>
          prisma.importBatch.update({
            where: { id: w.importBatchId },
            data: { status: 'APPLIED', rolledBackAt: new Date() },
          }),
      ],
    },
    {
      constraint: 'import_batches_row_count_check',
      good: () => prisma.importBatch.update({ where: { id: w.importBatchId }, data: { rowCount: 0 } }),
      bad: [() => prisma.importBatch.update({ where: { id: w.importBatchId }, data: { rowCount: -1 } })],
    },
    {
      constraint: 'external_links_origin_check',
      good: () => prisma.externalLink.create({ data: link({ service: 'PLAID' }) }),
      bad: [
        () => prisma.externalLink.create({ data: link({}) }),
        () => prisma.externalLink.create({ data: link({ service: 'PLAID', source: 'WEALTHBOX' }) }),
      ],
    },
    {
      constraint: 'external_links_entity_check',
      good: () =>
        prisma.externalLink.create({ data: link({ source: 'PIPEDRIVE', entityType: 'person', entityId: w.personId }) }),
      bad: [
        { entityType: 'contact', entityId: w.personId },
        { entityType: 'contact', entityId: 'contact-short' },
        { entityType: 'Contact', entityId: w.contactId.replace('contact', 'Contact') },
        { entityType: '.*', entityId: w.contactId },
      ].map((entity) => () => prisma.externalLink.create({ data: link({ source: 'PIPEDRIVE', ...entity }) })),
    },
    {
      constraint: 'fx_rates_rate_check',
      good: () => prisma.fxRate.create({ data: rate({ rate: '0.000000000001' }) }),
      bad: ['0', '-1.2'].map((value) => () => prisma.fxRate.create({ data: rate({ rate: value }) })),
    },
    {
      constraint: 'fx_rates_currencies_check',
      good: () => prisma.fxRate.create({ data: rate({ baseCurrency: 'EUR', quoteCurrency: 'CAD' }) }),
      bad: [() => prisma.fxRate.create({ data: rate({ baseCurrency: 'CAD', quoteCurrency: 'CAD' }) })],
    },
    {
      constraint: 'audit_logs_states_check',
      good: () => prisma.auditLog.create({ data: audit({ action: 'UPDATE', before: { a: 1 }, after: { a: 2 } }) }),
      bad: [
        audit({ action: 'CREATE', before: { a: 1 }, after: { a: 2 } }),
        audit({ action: 'CREATE' }),
        audit({ action: 'DELETE', after: { a: 2 } }),
        audit({ action: 'UPDATE', after: { a: 2 } }),
      ].map((data) => () => prisma.auditLog.create({ data })),
    },
    {
      constraint: 'audit_logs_actor_check',
      good: () =>
        prisma.auditLog.create({ data: audit({ actorKind: 'SYSTEM', actorId: null, before: {}, after: {} }) }),
      bad: [
        () => prisma.auditLog.create({ data: audit({ actorKind: 'SYSTEM', before: {}, after: {} }) }),
        () => prisma.auditLog.create({ data: audit({ actorKind: 'USER', actorId: null, before: {}, after: {} }) }),
      ],
    },
  ];

  // Row builders for the cases above: acceptable rows that a case varies.
  function offer(data: Record<string, unknown>) {
    return {
      ...org,
      id: newId(EntityType.offer),
      billingStartType: 'ON_START' as const,
      pricingType: 'AUM_FEE' as const,
      paymentMethod: 'BILLED_FROM_CUSTODIAN' as const,
      ...data,
    };
  }
  function feeTier(position: number, data: { fee?: string; breakpoint?: string }) {
    return {
      ...org,
      id: newId(EntityType.offerFeeTier),
      offerId: w.offerId,
      position,
      breakpoint: '2000000',
      breakpointCurrency: 'CAD' as const,
      fee: '1',
      ...data,
    };
  }
  function task() {
    return {
      ...org,
      id: newId(EntityType.basicTask),
      teamId: w.teamId,
      title: 'T',
      ownerKind: 'HOUSEHOLD' as const,
      ownerHouseholdId: w.householdId as string | null,
    };
  }
  function participant(data: Record<string, unknown>) {
    const id = newId(EntityType.meetingParticipant);
    return { ...org, id, meetingId: w.meetingId, email: `${id}@x.test`, name: 'P', role: 'EXTERNAL' as const, ...data };
  }
  function note(data: Record<string, unknown>) {
    return { ...org, id: newId(EntityType.note), teamId: w.teamId, body: 'N', ownerKind: 'TEAM' as const, ...data };
  }
  function customValue(data: Record<string, unknown>) {
    return {
      ...org,
      id: newId(EntityType.customFieldValue),
      definitionId: w.customFieldDefinitionId,
      entityKind: 'CONTACT' as const,
      contactId: newContactIds.shift() ?? null,
      ...data,
    };
  }
  function owner(type: keyof ModelWorld['records'], data: Record<string, unknown>) {
    return {
      ...org,
      id: newId(EntityType.accountOwner),
      financialRecordId: r[type],
      recordType: type,
      ownerKind: 'Person' as const,
      ...data,
    };
  }
  function card(data: Record<string, unknown>) {
    return {
      ...org,
      id: newId(EntityType.additionalCard),
      creditCardId: r.CREDIT_CARD,
      description: 'Card',
      firstFourDigits: '1234',
      lastFourDigits: '5678',
      ...data,
    };
  }
  function source(data: Record<string, unknown>) {
    return {
      ...org,
      id: newId(EntityType.cashFlowSource),
      householdId: w.householdId,
      name: 'S',
      type: 'CONTRIBUTION' as const,
      ...data,
    };
  }
  function party(data: Record<string, unknown>) {
    return {
      ...org,
      id: newId(EntityType.cashFlowParty),
      cashFlowSourceId: w.cashFlowSourceId,
      role: 'PAYEE' as const,
      ownerKind: 'Person' as const,
      ...data,
    };
  }
  function category(data: Record<string, unknown>) {
    const id = newId(EntityType.transactionCategory);
    return {
      ...org,
      id,
      primaryCategory: 'INCOME',
      detailedCategory: id,
      group: 'INCOME' as const,
      nature: 'NA' as const,
      ...data,
    };
  }
  function connection(data: Record<string, unknown>) {
    return { ...org, id: newId(EntityType.connection), ...data };
  }
  function link(data: Record<string, unknown>) {
    const sourceId = newId('outside');
    return {
      ...org,
      id: newId(EntityType.externalLink),
      entityType: 'contact',
      entityId: w.contactId,
      sourceId,
      ...data,
    };
  }
  function rate(data: Record<string, unknown>) {
    return {
      ...org,
      id: newId(EntityType.fxRate),
      date: d('2020-01-01'),
      baseCurrency: 'GBP' as const,
      quoteCurrency: 'CAD' as const,
      rate: '1.7',
      ...data,
    };
  }
  function audit(data: Record<string, unknown>) {
    return {
      ...org,
      id: newId(EntityType.auditLog),
      actorKind: 'USER' as const,
      actorId: w.userId,
      action: 'SOFT_DELETE' as const,
      entityType: 'note',
      entityId: w.noteId,
      ...data,
    };
  }
  function recordTypeCases(): CheckCase[] {
    // A type row's record_type is pinned: naming another type is refused by its CHECK.
    const tables = [
      ['bank_accounts', 'BANK_ACCOUNT'],
      ['investment_accounts', 'INVESTMENT_ACCOUNT'],
      ['credit_cards', 'CREDIT_CARD'],
      ['lines_of_credit', 'LINE_OF_CREDIT'],
      ['loans', 'LOAN'],
      ['mortgages', 'MORTGAGE'],
      ['real_estate_properties', 'REAL_ESTATE_PROPERTY'],
      ['real_assets', 'REAL_ASSET'],
      ['insurance_policies', 'INSURANCE_POLICY'],
      ['defined_benefit_pensions', 'DEFINED_BENEFIT_PENSION'],
      ['private_investments', 'PRIVATE_INVESTMENT'],
      ['company_equities', 'COMPANY_EQUITY'],
    ] as const;
    return tables.map(([table, type]) => {
      const other = type === 'LOAN' ? 'MORTGAGE' : 'LOAN';
      // One raw statement for all twelve tables; the row is the world's record of that type.
      const setType = (value: string) => () =>
        prisma.$executeRawUnsafe(
          `UPDATE "${table}" SET record_type = $1::financial_record_type WHERE id = $2`,
          value,
          r[type],
        );
      return { constraint: `${table}_record_type_check`, good: setType(type), bad: [setType(other)] };
    });
  }
  function securedByCase(table: 'credit_cards' | 'lines_of_credit' | 'loans'): CheckCase {
    const type = { credit_cards: 'CREDIT_CARD', lines_of_credit: 'LINE_OF_CREDIT', loans: 'LOAN' } as const;
    const id = r[type[table]];
    const update =
      (set: string, ...values: unknown[]) =>
      () =>
        prisma.$executeRawUnsafe(`UPDATE "${table}" SET ${set} WHERE id = $1`, id, ...values);
    return {
      constraint: `${table}_secured_by_check`,
      good: update(
        `secured_by_record_id = $2, secured_by_record_type = 'REAL_ASSET', secured_type = 'OTHER'`,
        r.REAL_ASSET,
      ),
      bad: [
        // the type is missing, so the foreign key would not be checked
        update(`secured_by_record_id = $2, secured_by_record_type = NULL, secured_type = 'OTHER'`, r.REAL_ASSET),
        // a secured type without a securing asset
        update(`secured_by_record_id = NULL, secured_by_record_type = NULL, secured_type = 'AUTO'`),
        // secured by a liability
        update(`secured_by_record_id = $2, secured_by_record_type = 'LOAN', secured_type = 'OTHER'`, r.LOAN),
      ],
    };
  }
}

/** Contacts of North without custom field values yet, for the custom field value cases. */
const newContactIds: string[] = [];

describe('CHECK constraints', () => {
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) {
      const id = newId(EntityType.contact);
      await prisma.contact.create({
        data: { id, organizationId: north.organizationId, teamId: north.teamId, firstName: 'C', lastName: `${i}` },
      });
      newContactIds.push(id);
    }
  });

  test('every CHECK constraint of the database has a case here (money pairs are tested below)', async () => {
    const inDatabase = (await checkConstraintNames()).filter((name) => !name.endsWith('_money_check'));
    const covered = checkCases(north).map((testCase) => testCase.constraint);
    expect(new Set(covered).size, 'a constraint is listed twice').toBe(covered.length);
    expect([...covered].sort()).toEqual(inDatabase.sort());
  });

  // Cases run in order against one world; each good write leaves a row the next cases accept.
  for (const [index, { constraint }] of checkCases(placeholderWorld()).entries()) {
    test(`${constraint} refuses the bad rows and accepts the good one`, async () => {
      const testCase = checkCases(north)[index]!;
      for (const bad of testCase.bad) await refusedByCheck(bad, constraint);
      await expect(testCase.good()).resolves.toBeDefined();
    });
  }
});

describe('money: an amount and its currency come together', () => {
  test('every money column (numeric(20,8)) has a currency column beside it, nullable alike', async () => {
    const rows = await prisma.$queryRaw<{ table: string; column: string; problem: string | null }[]>`
      SELECT a.table_name AS "table", a.column_name AS "column",
             CASE WHEN c.column_name IS NULL THEN 'no currency column'
                  WHEN c.udt_name <> 'currency' THEN 'currency column is not of type currency'
                  WHEN c.is_nullable <> a.is_nullable THEN 'nullability differs'
             END AS problem
        FROM information_schema.columns a
        LEFT JOIN information_schema.columns c
          ON c.table_schema = a.table_schema AND c.table_name = a.table_name
         AND c.column_name = a.column_name || '_currency'
       WHERE a.table_schema = current_schema() AND a.data_type = 'numeric'
         AND a.numeric_precision = 20 AND a.numeric_scale = 8`;
    expect(rows.length).toBeGreaterThan(40);
    expect(rows.filter((row) => row.problem !== null)).toEqual([]);
  });

  test('every nullable amount has its pair CHECK, and each refuses an amount without a currency', async () => {
    const pairs = await prisma.$queryRaw<{ table: string; column: string; constraint: string | null }[]>`
      SELECT a.table_name AS "table", a.column_name AS "column",
             (SELECT k.conname::text FROM pg_constraint k
               WHERE k.conrelid = to_regclass(quote_ident(a.table_name))
                 AND k.conname = a.table_name || '_' || a.column_name || '_money_check') AS "constraint"
        FROM information_schema.columns a
       WHERE a.table_schema = current_schema() AND a.data_type = 'numeric'
         AND a.numeric_precision = 20 AND a.numeric_scale = 8 AND a.is_nullable = 'YES'
       ORDER BY 1, 2`;
    expect(pairs.filter((pair) => pair.constraint === null)).toEqual([]);
    for (const { table, column, constraint } of pairs) {
      const scope = north.organizationId;
      await refusedByCheck(
        () =>
          prisma.$executeRawUnsafe(
            `UPDATE "${table}" SET "${column}" = 1, "${column}_currency" = NULL WHERE organization_id = $1`,
            scope,
          ),
        constraint!,
      );
      await expect(
        prisma.$executeRawUnsafe(
          `UPDATE "${table}" SET "${column}" = 1, "${column}_currency" = 'CAD' WHERE organization_id = $1`,
          scope,
        ),
      ).resolves.toBeGreaterThan(0);
    }
  });

  test('and refuses a currency without an amount', async () => {
    await refusedByCheck(
      () =>
        prisma.bankAccount.update({
          where: { id: north.records.BANK_ACCOUNT },
          data: { balance: null, balanceCurrency: 'USD' },
        }),
      'bank_accounts_balance_money_check',
    );
    await expect(
      prisma.bankAccount.update({
        where: { id: north.records.BANK_ACCOUNT },
        data: { balance: null, balanceCurrency: null },
      }),
    ).resolves.toBeDefined();
  });
});

// ─── unique and partial unique indexes ──────────────────────────────────────────────────────────

describe('one primary e-mail, phone number, address and employment per contact', () => {
  const org = () => ({ organizationId: north.organizationId });
  const kinds = [
    [
      'e-mail',
      'contact_emails_one_primary_per_contact',
      (isPrimary: boolean, contactId: string) =>
        prisma.contactEmail.create({
          data: { ...org(), contactId, id: newId(EntityType.contactEmail), email: 'second@example.test', isPrimary },
        }),
    ],
    [
      'phone number',
      'contact_phone_numbers_one_primary_per_contact',
      (isPrimary: boolean, contactId: string) =>
        prisma.contactPhoneNumber.create({
          data: { ...org(), contactId, id: newId(EntityType.contactPhoneNumber), number: '6135550100', isPrimary },
        }),
    ],
    [
      'address',
      'contact_addresses_one_primary_per_contact',
      (isPrimary: boolean, contactId: string) =>
        prisma.contactAddress.create({
          data: {
            ...org(),
            contactId,
            id: newId(EntityType.contactAddress),
            line1: '2 Queen St',
            city: 'Ottawa',
            province: 'ON',
            postalCode: 'K1A 0A1',
            countryName: 'Canada',
            isPrimary,
          },
        }),
    ],
    [
      'employment',
      'contact_employments_one_primary_per_contact',
      (isPrimary: boolean, contactId: string) =>
        prisma.contactEmployment.create({
          data: { ...org(), contactId, id: newId(EntityType.contactEmployment), employerName: 'Other', isPrimary },
        }),
    ],
  ] as const;

  test.each(kinds)(
    'a second primary %s is refused; a second non-primary one is accepted',
    async (_kind, index, add) => {
      await expectRefused(() => add(true, north.contactId), UNIQUE_VIOLATION, index);
      await expect(add(false, north.contactId)).resolves.toBeDefined();
      // Another contact has its own primary.
      const other = newId(EntityType.contact);
      await prisma.contact.create({
        data: { id: other, organizationId: north.organizationId, teamId: north.teamId, firstName: 'O', lastName: 'P' },
      });
      await expect(add(true, other)).resolves.toBeDefined();
    },
  );

  test('a second primary family address is refused', async () => {
    const add = (isPrimary: boolean) =>
      prisma.familyAddress.create({
        data: {
          id: newId(EntityType.familyAddress),
          organizationId: north.organizationId,
          familyId: north.familyId,
          line1: '3 Bay St',
          city: 'Toronto',
          province: 'ON',
          postalCode: 'M5J 2N8',
          countryName: 'Canada',
          isPrimary,
        },
      });
    await expectRefused(() => add(true), UNIQUE_VIOLATION, 'family_addresses_one_primary_per_family');
    await expect(add(false)).resolves.toBeDefined();
  });
});

describe('other unique rules', () => {
  test('a defined-benefit pension has one owner at most; other records may have several', async () => {
    const add = (type: 'DEFINED_BENEFIT_PENSION' | 'BANK_ACCOUNT', personId: string) =>
      prisma.financialRecordOwner.create({
        data: {
          id: newId(EntityType.accountOwner),
          organizationId: north.organizationId,
          financialRecordId: north.records[type],
          recordType: type,
          ownerKind: 'Person',
          personId,
        },
      });
    const spouse = newId(EntityType.person);
    await prisma.person.create({
      data: {
        id: spouse,
        organizationId: north.organizationId,
        householdId: north.householdId,
        firstName: 'S',
        lastName: 'L',
      },
    });
    await expectRefused(
      () => add('DEFINED_BENEFIT_PENSION', spouse),
      UNIQUE_VIOLATION,
      'financial_record_owners_one_pension_owner',
    );
    await expect(add('BANK_ACCOUNT', spouse)).resolves.toBeDefined();
  });

  test('a connection has one queued or running sync run at a time', async () => {
    const add = (status: 'QUEUED' | 'RUNNING' | 'CANCELLED') =>
      prisma.syncRun.create({
        data: {
          id: newId(EntityType.syncRun),
          organizationId: north.organizationId,
          connectionId: north.connectionId,
          trigger: 'SCHEDULE',
          status,
          startedAt: status === 'RUNNING' ? new Date() : null,
        },
      });
    await expect(add('QUEUED')).resolves.toBeDefined();
    await expectRefused(() => add('RUNNING'), UNIQUE_VIOLATION, 'sync_runs_one_active_per_connection');
    await expect(add('CANCELLED')).resolves.toBeDefined();
  });

  test('an external link is unique per organization, source, entity type and source id', async () => {
    const add = (
      organizationId: string,
      entity: { type: 'contact' | 'household'; id: string },
      source: 'WEALTHBOX' | 'PIPEDRIVE',
      sourceId: string,
    ) =>
      prisma.externalLink.create({
        data: {
          id: newId(EntityType.externalLink),
          organizationId,
          entityType: entity.type,
          entityId: entity.id,
          source,
          sourceId,
        },
      });
    const contact = { type: 'contact' as const, id: north.contactId };
    await add(north.organizationId, contact, 'WEALTHBOX', 'wb-1');
    await expectRefused(
      () => add(north.organizationId, contact, 'WEALTHBOX', 'wb-1'),
      UNIQUE_VIOLATION,
      'external_links_organization_id_source_entity_type_source_id_key',
    );
    // A file source numbers each kind on its own: a household may share the contact's source id.
    const household = { type: 'household' as const, id: north.householdId };
    await expect(add(north.organizationId, household, 'WEALTHBOX', 'wb-1')).resolves.toBeDefined();
    await expect(add(north.organizationId, contact, 'PIPEDRIVE', 'wb-1')).resolves.toBeDefined();
    await expect(
      add(south.organizationId, { type: 'contact', id: south.contactId }, 'WEALTHBOX', 'wb-1'),
    ).resolves.toBeDefined();
  });

  test('an external link is unique per organization, service and source id', async () => {
    const add = () =>
      prisma.externalLink.create({
        data: {
          id: newId(EntityType.externalLink),
          organizationId: north.organizationId,
          entityType: 'bank_account',
          entityId: north.records.BANK_ACCOUNT,
          service: 'PLAID',
          sourceId: 'plaid-account-1',
        },
      });
    await add();
    await expectRefused(add, UNIQUE_VIOLATION, 'external_links_organization_id_service_source_id_key');
  });

  test('name parts are at most 50 characters', async () => {
    const add = (firstName: string) =>
      prisma.person.create({
        data: { id: newId(EntityType.person), organizationId: north.organizationId, firstName, lastName: 'L' },
      });
    await expect(add('x'.repeat(51))).rejects.toMatchObject({
      meta: { driverAdapterError: { cause: { originalCode: '22001' } } },
    });
    await expect(add('x'.repeat(50))).resolves.toBeDefined();
  });
});

// ─── typed references ───────────────────────────────────────────────────────────────────────────

describe('typed references: a foreign key that includes the record type', () => {
  test('a type row can only extend a record of its own type', async () => {
    await expectRefused(
      () =>
        prisma.bankAccount.create({
          data: { id: north.records.LOAN, organizationId: north.organizationId, bankAccountType: 'SAVINGS' },
        }),
      FOREIGN_KEY_VIOLATION,
      foreignKey('bank_accounts', 'organization_id', 'id', 'record_type'),
    );
  });

  test("an owner row names the record's own type", async () => {
    await expectRefused(
      () =>
        prisma.financialRecordOwner.create({
          data: {
            id: newId(EntityType.accountOwner),
            organizationId: north.organizationId,
            financialRecordId: north.records.INVESTMENT_ACCOUNT,
            recordType: 'BANK_ACCOUNT',
            ownerKind: 'Trust',
            trustId: north.trustId,
          },
        }),
      FOREIGN_KEY_VIOLATION,
      foreignKey('financial_record_owners', 'organization_id', 'financial_record_id', 'record_type'),
    );
  });

  test('a mortgage is on a real estate property, not on another asset', async () => {
    await expectRefused(
      () =>
        prisma.mortgage.update({
          where: { id: north.records.MORTGAGE },
          data: { propertyId: north.records.REAL_ASSET, propertyRecordType: 'REAL_ESTATE_PROPERTY' },
        }),
      FOREIGN_KEY_VIOLATION,
      foreignKey('mortgages', 'organization_id', 'property_id', 'property_record_type'),
    );
  });

  test("a custom field value belongs to an entity of its definition's kind", async () => {
    await expectRefused(
      () =>
        prisma.customFieldValue.create({
          data: {
            id: newId(EntityType.customFieldValue),
            organizationId: north.organizationId,
            definitionId: north.customFieldDefinitionId,
            entityKind: 'HOUSEHOLD',
            householdId: north.householdId,
            valueText: 'x',
          },
        }),
      FOREIGN_KEY_VIOLATION,
      foreignKey('custom_field_values', 'organization_id', 'definition_id', 'entity_kind'),
    );
  });
});

// ─── enumerations ───────────────────────────────────────────────────────────────────────────────

describe('enumerations', () => {
  /** Database enums that are the model's own, not enumerations of the spec or the domain. */
  const MODEL_ONLY = new Set([
    'OutboxEmailStatus',
    'LiabilityPartyRole',
    'CashFlowPartyRole',
    'TaskKind',
    'SyncRunStatus',
    'SyncRunDriver',
    'SyncTrigger',
    'ImportBatchStatus',
    'ImportBatchStage',
    'ImportRowAction',
    'ImportReviewStatus',
    'ImportReviewReason',
    'AuditAction',
    'AuditActorKind',
  ]);

  test("every database enum stores exactly the domain's values, in its order", async () => {
    const rows = await prisma.$queryRaw<{ name: string; labels: string[] }[]>`
      SELECT t.typname::text AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
        FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
        JOIN pg_namespace n ON n.oid = t.typnamespace
       WHERE n.nspname = current_schema() GROUP BY t.typname`;
    const domain = new Map(
      Object.entries(ENUMERATIONS).map(([name, entry]) => [
        snakeCase(name),
        { name, values: entry.values.map(String) },
      ]),
    );
    const model = new Set([...MODEL_ONLY].map(snakeCase));
    const unknown = rows.filter((row) => !domain.has(row.name) && !model.has(row.name)).map((row) => row.name);
    expect(unknown, 'database enums that are neither in the domain nor listed as model-only').toEqual([]);
    for (const row of rows.filter((candidate) => domain.has(candidate.name))) {
      expect(row.labels, `enum ${row.name}`).toEqual(domain.get(row.name)!.values);
    }
  });

  test('each task kind, lower-cased, is the id prefix of its tasks', () => {
    const prefixes: readonly string[] = Object.values(EntityType);
    expect(Object.values(TaskKind).filter((kind) => !prefixes.includes(kind.toLowerCase()))).toEqual([]);
  });
});

// ─── deleting a tenant ──────────────────────────────────────────────────────────────────────────

describe('deleting an organization', () => {
  test('removes every row of it, through every Restrict and Cascade, and nothing of another', async () => {
    const doomed = await buildModelWorld(prisma, 'Doomed');
    await prisma.organization.delete({ where: { id: doomed.organizationId } });
    const left: string[] = [];
    const northEmpty: string[] = [];
    for (const table of await tableNames()) {
      if ((await rowCount(table, doomed.organizationId)) > 0) left.push(table);
      if ((await rowCount(table, north.organizationId)) === 0) northEmpty.push(table);
    }
    expect(left).toEqual([]);
    expect(northEmpty).toEqual([]);
  });
});

// ─── shared helpers ─────────────────────────────────────────────────────────────────────────────

/** A stand-in world whose every id is a placeholder string: enough to build the cases' names. */
function placeholderWorld(): ModelWorld {
  const records = new Proxy({}, { get: () => 'placeholder' });
  return new Proxy({} as ModelWorld, { get: (_target, key) => (key === 'records' ? records : 'placeholder') });
}

async function newPerson(world: ModelWorld): Promise<string> {
  const id = newId(EntityType.person);
  await prisma.person.create({
    data: { id, organizationId: world.organizationId, householdId: world.householdId, firstName: 'N', lastName: 'P' },
  });
  return id;
}

async function tableNames(): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ name: string }[]>`
    SELECT table_name::text AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'
     ORDER BY 1`;
  return rows.map((row) => row.name);
}

/** Rows of `organizationId` in `table` (organizations are scoped by their own id). */
async function rowCount(table: string, organizationId: string): Promise<number> {
  const scope = table === 'organizations' ? 'id' : 'organization_id';
  const rows = await prisma.$queryRawUnsafe<{ count: number }[]>(
    `SELECT count(*)::int AS count FROM "${table}" WHERE "${scope}" = $1`,
    organizationId,
  );
  return rows[0]?.count ?? 0;
}

async function checkConstraintNames(): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ name: string }[]>`
    SELECT c.conname::text AS name FROM pg_constraint c
      JOIN pg_namespace n ON n.oid = c.connamespace
     WHERE c.contype = 'c' AND n.nspname = current_schema()`;
  return rows.map((row) => row.name);
}

function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
