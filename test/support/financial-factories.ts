import { EntityType, newId, type CurrencyCode, type FinancialRecordResponse } from '@meridian/domain';
import type { PrismaClient } from '@meridian/api';
import type { CreatedOrganization } from './factories.js';
import { call } from './http.js';

/**
 * Households and the parties that own records, written straight to the database for the
 * financial tests (the CRM routes that create them are built separately).
 */
export interface FinancialHousehold {
  organizationId: string;
  householdId: string;
  /** Two persons of the household. */
  personIds: [string, string];
  corporationId: string;
  trustId: string;
  foundationId: string;
}

export async function createHousehold(
  prisma: PrismaClient,
  organization: Pick<CreatedOrganization, 'organizationId' | 'teamId'>,
  name = 'Tremblay household',
): Promise<string> {
  const id = newId(EntityType.household);
  await prisma.household.create({
    data: { id, organizationId: organization.organizationId, teamId: organization.teamId, name },
  });
  return id;
}

export async function createPerson(
  prisma: PrismaClient,
  organizationId: string,
  householdId: string | null,
  name: { firstName: string; lastName: string },
): Promise<string> {
  const id = newId(EntityType.person);
  await prisma.person.create({ data: { id, organizationId, householdId, ...name } });
  return id;
}

/** A household with two persons, a corporation, a trust and a foundation. */
export async function createFinancialHousehold(
  prisma: PrismaClient,
  organization: Pick<CreatedOrganization, 'organizationId' | 'teamId'>,
  name?: string,
): Promise<FinancialHousehold> {
  const { organizationId } = organization;
  const householdId = await createHousehold(prisma, organization, name);
  const personIds: [string, string] = [
    await createPerson(prisma, organizationId, householdId, { firstName: 'Amélie', lastName: 'Tremblay' }),
    await createPerson(prisma, organizationId, householdId, { firstName: 'Louis', lastName: 'Tremblay' }),
  ];
  const corporationId = newId(EntityType.corporation);
  const trustId = newId(EntityType.trust);
  const foundationId = newId(EntityType.foundation);
  await prisma.corporation.create({
    data: { id: corporationId, organizationId, householdId, name: 'Tremblay Holdings Inc.' },
  });
  await prisma.trust.create({ data: { id: trustId, organizationId, householdId, name: 'Tremblay Family Trust' } });
  await prisma.foundation.create({
    data: { id: foundationId, organizationId, householdId, name: 'Tremblay Foundation' },
  });
  return { organizationId, householdId, personIds, corporationId, trustId, foundationId };
}

/** Sets a rate straight in the database (replacing that day's rate): on `date`, 1 `base` = `rate` `quote`. */
export async function setFxRate(
  prisma: PrismaClient,
  organizationId: string,
  rate: { date: string; base: CurrencyCode; quote: CurrencyCode; rate: string },
): Promise<void> {
  const key = {
    organizationId,
    date: new Date(`${rate.date}T00:00:00Z`),
    baseCurrency: rate.base,
    quoteCurrency: rate.quote,
  };
  await prisma.fxRate.upsert({
    where: { organizationId_date_baseCurrency_quoteCurrency: key },
    create: { id: newId(EntityType.fxRate), ...key, rate: rate.rate },
    update: { rate: rate.rate },
  });
}

/** Calls the API as one user: `api(method, path, body?)`. */
export function apiAs(baseUrl: string, token: string) {
  return <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
    call<T>(baseUrl, method, path, { token, body });
}

/** Creates a record through the API and returns its response body; fails loudly otherwise. */
export async function createRecord(
  baseUrl: string,
  token: string,
  body: Record<string, unknown>,
): Promise<FinancialRecordResponse> {
  const response = await call<FinancialRecordResponse>(baseUrl, 'POST', '/api/financial-records', { token, body });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
