import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EntityType,
  INVALID_MENTIONABLE_ENTITY_TYPE_MESSAGE,
  newId,
  NoteMessage,
  type GlobalSearchResult,
  type NoteResponse,
  type NoteSearchHit,
  type UploadTicket,
} from '@meridian/domain';
import { call, login, type JsonResponse } from '#test/support/http.js';
import { addUser } from '#test/support/factories.js';
import { createHousehold, createPerson } from '#test/support/crm-factories.js';
import { startWithTwoFirms, type TwoFirms } from '#test/support/two-firms.js';

let world: TwoFirms;
let storageDir: string;
let adminToken: string;
let advisorToken: string;
let southToken: string;
let colleague: { userId: string; token: string };
let householdId: string;
let personId: string;
let teamBHouseholdId: string;
let teamBId: string;

/** A JSON client signed in with the token `token()` answers (set once the firms exist). */
const as =
  (token: () => string) =>
  <T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<JsonResponse<T>> =>
    call<T>(world.api.baseUrl, method, path, { token: token(), body });
const asAdvisor = as(() => advisorToken);
const asAdmin = as(() => adminToken);
const asSouth = as(() => southToken);

/** Uploads a small file as `token`'s firm and answers its path. */
async function upload(token: string, fileName: string, contentType: string, content = 'hello'): Promise<string> {
  const ticket = await call<UploadTicket>(world.api.baseUrl, 'POST', '/api/upload/request', {
    token,
    body: { fileName },
  });
  expect(ticket.status).toBe(200);
  const put = await fetch(`${world.api.baseUrl}${ticket.body.uploadUrl}`, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: content,
  });
  expect(put.status).toBe(201);
  return ticket.body.filePath;
}

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'meridian-notes-'));
  world = await startWithTwoFirms({ environment: { FILE_STORAGE_DIR: storageDir } });
  const [north, south] = world.firms;
  adminToken = north.token;
  southToken = south.token;
  const advisor = await addUser(world.prisma, north, 'ADVISOR');
  advisorToken = await login(world.api.baseUrl, advisor.email, advisor.password);
  const mate = await addUser(world.prisma, north, 'ADVISOR');
  colleague = { userId: mate.userId, token: await login(world.api.baseUrl, mate.email, mate.password) };
  householdId = await createHousehold(world.prisma, north, { name: 'Tremblay household' });
  personId = await createPerson(world.prisma, north, { householdId, firstName: 'Marie', lastName: 'Tremblay' });
  teamBId = newId(EntityType.team);
  await world.prisma.team.create({ data: { id: teamBId, organizationId: north.organizationId, name: 'Desk B' } });
  teamBHouseholdId = await createHousehold(world.prisma, north, { name: 'Desk B household', teamId: teamBId });
});
afterAll(async () => {
  await world?.close();
  await rm(storageDir, { recursive: true, force: true });
});

const mention = (name: string, id: string) => `@[${name}](${id})`;

