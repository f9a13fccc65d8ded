// Issue 14, imports from real exports: the review queue (people who exist already under another
// source, rows missing a name, the same person twice in one file, accepting "the same person" adds
// and never removes) and a run that tells the truth (PARTIAL, rolled back with what it removed,
// nothing to commit, no "Run now" on a file connection), all through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@meridian/api';
import {
  EntityType,
  newId,
  PersonNameMessage,
  type ConnectionView,
  type ImportReviewItemView,
  type ListPage,
  type SyncRunDetail,
} from '@meridian/domain';
import { call, login } from '#test/support/http.js';
import type { TestApi } from '#test/support/app.js';
import { startImportWorld, type ImportWorld } from '#test/support/import-world.js';
import { createOrganization, type CreatedOrganization } from '#test/support/factories.js';
import { importApi } from './import-api.js';

let world: ImportWorld;
let api: TestApi;
let prisma: PrismaClient;
const flow = importApi(() => api.baseUrl);

beforeAll(async () => {
  world = await startImportWorld();
  ({ api, prisma } = world);
}, 120_000);
afterAll(() => world?.close());

/** An organization of its own per scenario, so counts are the scenario's. */
async function firm(name: string): Promise<{ org: CreatedOrganization; token: string }> {
  const org = await createOrganization(prisma, { name, role: 'ADMIN' });
  return { org, token: await login(api.baseUrl, org.email, org.password) };
}

const PEOPLE_MAPPING = {
  mapping: {
    Id: 'sourceId',
    First: 'firstName',
    Last: 'lastName',
    Middle: 'middleName',
    Email: 'email',
    Phone: 'phone',
    Tags: 'tags',
    Born: 'dateOfBirth',
    Employer: 'employerName',
    Title: 'jobTitle',
  },
  sourceIdHeader: 'Id',
};
const HEADER = 'Id,First,Last,Middle,Email,Phone,Tags,Born,Employer,Title';
const csv = (...rows: string[]) => `${[HEADER, ...rows].join('\n')}\n`;
const from = (source: string) => ({ source, mapping: PEOPLE_MAPPING });

function reviewApi(token: string, batchId: string) {
  return {
    list: async () => {
      const listed = await call<ImportReviewItemView[]>(api.baseUrl, 'GET', `/api/imports/${batchId}/review-items`, {
        token,
      });
      expect(listed.status).toBe(200);
      return listed.body;
    },
    decide: (itemId: string, decision: 'accept' | 'reject', body?: unknown) =>
      call<ImportReviewItemView & { code?: string; message?: string; details?: unknown }>(
        api.baseUrl,
        'POST',
        `/api/imports/${batchId}/review-items/${itemId}/${decision}`,
        { token, body },
      ),
  };
}

const linksOf = (contactId: string) =>
  prisma.externalLink.findMany({
    where: { entityType: 'contact', entityId: contactId },
    select: { source: true, sourceId: true },
    orderBy: { sourceId: 'asc' },
  });

const runOf = async (token: string, syncRunId: string) => {
  const detail = await call<SyncRunDetail>(api.baseUrl, 'GET', `/api/sync-runs/${syncRunId}`, { token });
  expect(detail.status).toBe(200);
  return detail.body;
};

