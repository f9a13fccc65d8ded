// A practice's day for the home page's tests: two advisors' households with investment accounts,
// transactions, KYC dates, meetings, birthdays and connections, written straight to the database
// (records through the API, which owns their rules). Tests compute the figures they expect themselves.
import { EntityType, newId, type UserRole } from '@meridian/domain';
import { hashPassword, type PrismaClient } from '@meridian/api';
import type { CreatedOrganization } from './factories.js';
import { createRecord } from './financial-factories.js';
import { createContact, createMeeting } from './crm-factories.js';

const DAY_MS = 86_400_000;

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
export const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** `now` moved by whole days and years, as a `YYYY-MM-DD` (years in fours keep 29 February in a leap year). */
function shifted(now: Date, { days = 0, years = 0 }: { days?: number; years?: number }): string {
  const date = new Date(now.getTime() + days * DAY_MS);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return isoDay(date);
}

export interface HomeUser {
  userId: string;
  email: string;
  password: string;
}

/** A second login of the organization, with a professional profile when `professional` names one. */
export async function createUser(
  prisma: PrismaClient,
  org: CreatedOrganization,
  role: UserRole,
  professional?: string,
): Promise<HomeUser & { professionalId: string | null }> {
  const userId = newId(EntityType.user);
  const email = `${userId
    .slice(-8)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}@home.test`;
  const password = 'home-password-1';
  await prisma.user.create({
    data: {
      id: userId,
      organizationId: org.organizationId,
      email,
      name: professional ?? 'Ops Admin',
      passwordHash: await hashPassword(password),
      role,
    },
  });
  await prisma.teamMember.create({
    data: { id: newId(EntityType.teamMember), organizationId: org.organizationId, teamId: org.teamId, userId },
  });
  let professionalId: string | null = null;
  if (professional) {
    professionalId = newId(EntityType.professional);
    await prisma.professional.create({
      data: {
        id: professionalId,
        organizationId: org.organizationId,
        userId,
        displayName: professional,
        role: 'ADVISOR',
      },
    });
  }
  return { userId, email, password, professionalId };
}

async function household(
  prisma: PrismaClient,
  org: CreatedOrganization,
  name: string,
  advisorId: string | null,
  lastKycUpdatedAt: Date | null,
): Promise<string> {
  const id = newId(EntityType.household);
  await prisma.household.create({
    data: {
      id,
      organizationId: org.organizationId,
      teamId: org.teamId,
      name,
      primaryAdvisorId: advisorId,
      lastKycUpdatedAt,
    },
  });
  return id;
}

async function person(
  prisma: PrismaClient,
  org: CreatedOrganization,
  householdId: string,
  firstName: string,
  lastName: string,
  dateOfBirth: string | null,
): Promise<string> {
  const id = newId(EntityType.person);
  await prisma.person.create({
    data: {
      id,
      organizationId: org.organizationId,
      householdId,
      firstName,
      lastName,
      dateOfBirth: dateOfBirth ? new Date(`${dateOfBirth}T00:00:00Z`) : null,
    },
  });
  return id;
}

async function transaction(
  prisma: PrismaClient,
  org: CreatedOrganization,
  record: { id: string; householdId: string },
  input: { date: string; amount: string; currency: 'CAD' | 'USD'; direction: 'INFLOW' | 'OUTFLOW'; pending?: boolean },
): Promise<void> {
  await prisma.transaction.create({
    data: {
      id: newId(EntityType.transaction),
      organizationId: org.organizationId,
      householdId: record.householdId,
      financialRecordId: record.id,
      date: new Date(`${input.date}T00:00:00Z`),
      amount: input.amount,
      amountCurrency: input.currency,
      direction: input.direction,
      pending: input.pending ?? false,
    },
  });
}

