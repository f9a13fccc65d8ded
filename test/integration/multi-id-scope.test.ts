/**
 * Every id a route takes goes through the caller's organization and team scope (docs/PERMISSIONS.md),
 * not only the route's main record: an Advisor of team A, given one id of their team and the other
 * of team B of the same firm (or of another firm), gets exactly the answer a missing id gets (404
 * for a record; an empty page for a list filter; the household's own refusal for an owner that is
 * not a member), and no row changes. The operations are read from the OpenAPI document: each one
 * taking two ids or more needs a case builder below, so a route declared tomorrow is covered the
 * day it exists (the walk fails until it has one). Each case also runs with every id the caller's,
 * which must succeed, so the walk can fail.
 *
 * The routes only an Admin may call take the other firm's ids: an Admin spans every team of their
 * firm, so team B's ids are theirs and the team swap does not apply. The Plaid placements ask the
 * fake Plaid for the connection's accounts (a new item per case), as the API asks Plaid.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, EntityType, newId, type Permission } from '@meridian/domain';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { FakeNylasServer, FakePlaidServer } from '@meridian/connectors/testing';
import { createTestEnvironment, startTestApi, type TestApi } from '#test/support/app.js';
import { addUser, createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import {
  createContact,
  createContactRecords,
  createCustomField,
  createFamily,
  createFamilyAddress,
  createHousehold,
  createPerson,
} from '#test/support/crm-factories.js';
import { changedTables, installChangeCounter, type ChangeCounter } from '#test/support/change-counter.js';
import { seedPlaidConnection } from '#test/support/hub-factories.js';
import { call, login, type JsonResponse } from '#test/support/http.js';
import { expectNotFound } from '#test/support/crm-api.js';
import { planScopeBuilders } from './multi-id-plans.js';

/** Where an id comes from: the caller's team, team B of the same firm, another firm, or nowhere. */
type Place = 'own' | 'team' | 'firm' | 'missing';
type At = (slot: string) => Place;
interface Request {
  path: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}
/** Builds a request whose id in each slot comes from `at(slot)`: fresh rows for every call. */
type CaseBuilder = (at: At) => Promise<Request>;

interface Operation {
  method: string;
  path: string;
  permission?: Permission;
  /** Where each id goes: `path.contactId`, `query.teamId`, `body.owners[]`, `body.placements[].owners[]`. */
  slots: string[];
}