describe('people who exist already under another source', () => {
  let token: string;
  let org: CreatedOrganization;
  let ann: string;

  it('the first system creates them, linked to its ids', async () => {
    ({ org, token } = await firm('Two Systems Wealth'));
    const { rows } = await flow.importFile(
      token,
      'pipedrive.csv',
      csv('P-1,Ann,Roy,,ann.roy@example.com,,,,,', 'P-2,Bob,Lee,,,416-555-0142,,,,'),
      from('PIPEDRIVE'),
    );
    expect(rows.map((row) => row.action)).toEqual(['CREATE', 'CREATE']);
    ann = rows[0]!.entityId!;
  });

  let batchId: string;
  it('the second system’s rows with the same e-mail or phone and first name merge into those contacts (step 12)', async () => {
    const { batch, rows } = await flow.prepare(
      token,
      'wealthbox.csv',
      csv(
        'W-9,Ann,Roy,,ANN.ROY@example.com,,,,,',
        'W-10,Bob,Lee,,bob.lee@example.com,(416) 555-0142,,,,',
        'W-11,Cy,Ng,,cy@example.com,,,,,',
        // Same phone as Bob, but another first name: someone else (a shared home phone).
        'W-12,Dee,Lee,,,416-555-0142,,,,',
      ),
      from('WEALTHBOX'),
    );
    batchId = batch.id;
    // The person another system brought, nothing conflicting: merged without asking.
    expect(rows.map((row) => row.action)).toEqual(['UPDATE', 'UPDATE', 'CREATE', 'CREATE']);
    expect(rows[0]!.entityId).toBe(ann);
    expect(batch.counts).toMatchObject({ create: 2, update: 2, review: 0 });
    expect(batch.commitReadiness).toBe('READY');
    expect(await reviewApi(token, batchId).list()).toEqual([]);
    // What merging adds to Bob: the e-mail he lacks; his phone is the same phone.
    expect(rows[1]!.changes).toEqual([
      {
        field: 'emails',
        before: [],
        after: [{ email: 'bob.lee@example.com', label: null, primary: true }],
      },
    ]);
  });

  it('once committed, a person imported from two systems is one contact with two external links', async () => {
    const batch = await flow.commit(token, batchId);
    expect(batch.counts).toMatchObject({ create: 2, update: 2, review: 0 });

    const contacts = await prisma.contact.findMany({
      where: { organizationId: org.organizationId },
      orderBy: { firstName: 'asc' },
    });
    expect(contacts.map((contact) => contact.firstName)).toEqual(['Ann', 'Bob', 'Cy', 'Dee']);
    expect(await linksOf(ann)).toEqual([
      { source: 'PIPEDRIVE', sourceId: 'P-1' },
      { source: 'WEALTHBOX', sourceId: 'W-9' },
    ]);
    const bob = contacts.find((contact) => contact.firstName === 'Bob')!;
    expect(await linksOf(bob.id)).toEqual([
      { source: 'PIPEDRIVE', sourceId: 'P-2' },
      { source: 'WEALTHBOX', sourceId: 'W-10' },
    ]);

    // The next export of the second system is matched by its ids: nothing to review, nothing to write.
    const again = await flow.prepare(
      token,
      'wealthbox.csv',
      csv(
        'W-9,Ann,Roy,,ANN.ROY@example.com,,,,,',
        'W-10,Bob,Lee,,bob.lee@example.com,(416) 555-0142,,,,',
        'W-11,Cy,Ng,,cy@example.com,,,,,',
        'W-12,Dee,Lee,,,416-555-0142,,,,',
      ),
      from('WEALTHBOX'),
    );
    expect(again.batch.counts).toEqual({ create: 0, update: 0, unchanged: 4, invalid: 0, review: 0 });
    expect(again.batch.commitReadiness).toBe('NOTHING_TO_WRITE');
  });

  it('rolling the second import back unlinks the accepted ids and removes only what it created', async () => {
    const undone = await flow.rollback(token, batchId);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({ status: 'ROLLED_BACK', rollback: { removed: { contact: 2 }, restored: 1 } });
    expect(await linksOf(ann)).toEqual([{ source: 'PIPEDRIVE', sourceId: 'P-1' }]);
    const names = await prisma.contact.findMany({ where: { organizationId: org.organizationId } });
    expect(names.map((contact) => contact.firstName).sort()).toEqual(['Ann', 'Bob']);
    expect(await prisma.contactEmail.count({ where: { organizationId: org.organizationId } })).toBe(1);
    // The run says so, with what was removed.
    const run = await runOf(token, undone.body.syncRunId!);
    expect(run.import).toMatchObject({
      batchId,
      status: 'ROLLED_BACK',
      rollback: { removed: { contact: 2 }, restored: 1 },
    });
    expect(run.import!.rolledBackAt).not.toBeNull();
  });
});

