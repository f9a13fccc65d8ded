import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningWorker } from '@meridian/workers';
import { createPrismaClient, verifyOperatorAccount, type PrismaClient } from '@meridian/api';
import {
  CANONICAL_ID_SUFFIX_LENGTH,
  ENUMERATIONS,
  EntityType,
  QueueName,
  type EnumerationEntry,
  type ListPage,
  type SyncRunView,
} from '@meridian/domain';
import { FakePlaidServer } from '@meridian/connectors/testing';
import { showDemoHubAtWork } from '../../scripts/lib/demo-hub.js';
import {
  createTestEnvironment,
  DEMO_ADMIN,
  startTestApi,
  startTestWorker,
  type TestApi,
  type TestEnvironment,
} from '../support/app.js';
import { launchBrowser, signInAs, type BrowserSession } from '../support/browser.js';
import { call, login } from '../support/http.js';
import { waitFor } from '../support/wait.js';

/**
 * Every page of the dashboard on the demo data, as `npm start` leaves it (the seed, a bank linked on
 * the fake Plaid with its runs, a committed import, a drop folder that has run once), read as a
 * person reads it: no enumeration constant, canonical id, JSON or server path in the visible text.
 * The public pages too, opened by a visitor nobody signed in: a professional's links page and the
 * page each kind of invitation opens, with what the demo lacks made through the API.
 */

/** A stored enumeration value nobody should read: a code that is not its own label. */
function enumerationCodes(): Set<string> {
  const codes = new Set<string>();
  for (const entry of Object.values(ENUMERATIONS as Record<string, EnumerationEntry>)) {
    for (const value of entry.values) {
      const code = String(value);
      // "RRSP", "CAD", "US" are their own labels; "SUCCEEDED" or "INVESTMENT_ACCOUNT" are not.
      if (/^[A-Z][A-Z0-9_]+$/.test(code) && entry.labels[code] !== code) codes.add(code);
    }
  }
  return codes;
}

const CODES = enumerationCodes();
/** A job queue's own name (`email`, `sync`): BullMQ's key, shown by its label instead. */
const QUEUE_NAMES: ReadonlySet<string> = new Set(Object.values(QueueName));
/** Any constant spelt with an underscore, listed or not (error codes, Plaid's codes). */
const CONSTANT = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/g;
/**
 * The canonical id format: `{type}-{21 characters}` (domain/src/shared/ids), for the types we store.
 * Another system's key may look alike (the fake Plaid's `nmt-chequing-0001-…`): a run's detail shows
 * it as the outside id, which is what an operator looks up at the provider.
 */