interface JsonSchema {
  $ref?: string;
  type?: string;
  pattern?: string;
  enum?: unknown[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

const ID_PATTERN = /^\^\(?[a-z_|]+\)?-\[A-Za-z0-9_-\]\{21\}\$$/;
/** Fields named like ids that hold another system's key, not one of ours. */
const NOT_OUR_IDS = new Set([
  'externalAccountId',
  'itemId',
  'institutionId',
  'PostCodeAnywhereId',
  'postCodeAnywhereId',
  'Id',
  'userId',
]);
/**
 * Ids of what the whole firm shares (custom fields, tags, professionals, users): no team holds them,
 * so only the other firm's are foreign.
 */
const FIRM_WIDE = new Set(['definitionId', 'primaryAdvisorId', 'advisorId', 'tagId', 'actorId', 'template']);
/**
 * Routes whose every id is of what the whole firm shares (package templates, their offers, the
 * offerings they name): no team holds them, so only the other firm's are foreign.
 */
const FIRM_WIDE_PATHS = ['/api/package-templates/'];
/** Lists of our ids whose name does not end in Id(s). */
const ID_LISTS = new Set(['owners', 'members', 'payers', 'payees', 'streams', 'transactions']);
/**
 * Ids of what the product ships, the same for every firm (a built-in import profile's id, such as
 * `hubspot-contacts`): no firm has its own, so there is no foreign one to give.
 */
const BUILT_IN = new Set(['profileId']);

let api: TestApi;
let prisma: PrismaClient;
let counter: ChangeCounter;
let firm: CreatedOrganization;
let other: CreatedOrganization;
let teamB: { organizationId: string; teamId: string; userId: string };
let advisorToken: string;
let firmAdminToken: string;
let otherAdminToken: string;
let operations: Operation[];
let fakePlaid: FakePlaidServer;
let fakeNylas: FakeNylasServer;
const NYLAS_REDIRECT_URI = 'https://app.meridian.test/settings/calendar/connected';
let dropRoot: string;

beforeAll(async () => {
  fakePlaid = await FakePlaidServer.start();
  fakeNylas = await FakeNylasServer.start();
  const importDir = await mkdtemp(join(tmpdir(), 'meridian-multi-id-'));
  dropRoot = join(importDir, 'drop');
  const environment = await createTestEnvironment({
    PLAID_ENV: 'fake',
    PLAID_BASE_URL: fakePlaid.url,
    PLAID_CLIENT_ID: fakePlaid.clientId,
    PLAID_SECRET: fakePlaid.secret,
    IMPORT_DIR: importDir,
    IMPORT_DROP_ROOT: dropRoot,
    NYLAS_API_KEY: fakeNylas.apiKey,
    NYLAS_CLIENT_ID: fakeNylas.clientId,
    NYLAS_API_URI: fakeNylas.url,
    NYLAS_REDIRECT_URI,
  });
  api = await startTestApi({ seedDemo: false, environment });
  prisma = createPrismaClient(api.databaseUrl);
  firm = await createOrganization(prisma, { name: 'North Wealth', role: 'ADVISOR' });
  other = await createOrganization(prisma, { name: 'South Wealth', role: 'ADMIN' });
  const teamBId = newId(EntityType.team);
  await prisma.team.create({ data: { id: teamBId, organizationId: firm.organizationId, name: 'Desk B' } });
  const colleague = await addUser(prisma, { organizationId: firm.organizationId, teamId: teamBId }, 'ADVISOR');
  teamB = { organizationId: firm.organizationId, teamId: teamBId, userId: colleague.userId };
  const admin = await addUser(prisma, firm, 'ADMIN', [firm.teamId, teamBId]);
  advisorToken = await login(api.baseUrl, firm.email, firm.password);
  firmAdminToken = await login(api.baseUrl, admin.email, admin.password);
  otherAdminToken = await login(api.baseUrl, other.email, other.password);
  const document = (await call(api.baseUrl, 'GET', '/api/docs-json', { token: advisorToken })).body as {
    paths: Record<string, Record<string, OpenApiOperation>>;
    components: { schemas: Record<string, JsonSchema> };
  };
  operations = operationsOf(document);
  counter = await installChangeCounter(api.databaseUrl);
  return async () => {
    await counter?.close();
    await prisma?.$disconnect();
    await api?.close();
    await environment.dispose();
    await fakePlaid?.close();
    await fakeNylas?.close();
    await rm(importDir, { recursive: true, force: true });
  };
});
afterAll(() => undefined);

interface OpenApiOperation {
  'x-permission'?: Permission;
  parameters?: { name: string; in: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

function operationsOf(document: {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}): Operation[] {
  const resolve = (schema: JsonSchema | undefined) =>
    schema?.$ref ? document.components.schemas[schema.$ref.split('/').pop()!] : schema;
  const idsOf = (schema: JsonSchema | undefined, name: string, at: string, out: Set<string>, depth = 0): void => {
    const resolved = resolve(schema);
    if (!resolved || depth > 6) return;
    for (const part of [...(resolved.oneOf ?? []), ...(resolved.anyOf ?? []), ...(resolved.allOf ?? [])]) {
      idsOf(part, name, at, out, depth + 1);
    }
    if (resolved.pattern && ID_PATTERN.test(resolved.pattern)) out.add(at);
    else if (resolved.type === 'string' && !resolved.enum && /Ids?$/.test(name) && !NOT_OUR_IDS.has(name)) out.add(at);
    if (resolved.type === 'array') {
      const items = resolve(resolved.items);
      if (ID_LISTS.has(name) && items?.type === 'string') out.add(`${at}[]`);
      else idsOf(items, name, `${at}[]`, out, depth + 1);
    }
    for (const [key, property] of Object.entries(resolved.properties ?? {})) {
      // A merge's `fields` choose a side per field (enums), not ids.
      if (key === 'fields') continue;
      idsOf(property, key, `${at}.${key}`, out, depth + 1);
    }
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const slots = new Set<string>();
      for (const parameter of operation.parameters ?? []) {
        idsOf(parameter.schema, parameter.name, `${parameter.in}.${parameter.name}`, slots);
      }
      idsOf(operation.requestBody?.content['application/json']?.schema, '', 'body', slots);
      return { method: method.toUpperCase(), path, permission: operation['x-permission'], slots: [...slots].sort() };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Rows of each place, written straight to the database (fresh for every case).

function orgOf(place: Place) {
  if (place === 'firm') return other;
  if (place === 'team') return teamB;
  return firm;
}
const adminOf = (place: Place) => (place === 'firm' ? otherAdminToken : firmAdminToken);

async function household(place: Place): Promise<string> {
  if (place === 'missing') return newId(EntityType.household);
  return createHousehold(prisma, orgOf(place), { name: `${place} household` });
}
/** A person of a household of `place` (a new one unless given). */
async function person(place: Place, householdId?: string): Promise<string> {
  if (place === 'missing') return newId(EntityType.person);
  return createPerson(prisma, orgOf(place), { householdId: householdId ?? (await household(place)) });
}
async function contact(place: Place, overrides: Parameters<typeof createContact>[2] = {}): Promise<string> {
  if (place === 'missing') return newId(EntityType.contact);
  const org = orgOf(place);
  return (
    await createContact(prisma, org, {
      teamId: org.teamId,
      emails: ['casey@client.test', 'casey@work.test'],
      phones: ['4165550100', '4165550101'],
      ...overrides,
    })
  ).contactId;
}
/** A sub-record of `contactId`, or of a contact of `place` when the place is not the caller's. */
async function contactChild(
  place: Place,
  contactId: string,
  kind: 'email' | 'phone' | 'address' | 'employment' | 'link',
): Promise<string> {
  const entity = {
    email: EntityType.contactEmail,
    phone: EntityType.contactPhoneNumber,
    address: EntityType.contactAddress,
    employment: EntityType.contactEmployment,
    link: EntityType.contactSocialLink,
  }[kind];
  if (place === 'missing') return newId(entity);
  const owner = place === 'own' ? contactId : await contact(place);
  if (kind === 'email' || kind === 'phone') {
    const rows =
      kind === 'email'
        ? await prisma.contactEmail.findMany({ where: { contactId: owner }, orderBy: { isPrimary: 'asc' } })
        : await prisma.contactPhoneNumber.findMany({ where: { contactId: owner }, orderBy: { isPrimary: 'asc' } });
    return rows[0]!.id;
  }
  const records = await createContactRecords(prisma, orgOf(place), owner);
  if (kind === 'address') {
    // A second address, so the one named is not the only (primary) one.
    const second = await prisma.contactAddress.findUniqueOrThrow({ where: { id: records.addressId } });
    const id = newId(EntityType.contactAddress);
    await prisma.contactAddress.create({ data: { ...second, id, isPrimary: false, line1: '9 Queen St' } });
    return id;
  }
  return kind === 'employment' ? records.employmentId : records.linkId;
}
async function family(place: Place): Promise<{ familyId: string; householdId: string; personId: string }> {
  if (place === 'missing') {
    return { familyId: newId(EntityType.family), householdId: newId(EntityType.household), personId: '' };
  }
  const householdId = await household(place);
  const head = await person(place, householdId);
  const personId = await person(place, householdId);
  const familyId = await createFamily(prisma, orgOf(place), householdId, [
    { personId: head, role: 'HEAD' },
    { personId },
  ]);
  return { familyId, householdId, personId };
}
async function familyAddress(place: Place, familyId: string): Promise<string> {
  if (place === 'missing') return newId(EntityType.familyAddress);
  const owner = place === 'own' ? familyId : (await family(place)).familyId;
  // A second address, so the one named is not the only (primary) one.
  const first = await prisma.familyAddress.findUniqueOrThrow({
    where: { id: await createFamilyAddress(prisma, orgOf(place), owner) },
  });
  const id = newId(EntityType.familyAddress);
  await prisma.familyAddress.create({ data: { ...first, id, isPrimary: false, line1: '9 Queen St' } });
  return id;
}
async function timeline(place: Place): Promise<string> {
  if (place === 'missing') return newId(EntityType.timeline);
  const org = orgOf(place);
  const id = newId(EntityType.timeline);
  await prisma.timeline.create({
    data: { id, organizationId: org.organizationId, householdId: await household(place) },
  });
  return id;
}
async function lifeEvent(place: Place, timelineId: string): Promise<string> {
  if (place === 'missing') return newId(EntityType.lifeEvent);
  const owner = place === 'own' ? timelineId : await timeline(place);
  const id = newId(EntityType.lifeEvent);
  await prisma.lifeEvent.create({
    data: { id, organizationId: orgOf(place).organizationId, timelineId: owner, title: 'Moved', date: new Date() },
  });
  return id;
}
/** A task of a team of `place`, owned by the team. */
async function task(place: Place): Promise<string> {
  if (place === 'missing') return newId(EntityType.basicTask);
  const org = orgOf(place);
  const id = newId(EntityType.basicTask);
  await prisma.task.create({
    data: {
      id,
      organizationId: org.organizationId,
      teamId: org.teamId,
      title: 'Call',
      ownerKind: 'TEAM',
      ownerTeamId: org.teamId,
    },
  });
  return id;
}
/** A meeting of a team of `place`, organized by a new member of it. */
async function meeting(place: Place): Promise<string> {
  if (place === 'missing') return newId(EntityType.meeting);
  const org = orgOf(place);
  const id = newId(EntityType.meeting);
  await prisma.meeting.create({
    data: {
      id,
      organizationId: org.organizationId,
      teamId: org.teamId,
      organizerTeamMemberId: await teamMember(place),
      title: 'Review',
      message: 'Annual review',
      type: 'PHONE',
      startTime: new Date('2099-01-01T15:00:00Z'),
      durationMinutes: 30,
      timeZone: 'America/Toronto',
    },
  });
  return id;
}
/**
 * A meeting of `path.meetingId`'s place and a task of `body.taskId`'s: one of the caller's own
 * meeting's tasks when both are the caller's (a task of another team is of no meeting).
 */
async function meetingTaskRequest(at: At): Promise<Request> {
  const meetingId = await meeting(at('path.meetingId'));
  const taskId = await task(at('body.taskId'));
  if (at('body.taskId') === 'own') {
    const ownMeeting = at('path.meetingId') === 'own' ? meetingId : await meeting('own');
    await prisma.task.update({ where: { id: taskId }, data: { meetingId: ownMeeting, meetingTaskType: 'PRE' } });
  }
  return { path: { meetingId }, body: { taskId } };
}
async function team(place: Place): Promise<string> {
  return place === 'missing' ? newId(EntityType.team) : orgOf(place).teamId;
}
/**
 * A workflow of a household of `place`, its one step open and waiting for a document (the
 * household's own, for a document of the caller's).
 */
async function workflow(place: Place): Promise<{ workflowId: string; householdId: string; requirementId: string }> {
  if (place === 'missing') {
    return {
      workflowId: newId(EntityType.workflow),
      householdId: newId(EntityType.household),
      requirementId: newId(EntityType.workflowStepRequirement),
    };
  }
  const { organizationId, teamId } = orgOf(place);
  const householdId = await household(place);
  const [workflowId, stepId, requirementId] = [
    newId(EntityType.workflow),
    newId(EntityType.workflowStep),
    newId(EntityType.workflowStepRequirement),
  ];
  const steps = [{ name: 'Sign', tasks: [], requirements: [{ kind: 'DOCUMENT_UPLOADED', label: 'Signed form' }] }];
  await prisma.workflow.create({
    data: {
      id: workflowId,
      organizationId,
      teamId,
      householdId,
      name: 'Account opening',
      startedAt: new Date(),
      definition: {
        name: 'Account opening',
        subject: 'HOUSEHOLD',
        steps,
        startedByTeamMemberId: null,
        deadline: null,
        taskNote: null,
      },
    },
  });
  await prisma.workflowStep.create({
    data: { id: stepId, organizationId, workflowId, position: 0, name: 'Sign', openedAt: new Date() },
  });
  await prisma.workflowStepRequirement.create({
    data: {
      id: requirementId,
      organizationId,
      workflowStepId: stepId,
      kind: 'DOCUMENT_UPLOADED',
      label: 'Signed form',
    },
  });
  return { workflowId, householdId, requirementId };
}
/** A document owned by `householdId` for the caller's place, else by a household of `place`. */
async function householdDocument(place: Place, householdId: string): Promise<string> {
  if (place === 'missing') return newId(EntityType.document);
  const { organizationId, teamId } = orgOf(place);
  const id = newId(EntityType.document);
  await prisma.document.create({
    data: {
      id,
      organizationId,
      teamId,
      filePath: `files/${organizationId}/${id}/form.pdf`,
      originalFileName: 'form.pdf',
      ownerKind: 'HOUSEHOLD',
      ownerHouseholdId: place === 'own' ? householdId : await household(place),
    },
  });
  return id;
}
/** A note of `place` about a household of its own (a new one), written straight to the database. */
async function note(place: Place): Promise<string> {
  if (place === 'missing') return newId(EntityType.note);
  const { organizationId, teamId } = orgOf(place);
  const id = newId(EntityType.note);
  await prisma.note.create({
    data: {
      id,
      organizationId,
      teamId,
      body: 'Call notes',
      ownerKind: 'HOUSEHOLD',
      ownerHouseholdId: await household(place),
    },
  });
  return id;
}
/** A client document's file uploaded by the caller (purpose DOCUMENT); its path. */
async function uploadedDocumentFile(): Promise<string> {
  const ticket = await call<{ uploadUrl: string; filePath: string }>(api.baseUrl, 'POST', '/api/upload/request', {
    token: advisorToken,
    body: { fileName: 'form.pdf', purpose: 'DOCUMENT' },
  });
  const put = await fetch(`${api.baseUrl}${ticket.body.uploadUrl}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/pdf' },
    body: '%PDF-1.4 form',
  });
  if (put.status !== 201) throw new Error(`document upload: ${put.status}`);
  return ticket.body.filePath;
}
/** A firm workflow template of `place` (templates are the firm's, not a team's). */
async function workflowTemplate(place: Place): Promise<string> {
  if (place === 'missing') return newId(EntityType.workflowTemplate);
  const id = newId(EntityType.workflowTemplate);
  const steps = [
    {
      name: 'Meet',
      tasks: [
        { title: 'Meet', type: 'ANNUAL_REVIEW', dueInDays: 7, dueFrom: 'STEP_OPEN', assignee: 'PRIMARY_ADVISOR' },
      ],
      requirements: [],
    },
  ];
  await prisma.workflowTemplate.create({
    data: {
      id,
      organizationId: orgOf(place).organizationId,
      name: 'Review',
      subject: 'HOUSEHOLD',
      definition: { steps },
    },
  });
  return id;
}
async function professional(place: Place): Promise<string> {
  if (place === 'missing') return newId(EntityType.professional);
  const id = newId(EntityType.professional);
  await prisma.professional.create({
    data: { id, organizationId: orgOf(place).organizationId, displayName: `${place} advisor`, role: 'ADVISOR' },
  });
  return id;
}
/** A lead of `place`: a LEAD contact of its team and the lead row naming it. */
async function lead(place: Place): Promise<string> {
  if (place === 'missing') return newId(EntityType.lead);
  const org = orgOf(place);
  const contactId = (await createContact(prisma, org, { type: 'LEAD', teamId: org.teamId })).contactId;
  const id = newId(EntityType.lead);
  await prisma.lead.create({ data: { id, organizationId: org.organizationId, teamId: org.teamId, contactId } });
  return id;
}
async function tag(place: Place): Promise<string> {
  if (place === 'missing') return newId(EntityType.tag);
  const id = newId(EntityType.tag);
  await prisma.tag.create({
    data: { id, organizationId: orgOf(place).organizationId, name: `tag ${id.slice(-6)}`, type: 'CONTACT' },
  });
  return id;
}
async function definition(place: Place, entityKind: 'CONTACT' | 'HOUSEHOLD'): Promise<string> {
  if (place === 'missing') return newId(EntityType.customFieldDefinition);
  return createCustomField(prisma, orgOf(place), { entityKind, type: 'TEXT', name: `Field ${newId('f').slice(-6)}` });
}

/** A member of a team of `place` who may leave it (a new user, with no work of their own). */
async function teamMember(place: Place): Promise<string> {
  if (place === 'missing') return newId(EntityType.teamMember);
  const { userId } = await addUser(prisma, orgOf(place), 'ADVISOR');
  return (await prisma.teamMember.findFirstOrThrow({ where: { userId } })).id;
}
/** A custom import profile saved by the place's admin. */
async function importProfile(place: Place): Promise<string> {
  if (place === 'missing') return newId(EntityType.importProfile);
  const response = await call<{ id: string }>(api.baseUrl, 'POST', '/api/import-profiles', {
    token: adminOf(place),
    body: {
      name: `Old CRM ${newId('p').slice(-8)}`,
      kind: 'contacts',
      mapping: { Ident: 'sourceId', Given: 'firstName', Family: 'lastName' },
      sourceIdHeader: 'Ident',
    },
  });
  if (response.status !== 201) throw new Error(`import profile: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id;
}
/** A file uploaded by the place's admin: an import batch waiting for its mapping. */
async function importBatch(place: Place): Promise<string> {
  if (place === 'missing') return newId(EntityType.importBatch);
  const response = await call<{ batch: { id: string } }>(api.baseUrl, 'POST', '/api/imports?fileName=people.csv', {
    token: adminOf(place),
    rawBody: 'Ident,Given,Family\nB1,Bea,Hart\n',
    headers: { 'content-type': 'text/csv' },
  });
  if (response.status !== 201) throw new Error(`import: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.batch.id;
}
/** A new folder of the place's firm under the drop root (each firm has its part of it). */
const folderPath = (place: Place) => join(dropRoot, orgOf(place).organizationId, `folder-${newId('f').slice(-8)}`);
async function dropFolder(place: Place): Promise<string> {
  if (place === 'missing') return newId(EntityType.importDropFolder);
  const response = await call<{ id: string }>(api.baseUrl, 'POST', '/api/import-folders', {
    token: adminOf(place),
    body: { name: 'Nightly', path: folderPath(place), cron: '0 3 * * *', customProfileId: await importProfile(place) },
  });
  if (response.status !== 201) throw new Error(`import folder: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id;
}
/**
 * A Plaid connection of `householdId` (of `place`) whose one account waits for its placement: a new
 * item of the fake Plaid, which the placement asks for its accounts before it checks anything else.
 */
async function plaidConnection(place: Place, householdId: string) {
  const item = fakePlaid.createItem({
    accounts: [{ type: 'depository', subtype: 'checking', name: 'Everyday Chequing', mask: '0001' }],
  });
  const accountId = item.accounts[0]!.account_id;
  if (place === 'missing') return { connectionId: newId(EntityType.connection), accountId };
  const connection = await seedPlaidConnection(prisma, api.environment.config, {
    organizationId: orgOf(place).organizationId,
    householdId,
    itemId: item.itemId,
    accessToken: item.accessToken,
  });
  return { connectionId: connection.id, accountId };
}

const RECORD_ID: Record<string, string> = {
  BANK_ACCOUNT: EntityType.bankAccount,
  CREDIT_CARD: EntityType.creditCardAccount,
  INVESTMENT_ACCOUNT: EntityType.investmentAccount,
  LOAN: EntityType.loanAccount,
  REAL_ESTATE_PROPERTY: EntityType.clientRealEstate,
  INSURANCE_POLICY: EntityType.insurancePolicy,
  MORTGAGE: EntityType.mortgage,
};
/** A financial record made through the API by the place's admin, in `householdId` (a new household of the place unless given). */
async function record(place: Place, type: string, fields: Record<string, unknown> = {}, householdId?: string) {
  if (place === 'missing') return newId(RECORD_ID[type]!);
  const response = await call<{ id: string }>(api.baseUrl, 'POST', '/api/financial-records', {
    token: adminOf(place),
    body: { householdId: householdId ?? (await household(place)), type, ...fields },
  });
  if (response.status !== 201) throw new Error(`record: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id;
}
/** An id of a household member of `householdId` when `place` is the caller's, else of a household of `place`. */
async function memberOf(place: Place, householdId: string): Promise<string> {
  return place === 'own' ? person('own', householdId) : person(place);
}
async function stream(place: Place, householdId: string): Promise<string> {
  if (place === 'missing') return newId(EntityType.recurringStream);
  const response = await call<{ id: string }>(api.baseUrl, 'POST', '/api/streams', {
    token: adminOf(place),
    body: { householdId: place === 'own' ? householdId : await household(place), name: 'Salary', direction: 'INFLOW' },
  });
  if (response.status !== 201) throw new Error(`stream: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id;
}
async function transaction(place: Place, householdId: string): Promise<string> {
  if (place === 'missing') return newId(EntityType.transaction);
  const owner = place === 'own' ? householdId : await household(place);
  const accountId = await record(place, 'BANK_ACCOUNT', { bankAccountType: 'CHECKING' }, owner);
  const id = newId(EntityType.transaction);
  await prisma.transaction.create({
    data: {
      id,
      organizationId: orgOf(place).organizationId,
      householdId: owner,
      financialRecordId: accountId,
      date: new Date('2026-01-15'),
      amount: '100',
      amountCurrency: 'CAD',
      direction: 'INFLOW',
    },
  });
  return id;
}
/** A record of `householdId` when `place` is the caller's, else of a household of `place`. */
const recordOf = (place: Place, householdId: string, type: string, fields: Record<string, unknown> = {}) =>
  record(place, type, fields, place === 'own' ? householdId : undefined);

/** `id` (made for `place`) when the place is the caller's, else a new household of the caller's: where own ids of a case live. */
const homeOf = async (place: Place, id: string) => (place === 'own' ? id : household('own'));

// ---------------------------------------------------------------------------------------------
// One builder per operation taking two ids or more. `at(slot)` is 'own' for every slot but the one
// a case puts elsewhere.

const contactChildCase =
  (kind: 'email' | 'phone' | 'address' | 'employment' | 'link', child: string, body?: unknown): CaseBuilder =>
  async (at) => {
    const contactId = await contact(at('path.contactId'));
    const parent = at('path.contactId') === 'own' ? contactId : await contact('own');
    return { path: { contactId, [child]: await contactChild(at(`path.${child}`), parent, kind) }, body };
  };

const primaryAddressCase: CaseBuilder = async (at) => {
  const entityId = await contact(at('path.entityId'));
  const parent = at('path.entityId') === 'own' ? entityId : await contact('own');
  return { path: { entityId }, body: { addressId: await contactChild(at('body.addressId'), parent, 'address') } };
};

const mergePreviewCase =
  (kind: 'contact' | 'household', main: string): CaseBuilder =>
  async (at) => {
    const make = kind === 'contact' ? (place: Place) => contact(place) : household;
    return { path: { [main]: await make(at(`path.${main}`)), otherId: await make(at('path.otherId')) } };
  };
const mergeCase =
  (kind: 'contact' | 'household', main: string): CaseBuilder =>
  async (at) => {
    const make = kind === 'contact' ? (place: Place) => contact(place) : household;
    return { path: { [main]: await make(at(`path.${main}`)) }, body: { mergedId: await make(at('body.mergedId')) } };
  };

const ownerCase =
  (type: string, main: string, field: string, extra: Record<string, unknown> = {}, remove = false): CaseBuilder =>
  async (at) => {
    const householdId = await household(at(`path.${main}`));
    const home = await homeOf(at(`path.${main}`), householdId);
    const ownerPlace = at(`body.${field}`);
    const owner = await memberOf(ownerPlace, home);
    const bothOwn = ownerPlace === 'own' && at(`path.${main}`) === 'own';
    const owners = remove && bothOwn ? [owner, await person('own', home)] : [];
    const id = await record(at(`path.${main}`), type, { ...extra, ...(owners.length ? { owners } : {}) }, householdId);
    return { path: { [main]: id }, body: { [field]: owner } };
  };
/** Borrowers and co-signers of a loan: added, or (remove) added first, then removed. */
const partyCase =
  (party: 'borrower' | 'cosigner', remove: boolean): CaseBuilder =>
  async (at) => {
    const place = at('path.financialRecordId');
    const householdId = await household(place);
    const personId = await memberOf(at('body.personId'), await homeOf(place, householdId));
    const id = await record(place, 'LOAN', {}, householdId);
    if (remove && at('body.personId') === 'own') {
      await call(api.baseUrl, 'PATCH', `/api/financial-records/${id}/add-${party}`, {
        token: adminOf(place),
        body: { personId },
      });
    }
    return { path: { financialRecordId: id }, body: { personId } };
  };
const cardCase =
  (edit: boolean): CaseBuilder =>
  async (at) => {
    const card = (place: Place) => record(place, 'CREDIT_CARD');
    const creditCardId = await card(at('path.creditCardId'));
    const cardPlace = at('body.cardId');
    let cardId: string = newId(EntityType.additionalCard);
    if (cardPlace !== 'missing') {
      const home = at('path.creditCardId') === 'own' ? creditCardId : await card('own');
      const owner = cardPlace === 'own' ? home : await card(cardPlace);
      const added = await call<{ additionalCards: { id: string }[] }>(
        api.baseUrl,
        'PATCH',
        `/api/financial-records/credit-cards/${owner}/add-additional-card`,
        { token: adminOf(cardPlace), body: { description: 'Spouse', firstFourDigits: '4111', lastFourDigits: '1111' } },
      );
      cardId = added.body.additionalCards.at(-1)!.id;
    }
    const body = edit
      ? { cardId, description: 'Renamed', firstFourDigits: '4111', lastFourDigits: '2222' }
      : { cardId };
    return { path: { creditCardId }, body };
  };

const cashFlowBody = async (at: At, householdId: string, prefix: string) => {
  const asset = await recordOf(at(`${prefix}assetId`), householdId, 'BANK_ACCOUNT', { bankAccountType: 'SAVINGS' });
  const liability = await recordOf(at(`${prefix}liabilityId`), householdId, 'LOAN');
  const source = await recordOf(at(`${prefix}sourceAccountId`), householdId, 'BANK_ACCOUNT', {
    bankAccountType: 'CHECKING',
  });
  const destination = await recordOf(at(`${prefix}destinationAccountId`), householdId, 'INVESTMENT_ACCOUNT', {
    accountType: 'TFSA',
  });
  return {
    assetId: asset,
    liabilityId: liability,
    sourceAccountId: source,
    destinationAccountId: destination,
    payers: [await memberOf(at(`${prefix}payers[]`), householdId)],
    payees: [await memberOf(at(`${prefix}payees[]`), householdId)],
    streams: [await stream(at(`${prefix}streams[]`), householdId)],
    transactions: [await transaction(at(`${prefix}transactions[]`), householdId)],
  };
};

/** An offering of the place's firm (the firm's own for 'own' and 'team': offerings have no team). */
async function offering(place: Place): Promise<string> {
  const created = await call<{ id: string }>(api.baseUrl, 'POST', '/api/offerings', {
    token: adminOf(place),
    body: {
      name: 'Financial plan',
      description: 'A written plan',
      category: 'FINANCIAL_PLANNING',
      type: 'ONE_OFF_SERVICE',
    },
  });
  return created.body.id;
}
const packageOffer = (offeringId: string) => ({
  billingStartType: 'ON_START',
  offerings: [offeringId],
  pricingPlan: {
    type: 'ONE_TIME_FEE',
    paymentMethod: 'MANUAL',
    oneTimeFee: { amount: { currency: 'CAD', value: 900 } },
  },
});
/** A package template of the place's firm with one offer; fresh ids for a missing one. */
async function packageTemplate(place: Place): Promise<{ templateId: string; offerId: string }> {
  if (place === 'missing') return { templateId: newId(EntityType.packageTemplate), offerId: newId(EntityType.offer) };
  const created = await call<{ id: string; offers: { id: string }[] }>(api.baseUrl, 'POST', '/api/package-templates', {
    token: adminOf(place),
    body: { name: 'Starter package', offers: [packageOffer(await offering(place))] },
  });
  return { templateId: created.body.id, offerId: created.body.offers[0]!.id };
}
/** A template's offer, edited (with an offering of the caller's firm) or removed. */
const templateOfferCase =
  (edit: boolean): CaseBuilder =>
  async (at) => {
    const own = await packageTemplate(at('path.templateId'));
    const offerId = at('path.offerId') === 'own' ? own.offerId : (await packageTemplate(at('path.offerId'))).offerId;
    return {
      path: { templateId: own.templateId, offerId },
      ...(edit ? { body: { offer: packageOffer(await offering('own')) } } : {}),
    };
  };

/**
 * A DRAFT proposal with one offer, for a household's opportunity of the place's team (a proposal's
 * team is its opportunity's); fresh ids for a missing one.
 */
async function proposal(place: Place): Promise<{ proposalId: string; offerId: string; householdId: string }> {
  if (place === 'missing') {
    return {
      proposalId: newId(EntityType.proposal),
      offerId: newId(EntityType.offer),
      householdId: newId(EntityType.household),
    };
  }
  const token = adminOf(place);
  const householdId = await household(place);
  const opportunity = await call<{ id: string }>(api.baseUrl, 'POST', '/api/opportunitys', {
    token,
    body: { householdId },
  });
  await call(api.baseUrl, 'PATCH', `/api/opportunitys/${opportunity.body.id}/initiate-discovery`, { token, body: {} });
  const created = await call<{ id: string }>(api.baseUrl, 'POST', '/api/proposals', {
    token,
    body: { opportunityId: opportunity.body.id },
  });
  const priced = await call<{ offers: { id: string }[] }>(
    api.baseUrl,
    'PATCH',
    `/api/proposals/${created.body.id}/offers`,
    {
      token,
      body: { offer: packageOffer(await offering(place)) },
    },
  );
  // A refused step says which and why, instead of failing later on an absent offer.
  for (const [step, response] of [
    ['opportunity', opportunity],
    ['proposal', created],
    ['offer', priced],
  ] as const) {
    if (response.status >= 300) throw new Error(`${step}: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return { proposalId: created.body.id, offerId: priced.body.offers[0]!.id, householdId };
}
/** A proposal's offer, edited (with an offering of the caller's firm) or removed. */
const proposalOfferCase =
  (edit: boolean): CaseBuilder =>
  async (at) => {
    const own = await proposal(at('path.proposalId'));
    const offerId = at('path.offerId') === 'own' ? own.offerId : (await proposal(at('path.offerId'))).offerId;
    return {
      path: { proposalId: own.proposalId, offerId },
      ...(edit ? { body: { offer: packageOffer(await offering('own')) } } : {}),
    };
  };

const BUILDERS: Record<string, CaseBuilder> = {
  ...planScopeBuilders({
    get prisma() {
      return prisma;
    },
    organizationOf: orgOf,
    household,
    person,
  }),
  // A workflow starts for a household or for a person, never both: the person's slot is walked alone.
  'POST /api/workflows': async (at) => {
    if (at('body.personId') !== 'own') {
      return { path: {}, body: { template: 'RRSP_TO_RRIF_CONVERSION', personId: await person(at('body.personId')) } };
    }
    return {
      path: {},
      body: {
        template: await workflowTemplate(at('body.template')),
        householdId: await household(at('body.householdId')),
        teamId: await team(at('body.teamId')),
      },
    };
  },
  'GET /api/workflows/{workflowId}': async (at) => {
    const own = await workflow(at('path.workflowId'));
    const home = at('path.workflowId') === 'own' ? own.householdId : await household('own');
    return {
      path: { workflowId: own.workflowId },
      query: { currentParticipant: await memberOf(at('query.currentParticipant'), home) },
    };
  },
  'PATCH /api/workflows/{workflowId}/requirements/{requirementId}/meet': async (at) => {
    const own = await workflow(at('path.workflowId'));
    const requirementId =
      at('path.requirementId') === 'own' ? own.requirementId : (await workflow(at('path.requirementId'))).requirementId;
    const home = at('path.workflowId') === 'own' ? own.householdId : await household('own');
    return {
      path: { workflowId: own.workflowId, requirementId },
      body: { documentId: await householdDocument(at('body.documentId'), home) },
    };
  },
  'PATCH /api/workflows/{workflowId}/requirements/{requirementId}/cancel': async (at) => {
    const own = await workflow(at('path.workflowId'));
    const requirementId =
      at('path.requirementId') === 'own' ? own.requirementId : (await workflow(at('path.requirementId'))).requirementId;
    return { path: { workflowId: own.workflowId, requirementId } };
  },
  'PATCH /api/workflows/person-tasks-view/{workflowId}/{personId}': async (at) => {
    const own = await workflow(at('path.workflowId'));
    const home = at('path.workflowId') === 'own' ? own.householdId : await household('own');
    return {
      path: { workflowId: own.workflowId, personId: await memberOf(at('path.personId'), home) },
      body: { view: 'COMPLETED' },
    };
  },
  'GET /api/contacts': async (at) => ({
    path: {},
    query: {
      tagId: await tag(at('query.tagId')),
      teamId: await team(at('query.teamId')),
      advisorId: await professional(at('query.advisorId')),
    },
  }),
  'GET /api/leads': async (at) => ({
    path: {},
    query: {
      team: await team(at('query.team')),
      tagId: await tag(at('query.tagId')),
      teamId: await team(at('query.teamId')),
      advisorId: await professional(at('query.advisorId')),
    },
  }),
  'GET /api/households': async (at) => ({
    path: {},
    query: {
      teamId: await team(at('query.teamId')),
      advisorId: await professional(at('query.advisorId')),
      tagId: await tag(at('query.tagId')),
    },
  }),
  'PATCH /api/contacts/{contactId}/emails/{emailId}/remove': contactChildCase('email', 'emailId'),
  'PATCH /api/contacts/{contactId}/emails/{emailId}/set-primary': contactChildCase('email', 'emailId'),
  'PATCH /api/contacts/{contactId}/phone-numbers/{numberId}/remove': contactChildCase('phone', 'numberId'),
  'PATCH /api/contacts/{contactId}/phone-numbers/{numberId}/set-primary': contactChildCase('phone', 'numberId'),
  'PATCH /api/contacts/{contactId}/employments/{employmentId}/remove': contactChildCase('employment', 'employmentId'),
  'PATCH /api/contacts/{contactId}/employments/{employmentId}/set-primary': contactChildCase(
    'employment',
    'employmentId',
  ),
  'PATCH /api/contacts/{contactId}/employments/{employmentId}/set-employment-end-date': contactChildCase(
    'employment',
    'employmentId',
    { endDate: '2025-06-30' },
  ),
  'PATCH /api/contacts/{contactId}/social-links/{linkId}/remove': contactChildCase('link', 'linkId'),
  'PATCH /api/contact/{contactId}/remove-address/{addressId}': contactChildCase('address', 'addressId'),
  'PATCH /api/contact/{entityId}/set-primary-address': primaryAddressCase,
  'PATCH /api/contact/{entityId}/remove-primary-address': primaryAddressCase,
  'PATCH /api/contacts/{contactId}/custom-fields': async (at) => ({
    path: { contactId: await contact(at('path.contactId')) },
    body: { definitionId: await definition(at('body.definitionId'), 'CONTACT'), value: 'Blue' },
  }),
  'PATCH /api/households/{householdId}/custom-fields': async (at) => ({
    path: { householdId: await household(at('path.householdId')) },
    body: { definitionId: await definition(at('body.definitionId'), 'HOUSEHOLD'), value: 'Blue' },
  }),
  'POST /api/households': async (at) => ({
    path: {},
    body: {
      teamId: await team(at('body.teamId')),
      name: 'New household',
      primaryAdvisorId: await professional(at('body.primaryAdvisorId')),
    },
  }),
  'PATCH /api/households/{householdId}': async (at) => ({
    path: { householdId: await household(at('path.householdId')) },
    body: { teamId: await team(at('body.teamId')), primaryAdvisorId: await professional(at('body.primaryAdvisorId')) },
  }),
  'POST /api/households/{householdId}/members': async (at) => {
    const householdId = await household(at('path.householdId'));
    // One body names a person, the other a contact: the case for each slot sends the body holding it.
    if (at('body.contactId') !== 'own') {
      return { path: { householdId }, body: { kind: 'CONTACT', contactId: await contact(at('body.contactId')) } };
    }
    return {
      path: { householdId },
      body: { kind: 'PERSON', personId: await memberOf(at('body.personId'), await household('own')) },
    };
  },
  'DELETE /api/households/{householdId}/members/{personId}': async (at) => {
    const householdId = await household(at('path.householdId'));
    const home = await homeOf(at('path.householdId'), householdId);
    return { path: { householdId, personId: await memberOf(at('path.personId'), home) } };
  },
  'PATCH /api/persons/{personId}': async (at) => ({
    path: { personId: await person(at('path.personId')) },
    body: { householdId: await household(at('body.householdId')) },
  }),
  'POST /api/families': async (at) => {
    const householdId = await household(at('body.householdId'));
    const member = await memberOf(
      at('body.members[].personId'),
      at('body.householdId') === 'own' ? householdId : await household('own'),
    );
    return { path: {}, body: { householdId, name: 'Branch', members: [{ personId: member, role: 'HEAD' }] } };
  },
  'PATCH /api/families/{familyId}/members/{member}/remove': async (at) => {
    const main = await family(at('path.familyId'));
    const home = at('path.familyId') === 'own' ? main : await family('own');
    const member = at('path.member') === 'own' ? home.personId : (await family(at('path.member'))).personId;
    return { path: { familyId: main.familyId, member: member || newId(EntityType.person) } };
  },
  'PATCH /api/family/{familyId}/remove-address/{addressId}': async (at) => {
    const { familyId } = await family(at('path.familyId'));
    const home = at('path.familyId') === 'own' ? familyId : (await family('own')).familyId;
    return { path: { familyId, addressId: await familyAddress(at('path.addressId'), home) } };
  },
  'PATCH /api/family/{familyId}/set-primary-address': async (at) => {
    const { familyId } = await family(at('path.familyId'));
    const home = at('path.familyId') === 'own' ? familyId : (await family('own')).familyId;
    return { path: { familyId }, body: { addressId: await familyAddress(at('body.addressId'), home) } };
  },
  'POST /api/contacts/{contactId}/convert': async (at) => ({
    path: { contactId: await contact(at('path.contactId'), { type: 'LEAD' }) },
    body: { household: { kind: 'EXISTING', householdId: await household(at('body.household.householdId')) } },
  }),
  'GET /api/contacts/{contactId}/merge-preview/{otherId}': mergePreviewCase('contact', 'contactId'),
  'POST /api/contacts/{contactId}/merge': mergeCase('contact', 'contactId'),
  'GET /api/households/{householdId}/merge-preview/{otherId}': mergePreviewCase('household', 'householdId'),
  'POST /api/households/{householdId}/merge': mergeCase('household', 'householdId'),
  'POST /api/timelines': async (at) => {
    const householdId = await household(at('body.householdId'));
    const home = await homeOf(at('body.householdId'), householdId);
    return { path: {}, body: { householdId, personId: await memberOf(at('body.personId'), home) } };
  },
  'PATCH /api/timelines/{timelineId}/life-events/{lifeEventId}/date': async (at) => {
    const timelineId = await timeline(at('path.timelineId'));
    return {
      path: {
        timelineId,
        lifeEventId: await lifeEvent(
          at('path.lifeEventId'),
          at('path.timelineId') === 'own' ? timelineId : await timeline('own'),
        ),
      },
      body: { date: '2024-05-01' },
    };
  },
  'DELETE /api/timelines/{timelineId}/life-events/{lifeEventId}': async (at) => {
    const timelineId = await timeline(at('path.timelineId'));
    return {
      path: {
        timelineId,
        lifeEventId: await lifeEvent(
          at('path.lifeEventId'),
          at('path.timelineId') === 'own' ? timelineId : await timeline('own'),
        ),
      },
    };
  },
  'POST /api/tasks': async (at) => ({
    path: {},
    body: {
      title: 'Call',
      owner: { kind: 'TEAM', id: firm.teamId },
      assigneeId: await teamMember(at('body.assigneeId')),
      meetingId: await meeting(at('body.meetingId')),
      meetingTaskType: 'PRE',
    },
  }),
  'GET /api/tasks': async (at) => ({
    path: {},
    query: {
      contactId: await contact(at('query.contactId')),
      householdId: await household(at('query.householdId')),
    },
  }),
  'GET /api/tasks/team/{teamId}/assignable-entities': async (at) => ({
    path: { teamId: await team(at('path.teamId')) },
    query: {
      entityId: await household(at('query.entityId')),
      entityIds: await person(at('query.entityIds[]') === 'own' ? at('query.entityIds') : at('query.entityIds[]')),
    },
  }),
  'PATCH /api/tasks/{taskId}/assign': async (at) => ({
    path: { taskId: await task(at('path.taskId')) },
    body: { entityId: await teamMember(at('body.entityId')) },
  }),
  'POST /api/meetings': async (at) => ({
    path: {},
    body: {
      teamId: await team(at('body.teamId')),
      householdId: await household(at('body.householdId')),
      organizer: await teamMember('own'),
      title: 'Review',
      message: 'Annual review',
      type: 'PHONE',
      startTime: '2099-01-01T15:00:00Z',
      participants: [{ email: 'guest@outside.test', name: 'Gil Guest', role: 'EXTERNAL' }],
      preTasks: [
        {
          assignee: { canonicalId: await teamMember(at('body.preTasks[].assignee.canonicalId')) },
          content: { title: 'Prepare', description: 'The figures' },
        },
      ],
      postTasks: [
        {
          assignee: { canonicalId: await teamMember(at('body.postTasks[].assignee.canonicalId')) },
          content: { title: 'Follow up', description: 'The forms' },
        },
      ],
    },
  }),
  'GET /api/teams/{teamId}/available-participants': async (at) => ({
    path: { teamId: await team(at('path.teamId')) },
    query: { entityId: await household(at('query.entityId')) },
  }),
  'PATCH /api/meetings/{meetingId}/add-task': async (at) => ({
    path: { meetingId: await meeting(at('path.meetingId')) },
    body: {
      timing: 'PRE',
      assignee: { canonicalId: await teamMember(at('body.assignee.canonicalId')) },
      content: { title: 'Prepare', description: 'The figures' },
    },
  }),
  'PATCH /api/meetings/{meetingId}/remove-task': meetingTaskRequest,
  'PATCH /api/meetings/{meetingId}/move-task': async (at) => {
    const request = await meetingTaskRequest(at);
    return { ...request, body: { ...(request.body as object), timing: 'POST' } };
  },
  // An opportunity is begun with one of a lead, a contact or a household: each is walked alone.
  'POST /api/opportunitys': async (at) => {
    const primaryAdvisorId = await professional(at('body.primaryAdvisorId'));
    if (at('body.leadId') !== 'own') {
      return { path: {}, body: { leadId: await lead(at('body.leadId')), primaryAdvisorId } };
    }
    if (at('body.contactId') !== 'own') {
      return { path: {}, body: { contactId: await contact(at('body.contactId')), primaryAdvisorId } };
    }
    return { path: {}, body: { householdId: await household(at('body.householdId')), primaryAdvisorId } };
  },
  'GET /api/opportunitys': async (at) => ({
    path: {},
    query: {
      teamId: await team(at('query.teamId')),
      primaryAdvisorId: await professional(at('query.primaryAdvisorId')),
    },
  }),
  'GET /api/opportunitys/pipeline': async (at) => ({
    path: {},
    query: {
      teamId: await team(at('query.teamId')),
      primaryAdvisorId: await professional(at('query.primaryAdvisorId')),
    },
  }),
  'POST /api/financial-records': async (at) => {
    const householdId = await household(at('body.householdId'));
    const home = at('body.householdId') === 'own' ? householdId : await household('own');
    if (at('body.propertyId') !== 'own') {
      const propertyId = await recordOf(at('body.propertyId'), home, 'REAL_ESTATE_PROPERTY', {
        propertyKind: 'RESIDENTIAL',
      });
      return { path: {}, body: { householdId, type: 'MORTGAGE', propertyId } };
    }
    // An insured person is an insurance policy's: a request shape of its own for that slot.
    if (at('body.insuredPersonId') !== 'own') {
      return {
        path: {},
        body: {
          householdId,
          type: 'INSURANCE_POLICY',
          policyType: 'TERM_LIFE',
          insuredPersonId: await memberOf(at('body.insuredPersonId'), home),
        },
      };
    }
    const body = {
      householdId,
      type: 'LOAN',
      owners: [await memberOf(at('body.owners[]'), home)],
      securedByRecordId: await recordOf(at('body.securedByRecordId'), home, 'REAL_ESTATE_PROPERTY', {
        propertyKind: 'RESIDENTIAL',
      }),
    };
    return { path: {}, body };
  },
  'PATCH /api/financial-records/{financialRecordId}': async (at) => {
    const place = at('path.financialRecordId');
    const householdId = await household(place);
    const home = await homeOf(place, householdId);
    if (at('body.insuredPersonId') !== 'own') {
      const policy = await record(place, 'INSURANCE_POLICY', { policyType: 'TERM_LIFE' }, householdId);
      return {
        path: { financialRecordId: policy },
        body: { type: 'INSURANCE_POLICY', insuredPersonId: await memberOf(at('body.insuredPersonId'), home) },
      };
    }
    const house = (slot: string) => recordOf(at(slot), home, 'REAL_ESTATE_PROPERTY', { propertyKind: 'RESIDENTIAL' });
    if (at('body.securedByRecordId') !== 'own') {
      const loan = await record(place, 'LOAN', {}, householdId);
      return {
        path: { financialRecordId: loan },
        body: { type: 'LOAN', securedByRecordId: await house('body.securedByRecordId') },
      };
    }
    const mortgage = await record(place, 'MORTGAGE', {}, householdId);
    return {
      path: { financialRecordId: mortgage },
      body: { type: 'MORTGAGE', propertyId: await house('body.propertyId') },
    };
  },
  'PATCH /api/financial-records/{financialRecordId}/add-owner': ownerCase(
    'BANK_ACCOUNT',
    'financialRecordId',
    'ownerId',
    { bankAccountType: 'CHECKING' },
  ),
  'PATCH /api/financial-records/{financialRecordId}/remove-owner': ownerCase(
    'BANK_ACCOUNT',
    'financialRecordId',
    'ownerId',
    { bankAccountType: 'CHECKING' },
    true,
  ),
  'PATCH /api/financial-records/{financialRecordId}/add-borrower': partyCase('borrower', false),
  'PATCH /api/financial-records/{financialRecordId}/remove-borrower': partyCase('borrower', true),
  'PATCH /api/financial-records/{financialRecordId}/add-cosigner': partyCase('cosigner', false),
  'PATCH /api/financial-records/{financialRecordId}/remove-cosigner': partyCase('cosigner', true),
  'PATCH /api/financial-records/investment-accounts/{accountId}/owners/add': ownerCase(
    'INVESTMENT_ACCOUNT',
    'accountId',
    'ownerId',
    { accountType: 'NRSP' },
  ),
  'PATCH /api/financial-records/investment-accounts/{accountId}/owners/remove': ownerCase(
    'INVESTMENT_ACCOUNT',
    'accountId',
    'ownerId',
    { accountType: 'NRSP' },
    true,
  ),
  'PATCH /api/financial-records/bank-accounts/{bankAccountId}/add-owner': ownerCase(
    'BANK_ACCOUNT',
    'bankAccountId',
    'personId',
    { bankAccountType: 'CHECKING' },
  ),
  'PATCH /api/financial-records/bank-accounts/{bankAccountId}/remove-owner': ownerCase(
    'BANK_ACCOUNT',
    'bankAccountId',
    'entityId',
    { bankAccountType: 'CHECKING' },
    true,
  ),
  'PATCH /api/financial-records/credit-cards/{creditCardId}/edit-card': cardCase(true),
  'PATCH /api/financial-records/credit-cards/{creditCardId}/remove-card': cardCase(false),
  'PATCH /api/financial-records/real-estate-properties/{realEstateId}/add-owner': ownerCase(
    'REAL_ESTATE_PROPERTY',
    'realEstateId',
    'personId',
    { propertyKind: 'RESIDENTIAL' },
  ),
  'PATCH /api/financial-records/real-estate-properties/{realEstateId}/remove-owner': ownerCase(
    'REAL_ESTATE_PROPERTY',
    'realEstateId',
    'personId',
    { propertyKind: 'RESIDENTIAL' },
    true,
  ),
  'POST /api/cash-flow-sources': async (at) => {
    const householdId = await household(at('body.householdId'));
    const home = at('body.householdId') === 'own' ? householdId : await household('own');
    return {
      path: {},
      body: {
        householdId,
        type: 'INCOME',
        subtype: 'Employment',
        name: 'Salary',
        ...(await cashFlowBody(at, home, 'body.')),
      },
    };
  },
  'PATCH /api/cash-flow-sources/{cashFlowSourceId}': async (at) => {
    const place = at('path.cashFlowSourceId');
    const householdId = await household(place);
    let cashFlowSourceId: string = newId(EntityType.cashFlowSource);
    if (place !== 'missing') {
      const created = await call<{ id: string }>(api.baseUrl, 'POST', '/api/cash-flow-sources', {
        token: adminOf(place),
        body: { householdId, type: 'INCOME', subtype: 'Employment', name: 'Salary' },
      });
      if (created.status !== 201) throw new Error(`cash flow: ${created.status} ${JSON.stringify(created.body)}`);
      cashFlowSourceId = created.body.id;
    }
    return { path: { cashFlowSourceId }, body: await cashFlowBody(at, await homeOf(place, householdId), 'body.') };
  },
  'POST /api/streams': async (at) => {
    const householdId = await household(at('body.householdId'));
    const home = at('body.householdId') === 'own' ? householdId : await household('own');
    return {
      path: {},
      body: {
        householdId,
        name: 'Rent',
        direction: 'OUTFLOW',
        financialRecordId: await recordOf(at('body.financialRecordId'), home, 'BANK_ACCOUNT', {
          bankAccountType: 'CHECKING',
        }),
      },
    };
  },
  'POST /api/plaid/connections/{connectionId}/account-placements': async (at) => {
    const place = at('path.connectionId');
    const householdId = await household(place);
    const home = await homeOf(place, householdId);
    const { connectionId, accountId } = await plaidConnection(place, householdId);
    // An account is either matched with a manual record or added with its owners: one body per slot.
    const matchPlace = at('body.placements[].matchRecordId');
    const placement =
      matchPlace === 'own'
        ? { externalAccountId: accountId, owners: [await memberOf(at('body.placements[].owners[]'), home)] }
        : {
            externalAccountId: accountId,
            owners: [],
            matchRecordId: await recordOf(matchPlace, home, 'BANK_ACCOUNT', { bankAccountType: 'CHECKING' }),
          };
    return { path: { connectionId }, body: { placements: [placement] } };
  },
  'GET /api/audit-logs': async (at) => ({
    path: {},
    query: {
      entityId: await contact(at('query.entityId')),
      actorId:
        at('query.actorId') === 'own'
          ? firm.userId
          : at('query.actorId') === 'missing'
            ? newId(EntityType.user)
            : orgOf(at('query.actorId')).userId,
    },
  }),
  // Admin only: the other firm's ids (see adminOnly).
  'PATCH /api/teams/{teamId}/members/{teamMemberId}/remove': async (at) => ({
    path: { teamId: await team(at('path.teamId')), teamMemberId: await teamMember(at('path.teamMemberId')) },
  }),
  'PUT /api/imports/{batchId}/mapping': async (at) => ({
    path: { batchId: await importBatch(at('path.batchId')) },
    body: { customProfileId: await importProfile(at('body.customProfileId')) },
  }),
  'POST /api/import-folders': async (at) => ({
    path: {},
    body: {
      name: 'Nightly',
      path: folderPath('own'),
      cron: '0 3 * * *',
      customProfileId: await importProfile(at('body.customProfileId')),
    },
  }),
  'PATCH /api/import-folders/{folderId}': async (at) => ({
    path: { folderId: await dropFolder(at('path.folderId')) },
    body: { customProfileId: await importProfile(at('body.customProfileId')) },
  }),
  'POST /api/notes': async (at) => ({
    path: {},
    body: {
      owner: await household('own'),
      team: await team(at('body.team')),
      body: {
        content: 'Review call',
        extraMentions: [{ entityType: 'person', entityId: await person(at('body.body.extraMentions[].entityId')) }],
      },
    },
  }),
  'PATCH /api/notes/{noteId}/edit-note': async (at) => ({
    path: { noteId: await note(at('path.noteId')) },
    body: {
      body: {
        content: 'Edited',
        extraMentions: [{ entityType: 'person', entityId: await person(at('body.body.extraMentions[].entityId')) }],
      },
    },
  }),
  'POST /api/documents/create': async (at) => ({
    path: {},
    body: {
      filePath: await uploadedDocumentFile(),
      ownerId: await household(at('body.ownerId')),
      originalFileName: 'Form.pdf',
      mentions: [{ entityType: 'person', entityId: await person(at('body.mentions[].entityId')) }],
    },
  }),
  'PATCH /api/package-templates/{templateId}/offers/{offerId}': templateOfferCase(true),
  'DELETE /api/package-templates/{templateId}/offers/{offerId}': templateOfferCase(false),
  'PATCH /api/proposals/{proposalId}/offers/{offerId}': proposalOfferCase(true),
  'DELETE /api/proposals/{proposalId}/offers/{offerId}': proposalOfferCase(false),
  // A proposal goes to persons of its opportunity's household.
  'PATCH /api/proposals/{proposalId}/send': async (at) => {
    const own = await proposal(at('path.proposalId'));
    const home = at('path.proposalId') === 'own' ? own.householdId : await household('own');
    return {
      path: { proposalId: own.proposalId },
      body: {
        recipients: [{ personId: await memberOf(at('body.recipients[].personId'), home), email: 'ada@client.test' }],
      },
    };
  },
  // A calendar's owner is a team member, its creator the caller; the state and the code are fresh
  // for every case (the caller's hosted authentication at the fake Nylas: a code is spent once).
  'POST /api/nylas': async (at) => {
    const email = `calendar-${newId(EntityType.user)
      .slice(-8)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')}@firm.test`;
    const auth = await call<{ url: string }>(
      api.baseUrl,
      'GET',
      `/api/nylas/google?email=${encodeURIComponent(email)}`,
      {
        token: advisorToken,
      },
    );
    const state = new URL(auth.body.url).searchParams.get('state')!;
    const code = fakeNylas.authorize({ email, provider: 'google', redirectUri: NYLAS_REDIRECT_URI });
    const userOf = (place: Place) =>
      place === 'missing' ? null : place === 'firm' ? other.userId : place === 'team' ? teamB.userId : firm.userId;
    const ownerUser = userOf(at('body.owner'));
    const owner =
      ownerUser === null
        ? newId(EntityType.teamMember)
        : (await prisma.teamMember.findFirstOrThrow({ where: { userId: ownerUser }, select: { id: true } })).id;
    return { path: {}, body: { code, owner, creator: userOf(at('body.creator')) ?? newId(EntityType.user), state } };
  },
};

// ---------------------------------------------------------------------------------------------

function urlOf(operation: Operation, request: Request): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(request.path[name] ?? 'unset'),
  );
  const query = new URLSearchParams(request.query ?? {}).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * An operation an Advisor may not call, which the firm's Admin calls instead. An Admin spans every
 * team of the firm, so team B's ids are theirs: only another firm's are foreign to them.
 */
const adminOnly = (operation: Operation) => !can({ role: 'ADVISOR' }, operation.permission ?? 'PLATFORM_OPERATE');

/** The slots a walk swaps: every id the operation takes but a built-in one. */
const walkedSlots = (operation: Operation) =>
  operation.slots.filter((slot) => !BUILT_IN.has(slot.split('.').at(-1)!.replace('[]', '')));

async function send(operation: Operation, request: Request): Promise<JsonResponse> {
  return call(api.baseUrl, operation.method, urlOf(operation, request), {
    token: adminOnly(operation) ? firmAdminToken : advisorToken,
    body: request.body,
  });
}

const withoutRequestId = (body: unknown) =>
  body && typeof body === 'object' ? { ...(body as Record<string, unknown>), requestId: undefined } : body;

/** The problems of one slot: its id of team B, then of the other firm, against a missing id. */
async function foreignInSlot(operation: Operation, build: CaseBuilder, slot: string): Promise<string[]> {
  const key = `${operation.method} ${operation.path}`;
  const problems: string[] = [];
  const firmWide =
    FIRM_WIDE.has(slot.split('.').at(-1)!.replace('[]', '')) ||
    FIRM_WIDE_PATHS.some((prefix) => operation.path.startsWith(prefix));
  const places = firmWide || adminOnly(operation) ? (['firm'] as const) : (['team', 'firm'] as const);
  // The rows of every case are written first, together; the requests then go one at a time, each
  // between two readings of the change counter.
  const [missingRequest, ...requests] = await Promise.all(
    (['missing', ...places] as const).map((place) => build((name) => (name === slot ? place : 'own'))),
  );
  const missing = await send(operation, missingRequest!);
  for (const [index, place] of places.entries()) {
    const request = requests[index]!;
    const before = await counter.read();
    const response = await send(operation, request);
    const changed = changedTables(before, await counter.read());
    const same =
      response.status === missing.status &&
      JSON.stringify(withoutRequestId(response.body)) === JSON.stringify(withoutRequestId(missing.body));
    if (!same || response.status >= 500 || (response.status < 400 && operation.method !== 'GET')) {
      problems.push(
        `${key} ${slot} of ${place}: ${response.status} ${JSON.stringify(response.body).slice(0, 160)}; missing: ${missing.status} ${JSON.stringify(missing.body).slice(0, 120)}`,
      );
    }
    if (Object.keys(changed).length > 0) problems.push(`${key} ${slot} of ${place} changed ${JSON.stringify(changed)}`);
  }
  return problems;
}

describe('every id a route takes is in the caller’s team and firm', () => {
  it('reads the operations of the document that take two ids or more, each with a case builder', () => {
    const multi = operations.filter((operation) => operation.slots.length >= 2);
    expect(multi.length).toBeGreaterThan(40);
    // Every route of a firm's users, the Admin's included; the platform operator's routes (new
    // firms' invitations) belong to no firm.
    const uncovered = multi
      .filter((operation) => can({ role: 'ADMIN' }, operation.permission ?? 'PLATFORM_OPERATE'))
      .filter((operation) => !BUILDERS[`${operation.method} ${operation.path}`])
      .map((operation) => `${operation.method} ${operation.path} ${operation.slots.join(' ')}`);
    expect(uncovered, 'add a case builder for each').toEqual([]);
  });

  it(
    'answers a foreign id, in every slot, exactly as a missing one, and changes nothing',
    { timeout: 900_000 },
    async () => {
      const problems: string[] = [];
      for (const operation of operations.filter((candidate) => candidate.slots.length >= 2)) {
        const key = `${operation.method} ${operation.path}`;
        if (!BUILDERS[key]) continue;
        for (const slot of walkedSlots(operation)) {
          problems.push(
            ...(await foreignInSlot(operation, BUILDERS[key], slot).catch((error: unknown) => [
              `${key} ${slot}: ${String(error).slice(0, 300)}`,
            ])),
          );
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('lets the same calls through when every id is the caller’s', { timeout: 300_000 }, async () => {
    const problems: string[] = [];
    for (const operation of operations.filter((candidate) => candidate.slots.length >= 2)) {
      const key = `${operation.method} ${operation.path}`;
      const build = BUILDERS[key];
      if (!build) continue;
      const response = await build(() => 'own')
        .then((request) => send(operation, request))
        .catch((error: unknown) => ({ status: 999, body: String(error) }));
      if (response.status >= 300)
        problems.push(`${key}: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('merging across teams (the hole this walk was written for)', () => {
  const advisor = (method: string, path: string, body?: unknown) =>
    call<Record<string, unknown>>(api.baseUrl, method, path, { token: advisorToken, body });
  const admin = (method: string, path: string, body?: unknown) =>
    call<Record<string, unknown>>(api.baseUrl, method, path, { token: firmAdminToken, body });

  /** Runs `requests` and checks each answers "<what> not found" and no row of the database changed. */
  async function refusedUnchanged(what: string, requests: (() => Promise<JsonResponse<unknown>>)[]) {
    const before = await counter.read();
    for (const request of requests) expectNotFound(await request(), what);
    expect(changedTables(before, await counter.read())).toEqual({});
  }

  it('keeps another team’s contact out of a preview and a merge, whichever side it is on', async () => {
    const own = await contact('own');
    const theirs = await contact('team');
    await refusedUnchanged('Contact', [
      () => advisor('GET', `/api/contacts/${own}/merge-preview/${theirs}`),
      () => advisor('GET', `/api/contacts/${theirs}/merge-preview/${own}`),
      () => advisor('POST', `/api/contacts/${own}/merge`, { mergedId: theirs }),
      () => advisor('POST', `/api/contacts/${theirs}/merge`, { mergedId: own }),
    ]);
    const rows = await prisma.contact.findMany({ where: { id: { in: [own, theirs] } } });
    expect(rows.map((row) => [row.deletedAt, row.mergedIntoId])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('keeps another team’s household out of a preview and a merge, and its members stay in it', async () => {
    const own = await household('own');
    await person('own', own);
    const theirs = await household('team');
    const members = [await person('team', theirs), await person('team', theirs)];
    await refusedUnchanged('Household', [
      () => advisor('GET', `/api/households/${own}/merge-preview/${theirs}`),
      () => advisor('GET', `/api/households/${theirs}/merge-preview/${own}`),
      () => advisor('POST', `/api/households/${own}/merge`, { mergedId: theirs }),
      () => advisor('POST', `/api/households/${theirs}/merge`, { mergedId: own }),
    ]);
    const after = await prisma.person.findMany({ where: { id: { in: members } } });
    expect(after.map((row) => row.householdId)).toEqual([theirs, theirs]);
    const other = await prisma.household.findUniqueOrThrow({ where: { id: theirs } });
    expect({ teamId: other.teamId, deletedAt: other.deletedAt }).toEqual({ teamId: teamB.teamId, deletedAt: null });
  });

  it('merges two households of the caller’s team, members moving to the survivor', async () => {
    const survivor = await household('own');
    const merged = await household('own');
    const moving = await person('own', merged);
    expect((await advisor('GET', `/api/households/${survivor}/merge-preview/${merged}`)).status).toBe(200);
    const response = await advisor('POST', `/api/households/${survivor}/merge`, { mergedId: merged });
    expect(response.status).toBe(201);
    expect((await prisma.person.findUniqueOrThrow({ where: { id: moving } })).householdId).toBe(survivor);
  });

  it('hides another team’s merge: it cannot be read or undone', async () => {
    const survivor = await household('team');
    const merged = await household('team');
    const member = await person('team', merged);
    const done = await admin('POST', `/api/households/${survivor}/merge`, { mergedId: merged });
    expect(done.status).toBe(201);
    const mergeId = done.body.id as string;
    await refusedUnchanged('Merge', [
      () => advisor('GET', `/api/merges/${mergeId}`),
      () => advisor('POST', `/api/merges/${mergeId}/undo`),
    ]);
    expect((await prisma.person.findUniqueOrThrow({ where: { id: member } })).householdId).toBe(survivor);
  });

  it('keeps another team’s contact’s person (no household of its own) out of the caller’s households', async () => {
    const loose = await createPerson(prisma, teamB, {});
    await contact('team', { personId: loose });
    const own = await household('own');
    await refusedUnchanged('Person', [
      () => advisor('POST', `/api/households/${own}/members`, { kind: 'PERSON', personId: loose }),
    ]);
  });
});