describe('accepting "the same person" adds and never removes', () => {
  let token: string;
  let org: CreatedOrganization;
  let carla: string;
  let batchId: string;

  async function existingClient() {
    carla = newId(EntityType.contact);
    const organizationId = org.organizationId;
    const personId = newId(EntityType.person);
    await prisma.person.create({
      data: { id: personId, organizationId, firstName: 'Carla', lastName: 'Diaz', dateOfBirth: new Date('1980-01-01') },
    });
    await prisma.contact.create({
      data: {
        id: carla,
        organizationId,
        teamId: org.teamId,
        type: 'CLIENT',
        firstName: 'Carla',
        lastName: 'Diaz',
        personId,
      },
    });
    await prisma.contactEmail.create({
      data: {
        id: newId(EntityType.contactEmail),
        organizationId,
        contactId: carla,
        email: 'carla@old.example',
        isPrimary: true,
      },
    });
    await prisma.contactPhoneNumber.create({
      data: {
        id: newId(EntityType.contactPhoneNumber),
        organizationId,
        contactId: carla,
        countryCode: '1',
        number: '4165550123',
        type: 'MOBILE',
        label: 'Cell',
        isPrimary: true,
      },
    });
    await prisma.contactEmployment.create({
      data: {
        id: newId(EntityType.contactEmployment),
        organizationId,
        contactId: carla,
        employerName: 'Acme',
        jobTitle: 'Engineer',
        isPrimary: true,
      },
    });
    const tagId = newId(EntityType.tag);
    await prisma.tag.create({ data: { id: tagId, organizationId, name: 'VIP', type: 'SEGMENT' } });
    await prisma.contactTag.create({ data: { organizationId, contactId: carla, tagId } });
  }

  const snapshot = async () => {
    const row = await prisma.contact.findUniqueOrThrow({
      where: { id: carla },
      include: {
        emails: { orderBy: { createdAt: 'asc' } },
        phoneNumbers: true,
        tags: { include: { tag: true } },
        employments: true,
        person: true,
      },
    });
    return {
      type: row.type,
      middleName: row.middleName,
      emails: row.emails.map((email) => [email.email, email.isPrimary]),
      phones: row.phoneNumbers.map((phone) => [phone.number, phone.type, phone.label, phone.isPrimary]),
      tags: row.tags.map((link) => link.tag.name).sort(),
      employment: row.employments.map((job) => [job.employerName, job.jobTitle]),
      dateOfBirth: row.person?.dateOfBirth?.toISOString().slice(0, 10) ?? null,
    };
  };

  it('shows the fields both fill differently, before and after, beside what accepting adds', async () => {
    ({ org, token } = await firm('Merge Wealth'));
    await existingClient();
    // The file has her phone as a plain "Phone" (a landline to it), a tag, a new e-mail, and
    // another birth date and title.
    const { batch } = await flow.prepare(
      token,
      'crm.csv',
      csv('X-1,Carla,Diaz,Maria,carla@new.example,416-555-0123,Golf,1981-02-02,Acme,Director'),
      from('PIPEDRIVE'),
    );
    batchId = batch.id;
    expect(batch.counts).toMatchObject({ review: 1 });
    const [item] = await reviewApi(token, batchId).list();
    expect(item).toMatchObject({ reason: 'EXISTING_CONTACT', matchedOn: 'PHONE', candidate: { id: carla } });
    expect(item!.conflicts).toEqual([
      {
        field: 'employment',
        current: { employerName: 'Acme', jobTitle: 'Engineer' },
        file: { employerName: 'Acme', jobTitle: 'Director' },
      },
      { field: 'dateOfBirth', current: '1980-01-01', file: '1981-02-02' },
    ]);
    // By default the contact's values are kept: the preview adds and changes nothing of hers.
    const fields = Object.fromEntries(item!.changes.map((change) => [change.field, change]));
    expect(Object.keys(fields).sort()).toEqual(['emails', 'middleName', 'tags']);
    expect(fields.tags).toEqual({ field: 'tags', before: ['VIP'], after: ['VIP', 'Golf'] });
    expect(fields.middleName).toEqual({ field: 'middleName', before: null, after: 'Maria' });
  });

  it('a choice naming no field of a contact is refused', async () => {
    const [item] = await reviewApi(token, batchId).list();
    const refused = await reviewApi(token, batchId).decide(item!.id, 'accept', { choices: { emails: 'FILE' } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_ERROR');
  });

  it('accepted, the client keeps her tags, her mobile and her e-mail, gains the file’s, and takes the chosen field', async () => {
    const before = await snapshot();
    const [item] = await reviewApi(token, batchId).list();
    const accepted = await reviewApi(token, batchId).decide(item!.id, 'accept', { choices: { dateOfBirth: 'FILE' } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.changes.map((change) => change.field).sort()).toEqual([
      'dateOfBirth',
      'emails',
      'middleName',
      'tags',
    ]);
    await flow.commit(token, batchId);
    expect(await snapshot()).toEqual({
      type: 'CLIENT',
      middleName: 'Maria',
      emails: [
        ['carla@old.example', true],
        ['carla@new.example', false],
      ],
      // One phone, still her mobile with its label: the file's "landline" is the same number.
      phones: [['4165550123', 'MOBILE', 'Cell', true]],
      tags: ['Golf', 'VIP'],
      employment: [['Acme', 'Engineer']],
      dateOfBirth: '1981-02-02',
    });
    expect(await linksOf(carla)).toEqual([{ source: 'PIPEDRIVE', sourceId: 'X-1' }]);

    // Rolled back, she is as she was.
    const undone = await flow.rollback(token, batchId);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await snapshot()).toEqual(before);
    expect(await linksOf(carla)).toEqual([]);
  });

  it('the file’s job title, chosen, is written in place of hers, her employment kept', async () => {
    const { batch } = await flow.prepare(
      token,
      'crm.csv',
      csv('X-1,Carla,Diaz,,,416-555-0123,,,,Director'),
      from('PIPEDRIVE'),
    );
    const [item] = await reviewApi(token, batch.id).list();
    expect(item!.conflicts.map((conflict) => conflict.field)).toEqual(['employment']);
    const accepted = await reviewApi(token, batch.id).decide(item!.id, 'accept', { choices: { employment: 'FILE' } });
    expect(accepted.body.changes).toEqual([
      {
        field: 'employment',
        before: { employerName: 'Acme', jobTitle: 'Engineer' },
        after: { employerName: 'Acme', jobTitle: 'Director' },
      },
    ]);
    await flow.commit(token, batch.id);
    expect((await snapshot()).employment).toEqual([['Acme', 'Director']]);
    expect((await snapshot()).phones).toEqual([['4165550123', 'MOBILE', 'Cell', true]]);
  });
});

describe('a row missing a required name', () => {
  let token: string;
  let org: CreatedOrganization;
  let batchId: string;

  it('goes to the review queue with what it lacks, instead of being dropped', async () => {
    ({ org, token } = await firm('Missing Names Wealth'));
    const { batch, rows } = await flow.prepare(
      token,
      'names.csv',
      csv('N-1,,Quinn,,quinn@example.com,,,,,', 'N-2,,,,nobody@example.com,,,,,', 'N-3,Rae,Park,,,,,,,'),
      from('PIPEDRIVE'),
    );
    batchId = batch.id;
    expect(rows.map((row) => row.action)).toEqual(['REVIEW', 'REVIEW', 'CREATE']);
    expect(batch.counts).toMatchObject({ create: 1, review: 2, invalid: 0 });
    const items = await reviewApi(token, batchId).list();
    expect(items.map((item) => [item.rowNumber, item.reason, item.missingFields, item.candidate])).toEqual([
      [2, 'MISSING_NAME', ['firstName'], null],
      [3, 'MISSING_NAME', ['firstName', 'lastName'], null],
    ]);
    expect(items[0]!.record).toMatchObject({ firstName: null, lastName: 'Quinn' });
  });

  it('is created once the user gives the name; accepting without it is refused with the form’s message', async () => {
    const review = reviewApi(token, batchId);
    const [quinn, nobody] = await review.list();
    const refused = await review.decide(quinn!.id, 'accept');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'firstName', message: PersonNameMessage.firstRequired }],
    });
    const accepted = await review.decide(quinn!.id, 'accept', { fields: { firstName: 'Pat' } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'ACCEPTED', action: 'CREATE', missingFields: [] });
    expect(accepted.body.record).toMatchObject({ firstName: 'Pat', lastName: 'Quinn' });

    // Rejecting a row that still lacks a name skips it.
    const skipped = await review.decide(nobody!.id, 'reject');
    expect(skipped.body).toMatchObject({ status: 'REJECTED', action: 'INVALID' });

    const batch = await flow.commit(token, batchId);
    expect(batch.counts).toMatchObject({ create: 2, invalid: 1, review: 0 });
    const contacts = await prisma.contact.findMany({
      where: { organizationId: org.organizationId },
      include: { emails: true },
      orderBy: { lastName: 'asc' },
    });
    expect(
      contacts.map((contact) => [contact.firstName, contact.lastName, contact.emails.map((e) => e.email)]),
    ).toEqual([
      ['Rae', 'Park', []],
      ['Pat', 'Quinn', ['quinn@example.com']],
    ]);
    // The skipped row makes the run PARTIAL: part of the file was not written.
    expect((await runOf(token, batch.syncRunId!)).status).toBe('PARTIAL');
  });

  it('importing the same file again does not ask again for the name given', async () => {
    const { batch, rows } = await flow.prepare(
      token,
      'names.csv',
      csv('N-1,,Quinn,,quinn@example.com,,,,,', 'N-2,,,,nobody@example.com,,,,,', 'N-3,Rae,Park,,,,,,,'),
      from('PIPEDRIVE'),
    );
    expect(rows.map((row) => row.action)).toEqual(['UNCHANGED', 'REVIEW', 'UNCHANGED']);
    expect(batch.commitReadiness).toBe('REVIEW_PENDING');
  });
});