const CANONICAL_ID = new RegExp(
  `(?<![A-Za-z0-9_-])(?:${Object.values(EntityType).join('|')})-[A-Za-z0-9_-]{${CANONICAL_ID_SUFFIX_LENGTH}}(?![A-Za-z0-9_-])`,
  'g',
);
const JSON_TEXT = /\{"|":\s*"|\[\{/g;
/** A date as stored (2025-12-04), where every page writes 04 Dec 2025. */
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?\b/g;
const SERVER_PATH = /(^|[\s(:'"])(\/root|\/work|\/tmp\/|\/home\/|\/var\/)|\.data\//g;

/** What a person should not read on the page, each with the text around it. */
function findCodes(texts: readonly string[]): string[] {
  const found: string[] = [];
  const text = texts.join('\n');
  const around = (index: number, length: number) =>
    text.slice(Math.max(0, index - 30), index + length + 30).replace(/\s+/g, ' ');
  // A one-word code ("SUCCEEDED") only where it stands alone, as a badge or a cell would show it: a
  // bank's description ("PAY DEPOSIT") is the bank's text. Two letters are a province or country.
  for (const piece of texts) {
    const word = piece.trim();
    if (word.length > 2 && CODES.has(word) && !word.includes('_')) found.push(`code ${word}`);
    if (QUEUE_NAMES.has(word)) found.push(`queue name ${word}`);
  }
  for (const pattern of [CONSTANT, CANONICAL_ID, JSON_TEXT, SERVER_PATH, ISO_DATE]) {
    for (const match of text.matchAll(pattern)) {
      const what =
        pattern === CANONICAL_ID
          ? 'id'
          : pattern === JSON_TEXT
            ? 'JSON'
            : pattern === SERVER_PATH
              ? 'path'
              : pattern === ISO_DATE
                ? 'date'
                : 'code';
      found.push(`${what} ${match[0].trim()}: …${around(match.index, match[0].length)}…`);
    }
  }
  return found;
}

// The test sources compile without the DOM library: the little the page-side walk uses is typed here.
interface WalkNode {
  nodeValue: string | null;
  parentElement: WalkElement | null;
}
interface WalkElement {
  tagName: string;
  value?: string;
  type?: string;
  selectedOptions?: ArrayLike<{ text: string }>;
  getClientRects(): ArrayLike<unknown>;
  closest(selector: string): unknown;
}
interface WalkDocument {
  body: unknown;
  createTreeWalker(root: unknown, show: number): { nextNode(): WalkNode | null };
  querySelectorAll(selector: string): ArrayLike<WalkElement>;
}

/**
 * The page's visible text as written, node by node (innerText would apply CSS upper-casing: a
 * heading styled in capitals is not a code), with what input boxes and selects hold.
 */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const document = (globalThis as unknown as { document: WalkDocument }).document;
    const shown = (element: WalkElement | null) => element !== null && element.getClientRects().length > 0;
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      // A select's options are its choices: read whether the list is open or not.
      if ((parent.tagName === 'OPTION' && shown(parent.closest('select') as WalkElement | null)) || shown(parent)) {
        if (node.nodeValue?.trim()) texts.push(node.nodeValue);
      }
    }
    const fields = document.querySelectorAll('input, textarea');
    for (let index = 0; index < fields.length; index += 1) {
      const field = fields[index]!;
      // What a box holds is read; a radio button's or check box's value is not shown.
      const unread = ['password', 'hidden', 'radio', 'checkbox', 'date', 'datetime-local', 'time'].includes(
        field.type ?? '',
      );
      if (shown(field) && !unread && field.value) texts.push(field.value);
    }
    return texts;
  });
}