async function connection(
  prisma: PrismaClient,
  org: CreatedOrganization,
  input: { name: string; householdId: string; lastSyncedAt: Date; runs: ('SUCCEEDED' | 'FAILED')[]; now: Date },
): Promise<string> {
  const id = newId(EntityType.connection);
  await prisma.connection.create({
    data: {
      id,
      organizationId: org.organizationId,
      service: 'PLAID',
      status: 'SUCCESS',
      ownerHouseholdId: input.householdId,
      externalAccountId: `item-${id.slice(-10)}`,
      displayName: input.name,
      syncIntervalMinutes: 360,
      lastSyncedAt: input.lastSyncedAt,
      createdAt: daysAgo(input.now, 30),
    },
  });
  for (const [index, status] of input.runs.entries()) {
    const queuedAt = new Date(input.lastSyncedAt.getTime() + index * 60_000);
    await prisma.syncRun.create({
      data: {
        id: newId(EntityType.syncRun),
        organizationId: org.organizationId,
        connectionId: id,
        status,
        trigger: 'SCHEDULE',
        queuedAt,
        startedAt: queuedAt,
        finishedAt: new Date(queuedAt.getTime() + 1000),
        errorCode: status === 'FAILED' ? 'INTERNAL_SERVER_ERROR' : null,
        errorMessage: status === 'FAILED' ? 'Plaid is unavailable' : null,
      },
    });
  }
  return id;
}

export interface HomeWorld {
  advisor: HomeUser & { professionalId: string };
  admin: HomeUser;
  /** Olivia's households. */
  maple: string;
  birch: string;
  cedar: string;
  /** Another advisor's household: only an administrator's home counts it. */
  spruce: string;
  persons: { rose: string; ken: string; lena: string; ivy: string };
  contacts: { rose: string; ivy: string; late: string };
  records: { rrsp: string; tfsa: string; lira: string; euro: string; deleted: string; other: string; bank: string };
  connections: { failed: string; stale: string; healthy: string };
}

/**
 * Seeds the world, relative to `now`:
 * - Maple (Olivia): KYC 730 days ago, no meeting. Rose (turns 71 this year, birthday in 5 days,
 *   a contact) holds an RRSP of 100 000 CAD and a TFSA of 5 000.50 USD. Ken (born 75 years ago)
 *   holds a LIRA of 20 000 CAD. An account of 1 000 EUR (no EUR rate), a deleted account.
 * - Birch (Olivia): KYC 30 days ago. A contact whose birthday is in 40 days.
 * - Cedar (Olivia): no KYC, a meeting 400 days ago and a cancelled one 10 days ago.
 * - Spruce (another advisor): no KYC, no meeting; 999 CAD; Ivy's birthday in 3 days.
 * - Transactions on the RRSP and the TFSA over the last 12 months and before; one on a bank account.
 * - Connections: one whose last run failed, one not synced for 3 days (every 6 hours), one fine.
 * - 1 USD = 1.35 CAD (set 10 days ago).
 */