describe('the same person twice in one file', () => {
  let token: string;
  let org: CreatedOrganization;
  let batchId: string;

  it('the later row is flagged for review against the earlier one, not created twice', async () => {
    ({ org, token } = await firm('Twice Wealth'));
    const { batch, rows } = await flow.prepare(
      token,
      'twice.csv',
      csv(
        'F-1,Dana,Fox,,dana@example.com,,Estate,,,',
        'F-2,Dana,Fox,,DANA@example.com,514-555-0177,Golf,,,Advisor',
        // Shares Dana's phone under another first name: not the same person.
        'F-3,Eli,Fox,,,514-555-0177,,,,',
        'F-4,Dana,Fox-Li,,,514-555-0177,,,,',
      ),
      from('PIPEDRIVE'),
    );
    batchId = batch.id;
    expect(rows.map((row) => row.action)).toEqual(['CREATE', 'REVIEW', 'CREATE', 'REVIEW']);
    expect(batch.counts).toMatchObject({ create: 2, review: 2 });
    const items = await reviewApi(token, batchId).list();
    expect(
      items.map((item) => [item.rowNumber, item.reason, item.matchedOn, item.duplicateOfRow, item.candidate]),
    ).toEqual([
      [3, 'SAME_IN_FILE', 'EMAIL', 2, null],
      [5, 'SAME_IN_FILE', 'PHONE', 3, null],
    ]);
    // Against the earlier row: what the later one adds.
    expect(items[0]!.changes.map((change) => change.field).sort()).toEqual(['employment', 'phones', 'tags']);
  });

  it('an item whose earlier row waits for review is decided after it', async () => {
    const review = reviewApi(token, batchId);
    const [, fourth] = await review.list();
    const early = await review.decide(fourth!.id, 'accept');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Row 3 is still to review: decide it first');
  });

  it('accepted, the two rows are one contact with both ids and both rows’ details', async () => {
    const review = reviewApi(token, batchId);
    const [second, fourth] = await review.list();
    expect((await review.decide(second!.id, 'accept')).status).toBe(200);
    // Row 4 is like row 3, now part of row 2's contact: it merges there, its last name kept as row 2's.
    const merged = await review.decide(fourth!.id, 'accept');
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body).toMatchObject({ action: 'UPDATE', duplicateOfRow: 2 });
    await flow.commit(token, batchId);
    const contacts = await prisma.contact.findMany({
      where: { organizationId: org.organizationId },
      include: { emails: true, phoneNumbers: true, tags: { include: { tag: true } }, employments: true },
      orderBy: { firstName: 'asc' },
    });
    expect(contacts.map((contact) => `${contact.firstName} ${contact.lastName}`)).toEqual(['Dana Fox', 'Eli Fox']);
    const dana = contacts[0]!;
    expect(dana.emails.map((email) => email.email)).toEqual(['dana@example.com']);
    expect(dana.phoneNumbers.map((phone) => phone.number)).toEqual(['5145550177']);
    expect(dana.tags.map((link) => link.tag.name).sort()).toEqual(['Estate', 'Golf']);
    expect(dana.employments.map((job) => job.jobTitle)).toEqual(['Advisor']);
    expect((await linksOf(dana.id)).map((link) => link.sourceId)).toEqual(['F-1', 'F-2', 'F-4']);
  });
});

