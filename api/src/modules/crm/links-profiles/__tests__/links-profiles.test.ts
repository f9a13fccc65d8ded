import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ContactFormStamp, type PrismaClient } from '@meridian/api';
import {
  EntityType,
  newId,
  TextMessage,
  type ContactListItem,
  type ListPage,
  type LinksProfileView,
  type ProfessionalLinksProfile,
  type PublicLinksProfile,
  type UploadTicket,
} from '@meridian/domain';
import { Redis } from 'ioredis';
import { call } from '#test/support/http.js';
import type { TestApi } from '#test/support/app.js';
import { apiAs } from '#test/support/financial-factories.js';
import { signedInUser, startWithTwoFirms, type SignedInFirm, type TwoFirms } from '#test/support/two-firms.js';

const PER_CLIENT = 4;
const PER_PROFILE = 6;

let world: TwoFirms;
let api: TestApi;
let prisma: PrismaClient;
let storageDir: string;
let stamp: ContactFormStamp;
let north: SignedInFirm;
let south: SignedInFirm;
let asAdmin: ReturnType<typeof apiAs>;
let asAdvisor: ReturnType<typeof apiAs>;
let asSouth: ReturnType<typeof apiAs>;
let advisorToken: string;
let advisorProfessional: string;
let adminProfessional: string;
let southProfessional: string;

async function addProfessional(organizationId: string, userId: string | null, fields: Record<string, unknown>) {
  const id = newId(EntityType.professional);
  await prisma.professional.create({
    data: { id, organizationId, userId, displayName: 'Someone', role: 'ADVISOR', ...fields },
  });
  return id;
}

/** The public contact form; every call of this file comes from the same client (127.0.0.1). */
function contact(slug: string, body: Record<string, unknown>) {
  return call(api.baseUrl, 'POST', `/api/links-profiles/${slug}/contact`, { body });
}

/** A stamp as the page would have handed it out `secondsAgo` seconds ago (signed with the server's secret). */
async function stampFor(slug: string, secondsAgo: number): Promise<string> {
  const profile = await prisma.linksProfile.findUniqueOrThrow({ where: { slug } });
  return stamp.issue(profile.id, new Date(Date.now() - secondsAgo * 1000));
}

const visitor = {
  name: { first: 'Vera', last: 'Visitor' },
  email: 'vera@example.com',
  phone: { countryCode: '1', number: '4165550199' },
  message: 'I would like to talk about my retirement.',
};

async function leadsNamed(last: string) {
  return prisma.contact.findMany({
    where: { lastName: last },
    select: { type: true, source: true, discoveryMethod: true, teamId: true, organizationId: true, id: true },
  });
}