export async function seedHomeWorld(
  prisma: PrismaClient,
  baseUrl: string,
  org: CreatedOrganization,
  token: string,
  now: Date,
): Promise<HomeWorld> {
  const advisor = await createUser(prisma, org, 'ADVISOR', 'Olivia Advisor');
  const other = await createUser(prisma, org, 'ADVISOR', 'Paul Other');
  const admin = await createUser(prisma, org, 'ADMIN');
  const maple = await household(prisma, org, 'Maple household', advisor.professionalId, daysAgo(now, 730));
  const birch = await household(prisma, org, 'Birch household', advisor.professionalId, daysAgo(now, 30));
  const cedar = await household(prisma, org, 'Cedar household', advisor.professionalId, null);
  const spruce = await household(prisma, org, 'Spruce household', other.professionalId, null);
  const year = now.getUTCFullYear();

  const rose = await person(prisma, org, maple, 'Rose', 'Maple', `${year - 71}-${shifted(now, { days: 5 }).slice(5)}`);
  const ken = await person(prisma, org, maple, 'Ken', 'Maple', `${year - 75}-07-01`);
  const lena = await person(prisma, org, birch, 'Lena', 'Birch', shifted(now, { days: 40, years: 44 }));
  const ivy = await person(prisma, org, spruce, 'Ivy', 'Spruce', shifted(now, { days: 3, years: 32 }));
  const contact = async (personId: string, householdId: string, firstName: string, lastName: string) =>
    (await createContact(prisma, org, { personId, householdId, firstName, lastName, type: 'CLIENT' })).contactId;
  const contacts = {
    rose: await contact(rose, maple, 'Rose', 'Maple'),
    late: await contact(lena, birch, 'Lena', 'Birch'),
    ivy: await contact(ivy, spruce, 'Ivy', 'Spruce'),
  };

  await prisma.fxRate.create({
    data: {
      id: newId(EntityType.fxRate),
      organizationId: org.organizationId,
      date: new Date(`${isoDay(daysAgo(now, 10))}T00:00:00Z`),
      baseCurrency: 'USD',
      quoteCurrency: 'CAD',
      rate: '1.35',
    },
  });
  const account = async (householdId: string, body: Record<string, unknown>) =>
    (await createRecord(baseUrl, token, { householdId, type: 'INVESTMENT_ACCOUNT', ...body })).id;
  const money = (value: number, currency: string) => ({ value, currency });
  const records = {
    rrsp: await account(maple, { accountType: 'RRSP', marketValue: money(100000, 'CAD'), owners: [rose] }),
    tfsa: await account(maple, { accountType: 'TFSA', marketValue: money(5000.5, 'USD'), owners: [rose] }),
    lira: await account(maple, { accountType: 'LIRA', marketValue: money(20000, 'CAD'), owners: [ken] }),
    euro: await account(maple, { accountType: 'NRSP', marketValue: money(1000, 'EUR'), owners: [ken] }),
    deleted: await account(maple, { accountType: 'RRSP', marketValue: money(77777, 'CAD'), owners: [ken] }),
    other: await account(spruce, { accountType: 'TFSA', marketValue: money(999, 'CAD'), owners: [ivy] }),
    bank: (
      await createRecord(baseUrl, token, {
        householdId: maple,
        type: 'BANK_ACCOUNT',
        bankAccountType: 'CHECKING',
        balance: money(5000, 'CAD'),
      })
    ).id,
  };
  await prisma.financialRecord.update({ where: { id: records.deleted }, data: { deletedAt: now } });

  const day = (days: number) => isoDay(daysAgo(now, days));
  const rrsp = { id: records.rrsp, householdId: maple };
  await transaction(prisma, org, rrsp, { date: day(10), amount: '6000', currency: 'CAD', direction: 'INFLOW' });
  await transaction(prisma, org, rrsp, { date: day(20), amount: '1500', currency: 'CAD', direction: 'OUTFLOW' });
  await transaction(prisma, org, rrsp, { date: day(400), amount: '9999', currency: 'CAD', direction: 'INFLOW' });
  await transaction(prisma, org, rrsp, {
    date: day(1),
    amount: '123',
    currency: 'CAD',
    direction: 'INFLOW',
    pending: true,
  });
  const tfsa = { id: records.tfsa, householdId: maple };
  await transaction(prisma, org, tfsa, { date: day(30), amount: '100', currency: 'USD', direction: 'INFLOW' });
  const bank = { id: records.bank, householdId: maple };
  await transaction(prisma, org, bank, { date: day(5), amount: '2500', currency: 'CAD', direction: 'INFLOW' });

  const organizer = { organizationId: org.organizationId, teamId: org.teamId, userId: advisor.userId };
  await createMeeting(prisma, organizer, { startTime: daysAgo(now, 400), householdId: cedar });
  await createMeeting(prisma, organizer, { startTime: daysAgo(now, 10), householdId: cedar, cancelled: true });

  const connections = {
    failed: await connection(prisma, org, {
      name: 'Maple Bank',
      householdId: maple,
      lastSyncedAt: daysAgo(now, 0.1),
      runs: ['SUCCEEDED', 'FAILED'],
      now,
    }),
    stale: await connection(prisma, org, {
      name: 'Birch Credit Union',
      householdId: birch,
      lastSyncedAt: daysAgo(now, 3),
      runs: ['SUCCEEDED'],
      now,
    }),
    healthy: await connection(prisma, org, {
      name: 'Cedar Trust',
      householdId: cedar,
      lastSyncedAt: daysAgo(now, 0.1),
      runs: ['FAILED', 'SUCCEEDED'],
      now,
    }),
  };

  return {
    advisor: { ...advisor, professionalId: advisor.professionalId! },
    admin,
    maple,
    birch,
    cedar,
    spruce,
    persons: { rose, ken, lena, ivy },
    contacts,
    records,
    connections,
  };
}