describe('a run tells the truth', () => {
  let token: string;
  let org: CreatedOrganization;

  it('an import with invalid rows is PARTIAL, and its run says how many rows were not written', async () => {
    ({ org, token } = await firm('Truthful Wealth'));
    const first = await flow.prepare(
      token,
      'mixed.csv',
      csv('T-1,Gus,Hale,,gus@example.com,,,,,', 'T-2,Ida,Moe,,not-an-email,,,,,'),
      from('PIPEDRIVE'),
    );
    expect(first.batch.commitReadiness).toBe('READY');
    const batch = await flow.commit(token, first.batch.id);
    expect(batch.commitReadiness).toBeNull();
    const run = await runOf(token, batch.syncRunId!);
    expect(run).toMatchObject({
      status: 'PARTIAL',
      driver: 'IMPORT',
      counts: { created: 1, failed: 1 },
      import: { batchId: batch.id, status: 'APPLIED', invalidRows: 1, reviewRows: 0, rollback: null },
    });
  });

  it('an import whose rows were all written SUCCEEDS', async () => {
    const { batch } = await flow.importFile(
      token,
      'clean.csv',
      csv('T-3,Jo,Park,,jo@example.com,,,,,'),
      from('PIPEDRIVE'),
    );
    expect((await runOf(token, batch.syncRunId!)).status).toBe('SUCCEEDED');
  });

  it('a dry run with nothing to write is not ready to commit', async () => {
    const { batch } = await flow.prepare(
      token,
      'clean.csv',
      csv('T-3,Jo,Park,,jo@example.com,,,,,'),
      from('PIPEDRIVE'),
    );
    expect(batch.counts).toMatchObject({ create: 0, update: 0, unchanged: 1 });
    expect(batch.commitReadiness).toBe('NOTHING_TO_WRITE');
  });

  it('a file connection offers no "Run now": its runs are its imports', async () => {
    const listed = await call<ListPage<ConnectionView>>(api.baseUrl, 'GET', '/api/connections', { token });
    expect(listed.status).toBe(200);
    const files = listed.body.items.filter((connection) => connection.source === 'PIPEDRIVE');
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ service: null, canRunNow: false });
    const refused = await call<{ code: string; message: string }>(
      api.baseUrl,
      'POST',
      `/api/connections/${files[0]!.id}/sync`,
      { token },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/file connection runs when a file is imported/);
    expect(await prisma.syncRun.count({ where: { organizationId: org.organizationId, status: 'QUEUED' } })).toBe(0);
  });
});
