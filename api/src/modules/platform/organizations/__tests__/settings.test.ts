import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@meridian/api';
import {
  EntityType,
  newId,
  type OrganizationSettings,
  type ProfessionalResponse,
  type TeamResponse,
  permissionRefusal,
  USER_ROLE_LABELS,
} from '@meridian/domain';
import type { TestApi } from '#test/support/app.js';
import { apiAs } from '#test/support/financial-factories.js';
import { signedInUser, startWithTwoFirms, type SignedInFirm, type TwoFirms } from '#test/support/two-firms.js';

let world: TwoFirms;
let api: TestApi;
let prisma: PrismaClient;
let north: SignedInFirm;
let south: SignedInFirm;
let asAdmin: ReturnType<typeof apiAs>;
let asAdvisor: ReturnType<typeof apiAs>;
let asSouth: ReturnType<typeof apiAs>;
let advisorUserId: string;

async function addProfessional(organizationId: string, userId: string | null): Promise<string> {
  const id = newId(EntityType.professional);
  await prisma.professional.create({
    data: { id, organizationId, userId, displayName: 'Jo Advisor', role: 'ADVISOR', bio: 'Old bio' },
  });
  return id;
}

async function auditOf(entityId: string) {
  const audit = await asAdmin<{ items: { action: string; entityType: string; before: unknown; after: unknown }[] }>(
    'GET',
    `/api/audit-logs?entityId=${entityId}`,
  );
  return audit.body.items;
}

beforeAll(async () => {
  world = await startWithTwoFirms();
  ({ api, prisma } = world);
  [north, south] = world.firms;
  asAdmin = apiAs(api.baseUrl, north.token);
  const advisor = await signedInUser(world, north, 'ADVISOR');
  advisorUserId = advisor.userId;
  asAdvisor = apiAs(api.baseUrl, advisor.token);
  asSouth = apiAs(api.baseUrl, south.token);
});
afterAll(() => world?.close());

describe('organization settings', () => {
  it('lets an administrator set each setting, answers the settings, and audits each change', async () => {
    const base = `/api/organizations/${north.organizationId}`;
    expect((await asAdmin('PATCH', `${base}/set-legal-name`, { legalName: ' North Wealth Inc. ' })).status).toBe(200);
    expect((await asAdmin('PATCH', `${base}/set-nrd`, { nrd: '12345' })).status).toBe(200);
    expect((await asAdmin('PATCH', `${base}/set-primary-regulator`, { primaryRegulator: 'OSC' })).status).toBe(200);
    expect((await asAdmin('PATCH', `${base}/set-organization-type`, { organizationType: 'CORPORATION' })).status).toBe(
      200,
    );
    const last = await asAdmin<OrganizationSettings>('PATCH', `${base}/set-trade-names`, {
      tradeNames: ['North', 'North Private Wealth'],
    });
    const expected = {
      id: north.organizationId,
      name: 'North Wealth',
      legalName: 'North Wealth Inc.',
      nrd: '12345',
      primaryRegulator: 'OSC',
      organizationType: 'CORPORATION',
      tradeNames: ['North', 'North Private Wealth'],
    };
    expect(last.body).toEqual(expected);
    expect((await asAdmin('GET', base)).body).toEqual(expected);
    const audit = await auditOf(north.organizationId);
    expect(audit).toHaveLength(5);
    expect(audit[audit.length - 1]).toMatchObject({
      action: 'UPDATE',
      entityType: 'organization',
      before: { legalName: null },
      after: { legalName: 'North Wealth Inc.' },
    });
  });

  it('refuses bad input with the spec’s messages and changes nothing', async () => {
    const base = `/api/organizations/${north.organizationId}`;
    const before = (await asAdmin<OrganizationSettings>('GET', base)).body;
    const cases: [string, unknown, string][] = [
      ['set-nrd', { nrd: '12' }, 'NRD must be at least 3 digits'],
      ['set-nrd', { nrd: '123456' }, 'NRD must be at most 5 digits'],
      ['set-nrd', { nrd: '12a4' }, 'NRD must be only digits'],
      ['set-legal-name', { legalName: '  ' }, 'Legal Name is a required field'],
      ['set-legal-name', {}, 'Legal Name is a required field'],
      ['set-primary-regulator', { primaryRegulator: 'SEC' }, 'Please select a valid regulator'],
      ['set-organization-type', { organizationType: 'LLC' }, 'Please select a valid organization type'],
      ['set-trade-names', { tradeNames: ['North', ' '] }, 'Trade names must not be empty'],
    ];
    for (const [call, body, message] of cases) {
      const response = await asAdmin('PATCH', `${base}/${call}`, body);
      expect(response.status, `${call} ${JSON.stringify(body)}`).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ message }] });
    }
    expect((await asAdmin('GET', base)).body).toEqual(before);
  });

  it('is for administrators only, and another organization answers 404', async () => {
    const base = `/api/organizations/${north.organizationId}`;
    const denied = await asAdvisor('PATCH', `${base}/set-legal-name`, { legalName: 'Advisor & Co' });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({
      code: 'FORBIDDEN',
      message: permissionRefusal('ORGANIZATION_MANAGE', USER_ROLE_LABELS.ADVISOR),
    });
    const foreign = await asSouth('PATCH', `${base}/set-nrd`, { nrd: '999' });
    expect(foreign.status).toBe(404);
    expect((await asSouth('GET', base)).status).toBe(404);
    const southSettings = await asSouth('GET', `/api/organizations/${south.organizationId}`);
    expect(southSettings.body).toMatchObject({ nrd: null });
    const settings = (await asAdmin<OrganizationSettings>('GET', base)).body;
    expect(settings).toMatchObject({ legalName: 'North Wealth Inc.', nrd: '12345' });
  });
});