describe('the page walk: every page reads as words', () => {
  let fake: FakePlaidServer;
  let environment: TestEnvironment;
  let api: TestApi;
  let worker: RunningWorker;
  let browser: BrowserSession;
  let prisma: PrismaClient;
  let dropRoot: string;
  let token: string;
  const get = async <T>(path: string): Promise<T> => {
    const response = await call<T>(api.baseUrl, 'GET', path, { token });
    expect(response.status, path).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    fake = await FakePlaidServer.start();
    dropRoot = await mkdtemp(join(tmpdir(), 'meridian-drop-'));
    environment = await createTestEnvironment({
      PLAID_ENV: 'fake',
      PLAID_BASE_URL: fake.url,
      PLAID_CLIENT_ID: fake.clientId,
      PLAID_SECRET: fake.secret,
      IMPORT_DROP_ROOT: dropRoot,
      // The demo's admin is also the platform's operator: the new-firm invitations page is theirs.
      PLATFORM_OPERATOR_EMAILS: DEMO_ADMIN.email,
    });
    api = await startTestApi({ environment });
    prisma = createPrismaClient(api.databaseUrl);
    // Listed, and vouched for on the server (`npm run operator:create`), as an operator must be.
    await verifyOperatorAccount(prisma, DEMO_ADMIN.email);
    worker = await startTestWorker(environment);
    token = await login(api.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    // What npm start writes on its first start, then the drop folder's first scan.
    const hub = await showDemoHubAtWork({
      apiUrl: api.baseUrl,
      admin: DEMO_ADMIN,
      fake,
      dropRoot: environment.config.IMPORT_DROP_ROOT,
    });
    const folder = await get<{ path: string }>(`/api/import-folders/${hub.dropFolderId}`);
    await writeFile(
      join(folder.path, 'contacts-nightly.csv'),
      [
        'Record ID,First Name,Last Name,Email,Phone Number,City,State/Region,Country/Region,Lifecycle Stage,Original Source',
        '7100000000000009,Maëlle,Ostrowski,maelle.ostrowski@example.com,(902) 555-0117,Halifax,Nova Scotia,Canada,Lead,Referrals',
      ].join('\n'),
    );
    const scan = await call(api.baseUrl, 'POST', `/api/import-folders/${hub.dropFolderId}/scan`, { token });
    expect(scan.status).toBe(202);
    await waitFor(
      'the drop folder run',
      async () => {
        const runs = await get<ListPage<SyncRunView>>('/api/sync-runs?limit=50');
        return (
          runs.items.length > hub.runs.length + 1 &&
          runs.items.every((run) => !['QUEUED', 'RUNNING'].includes(run.status))
        );
      },
      60_000,
    );
    browser = await launchBrowser();
    // The demo's hub history goes through the worker (a bank's runs, an import, a drop folder's scan).
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await prisma?.$disconnect();
    await worker?.close();
    await api?.close();
    await environment?.dispose();
    await fake?.close();
    if (dropRoot) await rm(dropRoot, { recursive: true, force: true });
  });

  /** Opens `path` and waits until nothing on it is still loading; says what went wrong if it did. */
  async function open(page: Page, path: string): Promise<string | null> {
    await page.goto(`${api.baseUrl}${path}`);
    await page.waitForLoadState('networkidle');
    try {
      await page.locator('main').first().waitFor({ timeout: 15_000 });
    } catch {
      return `shows no page: ${(await page.locator('body').innerText()).slice(0, 200)}`;
    }
    try {
      await page
        .getByRole('status')
        .filter({ hasText: /Loading|Checking/ })
        .first()
        .waitFor({ state: 'detached', timeout: 15_000 });
      return null;
    } catch {
      return 'still loading after 15 s';
    }
  }

  it('walks every page of app-routes.tsx and finds no code, id, JSON or server path', async () => {
    // Real ids from the lists, for the pages of one record.
    const households = await get<ListPage<{ id: string }>>('/api/households?limit=1');
    const contacts = await get<ListPage<{ id: string }>>('/api/contacts?limit=1');
    const leads = await get<ListPage<{ id: string }>>('/api/leads?limit=1');
    const runs = await get<ListPage<SyncRunView>>('/api/sync-runs?limit=50');
    const imports = await get<{ id: string }[]>('/api/imports');
    const householdId = households.items[0]!.id;
    // The demo has no sale: one begun with its first household, for the pipeline's pages.
    const opportunity = await call<{ id: string }>(api.baseUrl, 'POST', '/api/opportunitys', {
      token,
      body: { householdId },
    });
    expect(opportunity.status).toBe(201);
    // A plan made from the same household's records, for the planning pages.
    const plan = await call<{ id: string }>(api.baseUrl, 'POST', '/api/plans', {
      token,
      body: { householdId, name: 'Walk plan', publish: false },
    });
    expect(plan.status).toBe(201);
    // The demo's meetings around today and its booking templates, for the meetings' pages.
    const teamId = (await get<{ id: string }[]>('/api/teams'))[0]!.id;
    const month = 30 * 86_400_000;
    const meetings = await get<{ id: string }[]>(
      `/api/meetings/by-team/${teamId}?from=${new Date(Date.now() - month).toISOString()}&to=${new Date(Date.now() + month).toISOString()}`,
    );
    expect(meetings.length).toBeGreaterThan(0);
    // One run of each kind and outcome: the bank's (succeeded, partial, failed), the import's, the drop folder's.
    const runIds = [
      ...new Map(runs.items.map((run) => [`${run.driver}-${run.trigger}-${run.status}`, run.id])).values(),
    ];

    const pages = [
      '/',
      '/calculators',
      '/financial-records',
      `/financial-records/${householdId}`,
      '/cash-flows',
      `/cash-flows/${householdId}`,
      '/connections',
      ...runIds.map((id) => `/connections/runs/${id}`),
      '/imports',
      '/imports/new',
      ...imports.map((batch) => `/imports/${batch.id}`),
      '/settings/organization',
      '/settings/teams',
      '/settings/profile',
      '/settings/invitations',
      '/settings/calendars',
      '/meetings/calendar',
      '/meetings/templates',
      `/meetings/${meetings[0]!.id}`,
      '/crm/contacts',
      '/crm/contacts/new',
      `/crm/contacts/${contacts.items[0]!.id}`,
      '/crm/leads',
      '/crm/leads/new',
      `/crm/contacts/${leads.items[0]!.id}`,
      '/crm/households',
      `/crm/households/${householdId}`,
      `/crm/households/${householdId}?tab=tasks`,
      '/tasks',
      '/tasks/board',
      '/pipeline',
      `/pipeline/${opportunity.body.id}`,
      `/households/${householdId}/plans`,
      `/plans/${plan.body.id}`,
      `/plans/${plan.body.id}?tab=incomes`,
      `/plans/${plan.body.id}?tab=accounts`,
      `/plans/${plan.body.id}?tab=liabilities`,
      '/crm/reports',
      '/crm/custom-fields',
      '/crm/deleted',
      '/platform/organizations',
      '/audit',
      '/branding',
      '/no-such-page',
    ];

    const page = await signInAs(browser.page, api.baseUrl, DEMO_ADMIN);
    const findings: string[] = [];
    for (const path of pages) {
      const trouble = await open(page, path);
      if (trouble) findings.push(`${path}: ${trouble}`);
      for (const finding of findCodes(await visibleTexts(page))) findings.push(`${path}: ${finding}`);
    }
    for (const [name, path] of [
      ['walk-home', '/'],
      ['walk-connections', '/connections'],
      ['walk-audit', '/audit'],
      ['walk-leads', '/crm/leads'],
      ['walk-meetings-calendar', '/meetings/calendar'],
      ['walk-meeting', `/meetings/${meetings[0]!.id}`],
      ['walk-meetings-templates', '/meetings/templates'],
    ] as const) {
      await open(page, path);
      await browser.screenshot(name);
    }
    expect(findings).toEqual([]);
  }, 180_000);

  /** POSTs `body` to `path` as the demo's admin and answers the invitation link the API returned. */
  async function invitationPath(path: string, body: Record<string, unknown>): Promise<string> {
    const response = await call<{
      link?: string;
      invitation?: { link?: string };
      invitations?: { link?: string }[];
    }>(api.baseUrl, 'POST', path, { token, body });
    expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(201);
    // One invitation, or the client's portal access holding it, or the list a team invitation makes.
    const { link, invitation, invitations } = response.body;
    const found = link ?? invitation?.link ?? invitations?.[0]?.link;
    if (!found) throw new Error(`${path} answered no link: ${JSON.stringify(response.body)}`);
    return new URL(found).pathname;
  }

  it('walks the public pages: a links page and each invitation’s accept page, as opened and as answered', async () => {
    // What the demo lacks: the admin's published links page, and an open invitation of each kind.
    const me = await get<{ id: string }>('/api/professionals/me');
    const saved = await call(api.baseUrl, 'PUT', `/api/professionals/${me.id}/links-profile`, {
      token,
      body: {
        slug: 'demo-managing-partner',
        links: [
          { type: 'LinkedIn', url: 'https://www.linkedin.com/in/demo-managing-partner' },
          { type: 'website', url: 'maple-pine.example.com' },
          { type: 'meeting', url: 'https://meet.example.com/demo', label: 'Book a first meeting' },
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const published = await call(api.baseUrl, 'PATCH', `/api/professionals/${me.id}/links-profile/publish`, {
      token,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const teams = await get<{ id: string }[]>('/api/teams');
    const templates = await get<{ id: string; configId: string | null }[]>(
      `/api/meetings/templates/by-team/${teams[0]!.id}`,
    );
    const bookingPage = `/book/${templates[0]!.configId ?? templates[0]!.id}`;
    const teamMember = await invitationPath('/api/invite-team-member', {
      email: 'walk.member@firm.test',
      team: teams[0]!.id,
      method: 'LINK',
      role: 'ASSOCIATE_ADVISING_REPRESENTATIVE',
    });
    const advisor = await invitationPath('/api/invite-advisor', {
      email: 'walk.advisor@firm.test',
      team: teams[0]!.id,
      method: 'LINK',
    });
    const client = await prisma.contact.findFirstOrThrow({
      where: { type: 'CLIENT', portalAccess: 'NONE', deletedAt: null },
      orderBy: { id: 'asc' },
    });
    const clientInvitation = await invitationPath(`/api/contacts/${client.id}/portal-invitation`, {
      method: 'LINK',
      email: 'walk.client@home.test',
    });
    const createOrg = await invitationPath('/api/platform/organization-invitations', {
      email: 'walk.founder@nova.test',
      organizationName: 'Nova Advisory',
      method: 'LINK',
    });

    // A visitor's own browser: nobody signed in.
    const visitor = await launchBrowser();
    try {
      const page = visitor.page;
      const findings: string[] = [];
      const read = async (label: string) => {
        for (const finding of findCodes(await visibleTexts(page))) findings.push(`${label}: ${finding}`);
      };
      const walk = async (path: string) => {
        const trouble = await open(page, path);
        if (trouble) findings.push(`${path}: ${trouble}`);
        await read(path);
      };
      const unknownCode = 'A'.repeat(43);
      for (const path of [
        '/login',
        '/p/demo-managing-partner',
        '/p/nobody-here',
        bookingPage,
        '/book/nobody-here',
        teamMember,
        advisor,
        createOrg,
        clientInvitation,
        `/accept/team-member/${unknownCode}`,
        `/accept/advisor/${unknownCode}`,
        `/accept/create-org/${unknownCode}`,
        `/accept/client/${unknownCode}`,
      ]) {
        await walk(path);
      }

      // What each page answers: the contact form and the account forms sent empty, then the
      // client's acceptance and the same link once used.
      const sendEmpty = async (label: string, submit: string, answers: string[]) => {
        await page.getByTestId(submit).click();
        await page
          .locator(answers.map((answer) => `[data-testid="${answer}"]`).join(', '))
          .first()
          .waitFor({ timeout: 15_000 });
        await read(`${label} sent empty`);
      };
      await open(page, '/p/demo-managing-partner');
      await visitor.screenshot('walk-links-page');
      await sendEmpty('/p/demo-managing-partner', 'links-contact-send', [
        'contact-first-error',
        'links-contact-errors',
      ]);
      for (const [name, path] of [
        ['walk-accept-team-member', teamMember],
        ['walk-accept-advisor', advisor],
        ['walk-accept-create-org', createOrg],
      ] as const) {
        await open(page, path);
        await visitor.screenshot(name);
        await sendEmpty(path, 'accept-submit', ['accept-name-error', 'accept-errors']);
      }
      await open(page, clientInvitation);
      await visitor.screenshot('walk-accept-client');
      await page.getByTestId('accept-submit').click();
      await page.getByTestId('accept-done').waitFor({ timeout: 15_000 });
      await read(`${clientInvitation} accepted`);
      await walk(clientInvitation);
      await visitor.screenshot('walk-accept-used');
      expect(findings).toEqual([]);
    } finally {
      await visitor.close();
    }
  }, 120_000);
});
