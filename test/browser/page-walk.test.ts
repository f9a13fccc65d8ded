import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningWorker } from '@meridian/workers';
import { ENUMERATIONS, type EnumerationEntry, type ListPage, type SyncRunView } from '@meridian/domain';
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
/** Any constant spelt with an underscore, listed or not (error codes, Plaid's codes). */
const CONSTANT = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/g;
/** The canonical id format: `{type}-{21 characters}` (domain/src/shared/ids). */
const CANONICAL_ID = /\b[a-z][a-z0-9_]*-[A-Za-z0-9_-]{21}\b/g;
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
    });
    api = await startTestApi({ environment });
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
      '/crm/contacts',
      '/crm/contacts/new',
      `/crm/contacts/${contacts.items[0]!.id}`,
      '/crm/leads',
      '/crm/leads/new',
      `/crm/contacts/${leads.items[0]!.id}`,
      '/crm/households',
      `/crm/households/${householdId}`,
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
    ] as const) {
      await open(page, path);
      await browser.screenshot(name);
    }
    expect(findings).toEqual([]);
  }, 180_000);
});