describe('teams', () => {
  it('creates a team with its creator as member, lists and renames it, audited', async () => {
    const created = await asAdmin<TeamResponse>('POST', '/api/teams', { name: '  Private clients ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Private clients', members: [{ userId: north.userId }] });
    const renamed = await asAdmin<TeamResponse>('PATCH', `/api/teams/${created.body.id}/name`, {
      name: 'Family office',
    });
    expect(renamed.body.name).toBe('Family office');
    const list = await asAdmin<{ name: string; memberCount: number }[]>('GET', '/api/teams');
    expect(list.body.map((team) => [team.name, team.memberCount])).toEqual([
      ['Factory team', 2],
      ['Family office', 1],
    ]);
    expect((await auditOf(created.body.id)).map((entry) => entry.action)).toEqual(['UPDATE', 'CREATE']);
  });

  it('refuses a bad name, and another organization’s team answers 404', async () => {
    for (const [name, message] of [
      ['ab', 'Team name must be at least 3 characters'],
      ['x'.repeat(256), 'Team name must be at most 255 characters'],
      ['', 'Team name is required'],
    ]) {
      const response = await asAdmin('PATCH', `/api/teams/${north.teamId}/name`, { name });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ details: [{ path: 'name', message }] });
    }
    expect((await asAdmin('POST', '/api/teams', { name: 'ab' })).status).toBe(400);
    expect((await asSouth('PATCH', `/api/teams/${north.teamId}/name`, { name: 'Taken over' })).status).toBe(404);
    expect((await asAdmin<TeamResponse>('GET', `/api/teams/${north.teamId}`)).body.name).toBe('Factory team');
    expect((await asSouth<{ name: string }[]>('GET', '/api/teams')).body.map((team) => team.name)).toEqual([
      'Factory team',
    ]);
  });

  it('removes a member, never the team’s last administrator', async () => {
    const team = (await asAdmin<TeamResponse>('GET', `/api/teams/${north.teamId}`)).body;
    const admin = team.members.find((member) => member.role === 'ADMIN')!;
    const advisor = team.members.find((member) => member.userId === advisorUserId)!;
    const lastAdmin = await asAdmin('PATCH', `/api/teams/${north.teamId}/members/${admin.id}/remove`);
    expect(lastAdmin.status).toBe(409);
    expect(lastAdmin.body).toMatchObject({
      code: 'CONFLICT',
      message: 'The team’s last administrator cannot be removed: add another administrator to the team first',
    });
    const foreign = await asSouth('PATCH', `/api/teams/${north.teamId}/members/${advisor.id}/remove`);
    expect(foreign.status).toBe(404);
    const wrongTeam = await asSouth('PATCH', `/api/teams/${south.teamId}/members/${advisor.id}/remove`);
    expect(wrongTeam.status).toBe(404);
    const removed = await asAdmin<TeamResponse>('PATCH', `/api/teams/${north.teamId}/members/${advisor.id}/remove`);
    expect(removed.status).toBe(200);
    expect(removed.body.members.map((member) => member.userId)).toEqual([north.userId]);
    expect(await auditOf(advisor.id)).toMatchObject([{ action: 'DELETE', entityType: 'team_member' }]);
  });
});