async function clearLimits(): Promise<void> {
  const redis = new Redis(api.environment.config.REDIS_URL);
  const keys = await redis.keys(`${api.environment.config.QUEUE_PREFIX}:links-contact-*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
}

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'meridian-links-'));
  world = await startWithTwoFirms({
    environment: {
      FILE_STORAGE_DIR: storageDir,
      LINKS_CONTACT_MIN_SECONDS: '3',
      LINKS_CONTACT_MAX_PER_CLIENT: String(PER_CLIENT),
      LINKS_CONTACT_MAX_PER_PROFILE: String(PER_PROFILE),
    },
  });
  ({ api, prisma } = world);
  [north, south] = world.firms;
  stamp = new ContactFormStamp(api.environment.config);
  asAdmin = apiAs(api.baseUrl, north.token);
  asSouth = apiAs(api.baseUrl, south.token);
  const { userId: advisorId, token } = await signedInUser(world, north, 'ADVISOR');
  advisorToken = token;
  asAdvisor = apiAs(api.baseUrl, advisorToken);
  advisorProfessional = await addProfessional(north.organizationId, advisorId, {
    displayName: 'Ada Lovelace',
    jobTitle: 'Financial planner',
    bio: 'I help families plan.',
    designations: ['CFP', 'CIM'],
  });
  adminProfessional = await addProfessional(north.organizationId, north.userId, { displayName: 'Nora Admin' });
  southProfessional = await addProfessional(south.organizationId, south.userId, { displayName: 'Sam South' });
});
afterAll(async () => {
  await world?.close();
  await rm(storageDir, { recursive: true, force: true });
});
beforeEach(clearLimits);

const base = () => `/api/professionals/${advisorProfessional}/links-profile`;

describe('managing a links profile', () => {
  it('saves the address and the links in order, publishes and unpublishes, and audits each change', async () => {
    expect((await asAdvisor<ProfessionalLinksProfile>('GET', base())).body).toEqual({ linksProfile: null });
    // Publishing before the first save says what to do.
    const early = await asAdvisor('PATCH', `${base()}/publish`);
    expect(early.status).toBe(404);
    expect(early.body).toMatchObject({
      message: 'This professional has no links profile yet: choose its address and save it first',
    });

    const saved = await asAdvisor<LinksProfileView>('PUT', base(), {
      slug: ' Ada-Lovelace ',
      links: [
        { type: 'website', url: 'ada.example.com' },
        { type: 'LinkedIn', url: 'https://www.linkedin.com/in/ada', label: 'My LinkedIn' },
        { type: 'YouTube', url: 'https://www.youtube.com/@ada' },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      professionalId: advisorProfessional,
      slug: 'ada-lovelace',
      published: false,
      path: '/p/ada-lovelace',
    });
    expect(saved.body.links.map(({ type, url, label }) => ({ type, url, label }))).toEqual([
      { type: 'website', url: 'https://ada.example.com', label: null },
      { type: 'LinkedIn', url: 'https://www.linkedin.com/in/ada', label: 'My LinkedIn' },
      { type: 'YouTube', url: 'https://www.youtube.com/@ada', label: null },
    ]);
    // Not published yet: the page is not there.
    expect((await call(api.baseUrl, 'GET', '/api/links-profiles/ada-lovelace')).status).toBe(404);

    // Reorder and remove in one save.
    const reordered = await asAdvisor<LinksProfileView>('PUT', base(), {
      slug: 'ada-lovelace',
      links: [
        { type: 'YouTube', url: 'https://www.youtube.com/@ada' },
        { type: 'website', url: 'https://ada.example.com' },
      ],
    });
    expect(reordered.body.links.map((link) => link.type)).toEqual(['YouTube', 'website']);
    expect(reordered.body.id).toBe(saved.body.id);

    const published = await asAdvisor<LinksProfileView>('PATCH', `${base()}/publish`);
    expect(published.body.published).toBe(true);
    expect((await asAdvisor<ProfessionalLinksProfile>('GET', base())).body.linksProfile).toEqual(published.body);
    const unpublished = await asAdvisor<LinksProfileView>('PATCH', `${base()}/unpublish`);
    expect(unpublished.body.published).toBe(false);
    expect((await call(api.baseUrl, 'GET', '/api/links-profiles/ada-lovelace')).status).toBe(404);
    await asAdvisor('PATCH', `${base()}/publish`);

    const audit = await asAdmin<{ items: { action: string }[] }>('GET', `/api/audit-logs?entityId=${saved.body.id}`);
    expect(audit.body.items.map((item) => item.action).sort()).toEqual([
      'CREATE',
      'UPDATE',
      'UPDATE',
      'UPDATE',
      'UPDATE',
    ]);
  });

  it('refuses a bad or taken address and bad links with clear messages, and changes nothing', async () => {
    const cases: [unknown, string, string][] = [
      [{ slug: '' }, 'slug', 'Choose the address of your page'],
      [{ slug: 'ab' }, 'slug', 'The address must be 3 to 40 characters'],
      [{ slug: 'a'.repeat(41) }, 'slug', 'The address must be 3 to 40 characters'],
      [
        { slug: 'ada lovelace' },
        'slug',
        'The address may hold only lower-case letters, digits and single hyphens, and cannot start or end with a hyphen',
      ],
      [
        { slug: 'ada--l' },
        'slug',
        'The address may hold only lower-case letters, digits and single hyphens, and cannot start or end with a hyphen',
      ],
      [
        { slug: 'ok-slug', links: [{ type: 'Myspace', url: 'https://a.com' }] },
        'links.0.type',
        'Please select a valid link type',
      ],
      [
        { slug: 'ok-slug', links: [{ type: 'website', url: 'javascript:alert(1)' }] },
        'links.0.url',
        TextMessage.urlScheme,
      ],
      [
        { slug: 'ok-slug', links: [{ type: 'website', url: 'not a link' }] },
        'links.0.url',
        'Please enter a valid link',
      ],
      [
        { slug: 'ok-slug', links: Array.from({ length: 21 }, () => ({ type: 'link', url: 'https://a.com' })) },
        'links',
        'A page can show at most 20 links',
      ],
    ];
    for (const [body, path, message] of cases) {
      const response = await asAdvisor<{ details: { path: string; message: string }[] }>('PUT', base(), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.details).toContainEqual({ path, message });
    }
    // The admin's page takes another address; Ada's is taken, whoever asks.
    const taken = await asAdmin<{ details: unknown[] }>(
      'PUT',
      `/api/professionals/${adminProfessional}/links-profile`,
      {
        slug: 'ada-lovelace',
      },
    );
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      message: 'This address is already taken; choose another',
      details: [{ path: 'slug', message: 'This address is already taken; choose another' }],
    });
    // Slugs are unique across organizations.
    const elsewhere = await asSouth('PUT', `/api/professionals/${southProfessional}/links-profile`, {
      slug: 'ada-lovelace',
    });
    expect(elsewhere.status).toBe(409);
    expect(await prisma.linksProfile.count()).toBe(1);
    expect((await asAdvisor<ProfessionalLinksProfile>('GET', base())).body.linksProfile?.slug).toBe('ada-lovelace');
  });

  it('lets a user manage only their own page, and an administrator any', async () => {
    const adminBase = `/api/professionals/${adminProfessional}/links-profile`;
    expect((await asAdvisor('GET', adminBase)).status).toBe(403);
    expect((await asAdvisor('PUT', adminBase, { slug: 'nora' })).status).toBe(403);
    expect((await asAdvisor('PATCH', `${adminBase}/publish`)).status).toBe(403);
    expect((await asAdmin<ProfessionalLinksProfile>('GET', base())).body.linksProfile?.slug).toBe('ada-lovelace');
  });

  it('answers 404 for another organization’s professional and changes nothing', async () => {
    expect((await asSouth('GET', base())).status).toBe(404);
    expect((await asSouth('PUT', base(), { slug: 'south-took-it' })).status).toBe(404);
    expect((await asSouth('PATCH', `${base()}/unpublish`)).status).toBe(404);
    expect((await asSouth('PATCH', `${base()}/publish`)).status).toBe(404);
    const stored = await prisma.linksProfile.findFirstOrThrow({ where: { professionalId: advisorProfessional } });
    expect(stored).toMatchObject({ slug: 'ada-lovelace', published: true });
  });
});

describe('the public page and its contact form', () => {
  it('shows the photo, name, title, bio, designations and links of a published page, to anyone', async () => {
    const ticket = await call<UploadTicket>(api.baseUrl, 'POST', '/api/upload/request', {
      token: advisorToken,
      body: { fileName: 'ada.png' },
    });
    await fetch(`${api.baseUrl}${ticket.body.uploadUrl}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#334155' } })
        .png()
        .toBuffer(),
    });
    await asAdvisor('PATCH', `/api/professionals/${advisorProfessional}/set-avatar`, {
      filePath: ticket.body.filePath,
    });

    const page = await call<PublicLinksProfile>(api.baseUrl, 'GET', '/api/links-profiles/Ada-Lovelace');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      slug: 'ada-lovelace',
      displayName: 'Ada Lovelace',
      jobTitle: 'Financial planner',
      bio: 'I help families plan.',
      designations: ['CFP', 'CIM'],
      links: [
        { type: 'YouTube', url: 'https://www.youtube.com/@ada', label: null },
        { type: 'website', url: 'https://ada.example.com', label: null },
      ],
      form: { minSeconds: 3 },
    });
    expect(page.body.form.token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    const photo = await fetch(`${api.baseUrl}${page.body.photoUrl}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toContain('image/png');

    expect((await call(api.baseUrl, 'GET', '/api/links-profiles/nobody-here')).status).toBe(404);
    expect((await call(api.baseUrl, 'GET', '/api/links-profiles/nobody-here')).body).toMatchObject({
      message: 'No such page',
    });
  });

  it('turns a message into a LINKS_PROFILE lead in the professional’s team, with the message as a note', async () => {
    const sent = await contact('ada-lovelace', { ...visitor, formToken: await stampFor('ada-lovelace', 10) });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ received: true });

    const [lead] = await leadsNamed('Visitor');
    expect(lead).toMatchObject({
      type: 'LEAD',
      source: 'LINKS_PROFILE',
      discoveryMethod: 'INBOUND',
      teamId: north.teamId,
      organizationId: north.organizationId,
    });
    expect(await prisma.lead.count({ where: { contactId: lead!.id } })).toBe(1);
    expect(await prisma.contactEmail.findMany({ where: { contactId: lead!.id }, select: { email: true } })).toEqual([
      { email: 'vera@example.com' },
    ]);
    const note = await prisma.note.findFirstOrThrow({ where: { ownerContactId: lead!.id } });
    expect(note.body).toBe('I would like to talk about my retirement.\n\nSent through /p/ada-lovelace.');
    expect(note.teamId).toBe(north.teamId);

    // The advisor sees it among the team's leads, with its source.
    const leads = await asAdvisor<ListPage<ContactListItem>>('GET', '/api/leads');
    expect(leads.body.items.map((item) => [item.name.last, item.source])).toContainEqual(['Visitor', 'LINKS_PROFILE']);
    // South sees nothing of it.
    const southLeads = await asSouth<ListPage<ContactListItem>>('GET', '/api/leads');
    expect(southLeads.body.items).toEqual([]);
  });

  it('refuses a filled honeypot, a form sent too soon and a forged or another page’s stamp, creating nothing', async () => {
    const before = await prisma.contact.count();
    const page = await call<PublicLinksProfile>(api.baseUrl, 'GET', '/api/links-profiles/ada-lovelace');

    const honeypot = await contact('ada-lovelace', {
      ...visitor,
      website: 'http://spam.example',
      formToken: await stampFor('ada-lovelace', 10),
    });
    expect(honeypot.status).toBe(400);
    expect(honeypot.body).toMatchObject({ message: 'This message could not be sent' });

    const tooSoon = await contact('ada-lovelace', { ...visitor, formToken: page.body.form.token });
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body).toMatchObject({
      message: 'The form was sent too quickly; wait a few seconds and send it again',
    });

    const issuedAt = Math.floor(Date.now() / 1000) - 60;
    const forged = await contact('ada-lovelace', { ...visitor, formToken: `${issuedAt}.${'A'.repeat(43)}` });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ message: 'This form is not valid; reload the page and send it again' });

    const old = await contact('ada-lovelace', { ...visitor, formToken: await stampFor('ada-lovelace', 2 * 86_400) });
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({ message: 'This form has expired; reload the page and send it again' });

    const missing = await contact('ada-lovelace', {
      ...visitor,
      email: '',
      formToken: await stampFor('ada-lovelace', 10),
    });
    expect(missing.status).toBe(400);
    expect((missing.body as { details: unknown[] }).details).toContainEqual({
      path: 'email',
      message: 'Please enter your e-mail address',
    });
    expect(await prisma.contact.count()).toBe(before);
  });

  it('limits messages per client and per page (429 with Retry-After), creating nothing past the limit', async () => {
    const before = await prisma.contact.count();
    for (let sent = 0; sent < PER_CLIENT; sent++) {
      const response = await contact('ada-lovelace', {
        ...visitor,
        name: { first: 'Flood', last: `Client${sent}` },
        formToken: await stampFor('ada-lovelace', 10),
      });
      expect(response.status).toBe(201);
    }
    const limited = await contact('ada-lovelace', { ...visitor, formToken: await stampFor('ada-lovelace', 10) });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((limited.body as { message: string }).message).toMatch(
      /^Too many messages were sent from this address; try again in \d+ seconds?$/,
    );
    expect(await prisma.contact.count()).toBe(before + PER_CLIENT);

    // Per page: the page's counter already holds PER_CLIENT messages; the client counter is reset
    // (another visitor), and the page takes PER_PROFILE in all.
    const redis = new Redis(api.environment.config.REDIS_URL);
    await redis.del(
      `${api.environment.config.QUEUE_PREFIX}:links-contact-client:127.0.0.1`,
      `${api.environment.config.QUEUE_PREFIX}:links-contact-client:::ffff:127.0.0.1`,
    );
    redis.disconnect();
    for (let sent = PER_CLIENT; sent < PER_PROFILE; sent++) {
      expect(
        (await contact('ada-lovelace', { ...visitor, formToken: await stampFor('ada-lovelace', 10) })).status,
      ).toBe(201);
    }
    const full = await contact('ada-lovelace', { ...visitor, formToken: await stampFor('ada-lovelace', 10) });
    expect(full.status).toBe(429);
    expect((full.body as { message: string }).message).toMatch(/^This page has received too many messages/);
    expect(await prisma.contact.count()).toBe(before + PER_PROFILE);
  });

  it('answers 404 to a message for an unpublished or unknown page, creating nothing', async () => {
    const before = await prisma.contact.count();
    const token = await stampFor('ada-lovelace', 10);
    await asAdvisor('PATCH', `${base()}/unpublish`);
    expect((await contact('ada-lovelace', { ...visitor, formToken: token })).status).toBe(404);
    expect((await contact('nobody-here', { ...visitor, formToken: token })).status).toBe(404);
    await asAdvisor('PATCH', `${base()}/publish`);
    expect(await prisma.contact.count()).toBe(before);
  });
});