describe('notes', () => {
  it('writes a note about a household with mentions and a file; the mentioned see it from their pages and are told', async () => {
    const path = await upload(advisorToken, 'Meeting minutes.pdf', 'application/pdf', '%PDF-1.4 minutes');
    const created = await asAdvisor<NoteResponse>('POST', '/api/notes', {
      title: 'Annual review',
      body: {
        content: `Met with ${mention('Marie Tremblay', personId)} about her RRSP conversion.`,
        extraMentions: [{ entityType: 'user', entityId: colleague.userId }],
      },
      owner: householdId,
      attachments: [{ url: path, fileName: 'Meeting minutes.pdf' }],
    });
    expect(created.status).toBe(201);
    const note = created.body;
    expect(note).toMatchObject({
      title: 'Annual review',
      teamId: world.firms[0].teamId,
      owner: { kind: 'HOUSEHOLD', id: householdId, name: 'Tremblay household', householdId },
      starred: false,
      author: { name: 'Factory ADVISOR' },
      body: { extraMentions: [{ entityType: 'user', entityId: colleague.userId, name: 'Factory ADVISOR' }] },
      attachments: [{ url: path, fileName: 'Meeting minutes.pdf', fileType: 'application/pdf' }],
    });
    expect(note.mentions.map((entry) => [entry.entityType, entry.entityId, entry.name]).sort()).toEqual(
      [
        ['person', personId, 'Marie Tremblay'],
        ['user', colleague.userId, 'Factory ADVISOR'],
      ].sort(),
    );
    // The attachment reads back through its signed address.
    const file = await fetch(`${world.api.baseUrl}${note.attachments[0]!.downloadUrl}`);
    expect(await file.text()).toBe('%PDF-1.4 minutes');

    // The mentioned person's page and the household's both list it.
    for (const entityId of [personId, householdId]) {
      const listed = await asAdvisor<NoteResponse[]>('GET', `/api/notes/query-by-entity?entityId=${entityId}`);
      expect(listed.status).toBe(200);
      expect(listed.body.map((entry) => entry.id)).toContain(note.id);
    }
    const ofTeam = await asAdvisor<NoteResponse[]>(
      'GET',
      `/api/notes/query-by-entity?entityId=${personId}&teams=${world.firms[0].teamId}&sortBy=CREATED_AT&sortOrder=ASC`,
    );
    expect(ofTeam.body.map((entry) => entry.id)).toContain(note.id);
    const ofTeamB = await asAdmin<NoteResponse[]>(
      'GET',
      `/api/notes/query-by-entity?entityId=${personId}&teams=${teamBId}`,
    );
    expect(ofTeamB.body).toEqual([]);

    // The mentioned colleague is told, with a sentence naming the author and the household.
    const notices = await call<{ items: { kind: string; title: string; entityId: string }[] }>(
      world.api.baseUrl,
      'GET',
      '/api/notifications',
      { token: colleague.token },
    );
    expect(notices.body.items).toContainEqual(
      expect.objectContaining({
        kind: 'MENTIONED',
        entityId: householdId,
        title: 'Factory ADVISOR mentioned you in a note about Tremblay household',
      }),
    );
  });

  it('lists an entity’s notes by creation time, newest first unless asked', async () => {
    const write = async (title: string) =>
      (await asAdvisor<NoteResponse>('POST', '/api/notes', { title, body: { content: title }, owner: personId })).body;
    const first = await write('First call');
    const second = await write('Second call');
    const ids = (order: string) =>
      asAdvisor<NoteResponse[]>('GET', `/api/notes/query-by-entity?entityId=${personId}&sortOrder=${order}`).then(
        (response) => response.body.map((entry) => entry.id).filter((id) => [first.id, second.id].includes(id)),
      );
    expect(await ids('DESC')).toEqual([second.id, first.id]);
    expect(await ids('ASC')).toEqual([first.id, second.id]);
    const badSort = await asAdvisor('GET', `/api/notes/query-by-entity?entityId=${personId}&sortBy=TITLE`);
    expect(badSort.status).toBe(400);
  });

  it('edits, stars, unstars, attaches and removes files, and soft-deletes a note', async () => {
    const created = (
      await asAdvisor<NoteResponse>('POST', '/api/notes', { body: { content: 'Draft' }, owner: householdId })
    ).body;
    const base = `/api/notes/${created.id}`;
    const edited = await asAdvisor<NoteResponse>('PATCH', `${base}/edit-note`, {
      title: 'Call notes',
      body: { content: `Called ${mention('Factory ADVISOR', colleague.userId)}` },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Call notes', body: { content: expect.stringContaining('Called') } });
    expect(edited.body.mentions.map((entry) => entry.entityId)).toEqual([colleague.userId]);

    expect((await asAdvisor<NoteResponse>('POST', `${base}/star-note`)).body.starred).toBe(true);
    expect((await asAdvisor<NoteResponse>('POST', `${base}/star-note`)).body.starred).toBe(true);
    expect((await asAdvisor<NoteResponse>('DELETE', `${base}/unstar-note`)).body.starred).toBe(false);

    const path = await upload(advisorToken, 'scan.png', 'image/png');
    const attached = await asAdvisor<NoteResponse>('PATCH', `${base}/attach-file`, { url: path, fileName: 'scan.png' });
    expect(attached.body.attachments.map((entry) => entry.url)).toEqual([path]);
    const twice = await asAdvisor('PATCH', `${base}/attach-file`, { url: path, fileName: 'scan.png' });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ message: NoteMessage.alreadyAttached });
    const removed = await asAdvisor<NoteResponse>('PATCH', `${base}/remove-file`, { url: path });
    expect(removed.body.attachments).toEqual([]);
    const notThere = await asAdvisor('PATCH', `${base}/remove-file`, { url: path });
    expect(notThere.status).toBe(404);
    expect(notThere.body).toMatchObject({ message: NoteMessage.notAttached });

    const deleted = await asAdmin<{ id: string; deletedAt: string }>('DELETE', `${base}/soft-delete`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe(created.id);
    expect((await asAdmin('DELETE', `${base}/soft-delete`)).status).toBe(404);
    expect((await asAdvisor('POST', `${base}/star-note`)).status).toBe(404);
    const listed = await asAdvisor<NoteResponse[]>('GET', `/api/notes/query-by-entity?entityId=${householdId}`);
    expect(listed.body.map((entry) => entry.id)).not.toContain(created.id);
  });

  it('refuses mentions of kinds that cannot be mentioned, files not uploaded, and out-of-reach ids', async () => {
    const post = (body: Record<string, unknown>) =>
      asAdvisor('POST', '/api/notes', { body: { content: 'Text' }, owner: householdId, ...body });
    const before = await world.prisma.note.count();

    const superAdmin = await post({
      body: { content: 'x', extraMentions: [{ entityType: 'super_admin', entityId: 'super_admin-x' }] },
    });
    expect(superAdmin.status).toBe(400);
    expect(JSON.stringify(superAdmin.body)).toContain(INVALID_MENTIONABLE_ENTITY_TYPE_MESSAGE);
    const meeting = newId(EntityType.meeting);
    const inText = await post({ body: { content: `See ${mention('Kickoff', meeting)}` } });
    expect(inText.status).toBe(400);
    expect(JSON.stringify(inText.body)).toContain(INVALID_MENTIONABLE_ENTITY_TYPE_MESSAGE);

    const notUploaded = await post({
      attachments: [{ url: `files/${world.firms[0].organizationId}/abc/none.pdf`, fileName: 'none.pdf' }],
    });
    expect(notUploaded.status).toBe(400);
    expect(notUploaded.body).toMatchObject({
      details: [{ path: 'attachments.0.url', message: NoteMessage.attachmentMissing }],
    });
    const southFile = await upload(southToken, 'theirs.pdf', 'application/pdf');
    const foreignFile = await post({ attachments: [{ url: southFile, fileName: 'theirs.pdf' }] });
    expect(foreignFile.status).toBe(400);

    // Another team's household, another firm's person, a mention of another team's household: 404s.
    expect((await post({ owner: teamBHouseholdId })).body).toMatchObject({ message: 'Household not found' });
    const southPerson = await createPerson(world.prisma, world.firms[1], {});
    const foreignMention = await post({ body: { content: mention('Them', southPerson) } });
    expect(foreignMention.status).toBe(404);
    expect(foreignMention.body).toMatchObject({ message: 'Person not found' });
    expect((await post({ team: teamBId })).status).toBe(404);
    expect(await world.prisma.note.count()).toBe(before);
  });

  it('keeps a note out of another team’s and another firm’s reach (404 on every route)', async () => {
    const theirs = (
      await asAdmin<NoteResponse>('POST', '/api/notes', { body: { content: 'Desk B only' }, owner: teamBHouseholdId })
    ).body;
    expect(theirs.teamId).toBe(teamBId);
    for (const [callAs, label] of [
      [asAdvisor, 'other team'],
      [asSouth, 'other firm'],
    ] as const) {
      const base = `/api/notes/${theirs.id}`;
      for (const [method, path, body] of [
        ['PATCH', `${base}/edit-note`, { body: { content: 'x' } }],
        ['PATCH', `${base}/attach-file`, { url: 'files/x/y/z.pdf', fileName: 'z.pdf' }],
        ['PATCH', `${base}/remove-file`, { url: 'files/x/y/z.pdf' }],
        ['POST', `${base}/star-note`, undefined],
        ['DELETE', `${base}/unstar-note`, undefined],
        ['DELETE', `${base}/soft-delete`, undefined],
      ] as const) {
        const response = await callAs(method, path, body);
        expect(response.status, `${label} ${method} ${path}`).toBe(404);
        expect(response.body).toMatchObject({ message: 'Note not found' });
      }
      const list = await callAs('GET', `/api/notes/query-by-entity?entityId=${teamBHouseholdId}`);
      expect(list.status, label).toBe(404);
    }
    expect((await world.prisma.note.findUniqueOrThrow({ where: { id: theirs.id } })).deletedAt).toBeNull();
  });

  it('finds notes by their words in English and in French, here and from the global search', async () => {
    const write = async (title: string, content: string) =>
      (await asAdvisor<NoteResponse>('POST', '/api/notes', { title, body: { content }, owner: householdId })).body;
    const english = await write('Estate planning', 'They planned the estate freeze with their accountant.');
    const french = await write('Rencontre', 'Les clients veulent prendre leur retraite anticipée en 2030.');
    const gone = await write('Old', 'The accountant retired.');
    await asAdmin('DELETE', `/api/notes/${gone.id}/soft-delete`);

    const search = async (q: string) =>
      (await asAdvisor<NoteSearchHit[]>('GET', `/api/notes/search?q=${encodeURIComponent(q)}`)).body;
    // English stems: "planning" finds "planned"; French: "retraites" finds "retraite", "anticipé" finds "anticipée".
    expect((await search('planning')).map((hit) => hit.id)).toContain(english.id);
    expect((await search('retraites')).map((hit) => hit.id)).toEqual([french.id]);
    expect((await search('anticipé')).map((hit) => hit.id)).toEqual([french.id]);
    const accountant = await search('accountant');
    expect(accountant.map((hit) => hit.id)).toEqual([english.id]);
    expect(accountant[0]).toMatchObject({
      title: 'Estate planning',
      owner: { kind: 'HOUSEHOLD', id: householdId, name: 'Tremblay household', householdId },
      excerpt: expect.stringContaining('accountant'),
    });
    // Another firm finds none of them.
    expect((await asSouth<NoteSearchHit[]>('GET', '/api/notes/search?q=accountant')).body).toEqual([]);
    expect((await asAdvisor('GET', '/api/notes/search?q=')).status).toBe(400);

    const palette = await asAdvisor<GlobalSearchResult>('GET', '/api/search?q=retraite');
    expect(palette.status).toBe(200);
    expect(palette.body.notes.map((hit) => hit.id)).toEqual([french.id]);
    expect(palette.body.notes[0]!.owner).toMatchObject({ kind: 'HOUSEHOLD', id: householdId });
  });
});