describe('professionals', () => {
  it('updates the profile and job title, audited, and reads the caller’s own profile', async () => {
    const id = await addProfessional(north.organizationId, north.userId);
    const updated = await asAdmin<ProfessionalResponse>('PATCH', `/api/professionals/${id}/update-profile`, {
      firstName: 'Mary-Jane',
      lastName: "O'Brien",
      designations: ['CFP', 'CIM'],
      bio: 'Helps families plan.',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      firstName: 'Mary-Jane',
      lastName: "O'Brien",
      designations: ['CFP', 'CIM'],
      bio: 'Helps families plan.',
    });
    const titled = await asAdmin<ProfessionalResponse>('PATCH', `/api/professional/${id}/set-job-title`, {
      jobTitle: 'Senior advisor',
    });
    expect(titled.body.jobTitle).toBe('Senior advisor');
    expect((await asAdmin<ProfessionalResponse>('GET', '/api/professionals/me')).body).toEqual(titled.body);
    expect((await asAdmin<ProfessionalResponse>('GET', `/api/professionals/${id}`)).body).toEqual(titled.body);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['UPDATE', 'UPDATE']);
  });

  it('refuses a bad profile with the spec’s messages and changes nothing', async () => {
    const id = await addProfessional(north.organizationId, null);
    const path = `/api/professionals/${id}/update-profile`;
    const valid = { firstName: 'Jo', lastName: 'Smith' };
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { ...valid, bio: Array.from({ length: 501 }, () => 'word').join(' ') },
        'bio',
        'Bio should be no more than 500 words in length',
      ],
      [{ ...valid, designations: ['CFP', 'XYZ'] }, 'designations.1', 'You have an invalid designation'],
      [{ ...valid, firstName: 'Jo3' }, 'firstName', 'First name can only contain letters'],
      [{ ...valid, lastName: 'Sm!th' }, 'lastName', 'Last name can only contain letters'],
      [{ lastName: 'Smith' }, 'firstName', 'Please enter your first name'],
      [{ firstName: 'Jo', lastName: ' ' }, 'lastName', 'Please enter your last name'],
    ];
    for (const [body, field, message] of cases) {
      const answered = await asAdmin('PATCH', path, body);
      expect(answered.status, message).toBe(400);
      expect(answered.body).toMatchObject({ details: [{ path: field, message }] });
    }
    const exactly500 = Array.from({ length: 500 }, () => 'word').join(' ');
    expect((await asAdmin('PATCH', path, { ...valid, bio: exactly500 })).status).toBe(200);
    const stored = (await asAdmin<ProfessionalResponse>('GET', `/api/professionals/${id}`)).body;
    expect(stored).toMatchObject({ firstName: 'Jo', lastName: 'Smith', designations: [] });
  });

  it('answers 404 for another organization’s professional and changes nothing', async () => {
    const id = await addProfessional(south.organizationId, south.userId);
    expect((await asAdmin('GET', `/api/professionals/${id}`)).status).toBe(404);
    expect(
      (await asAdmin('PATCH', `/api/professionals/${id}/update-profile`, { firstName: 'A', lastName: 'B' })).status,
    ).toBe(404);
    expect((await asAdmin('PATCH', `/api/professional/${id}/set-job-title`, { jobTitle: 'Spy' })).status).toBe(404);
    expect((await asSouth<ProfessionalResponse>('GET', '/api/professionals/me')).body).toMatchObject({
      bio: 'Old bio',
      jobTitle: null,
    });
    expect((await asAdvisor('GET', '/api/professionals/me')).status).toBe(404);
  });
});
