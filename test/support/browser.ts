import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterEach, beforeEach } from 'vitest';

/** Debian's chromium package; CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** test-results/ at the repository root (gitignored). */
export const RESULTS_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url));

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Saves a full-page screenshot to test-results/<name>.png and returns its path. */
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts headless chromium with a fresh, throw-away profile and opens one page. */
export async function launchBrowser(): Promise<BrowserSession> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. The browser tests drive Debian's chromium: ` +
        'install it with `apt-get update && apt-get install -y chromium`, ' +
        'or set CHROMIUM_PATH to another Chromium binary.',
    );
  }
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'meridian-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1440, height: 900 },
      locale: 'en-CA',
      timezoneId: 'UTC',
    });
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
  const page = context.pages()[0] ?? (await context.newPage());

  return {
    context,
    page,
    async screenshot(name) {
      await mkdir(RESULTS_DIR, { recursive: true });
      const file = path.join(RESULTS_DIR, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh browser profile for every test of the calling `describe` (no stored session, history or
 * cache carried over): launched before each test and closed after it. The session returned stands
 * for the running test's.
 */
export function browserPerTest(): BrowserSession {
  let current: BrowserSession | undefined;
  beforeEach(async () => {
    current = await launchBrowser();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const session = (): BrowserSession => {
    if (!current) throw new Error('The browser is open only while a test runs.');
    return current;
  };
  return {
    get context() {
      return session().context;
    },
    get page() {
      return session().page;
    },
    screenshot: (name) => session().screenshot(name),
    close: () => session().close(),
  };
}

export interface Credentials {
  email: string;
  password: string;
}

/** Fills in the sign-in form of the page it is on and submits it. */
export async function submitSignIn(page: Page, { email, password }: Credentials): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs `user` in through the login page of the dashboard at `baseUrl`; resolves on the home page. */
export async function signInAs(page: Page, baseUrl: string, user: Credentials): Promise<Page> {
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, user);
  await page.getByTestId('home-page').waitFor();
  return page;
}

/** Signs `user` in, then opens `path` of the dashboard at `baseUrl`. */
export async function openAs(page: Page, baseUrl: string, user: Credentials, path: string): Promise<Page> {
  await signInAs(page, baseUrl, user);
  await page.goto(`${baseUrl}${path}`);
  return page;
}

// The test sources compile without the DOM library: what page-side callbacks use is typed here.
interface PageGlobals {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  getComputedStyle(element: unknown): { getPropertyValue(property: string): string };
  document: { getAnimations(): { playState: string }[] };
}

/** Waits for the page's transitions (a dialog or drawer fading in) to end, so a screenshot shows it as seen. */
export function transitionsSettled(page: Page): Promise<unknown> {
  return page.waitForFunction(() =>
    (globalThis as unknown as PageGlobals).document
      .getAnimations()
      .every((animation) => animation.playState !== 'running'),
  );
}

/** A localStorage value of the page's origin. */
export function localStorageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => (globalThis as unknown as PageGlobals).localStorage.getItem(name), key);
}

/** Stores a localStorage value for the page's origin (the page must be on that origin). */
export function setLocalStorageItem(page: Page, key: string, value: string): Promise<void> {
  return page.evaluate(([name, text]) => (globalThis as unknown as PageGlobals).localStorage.setItem(name, text), [
    key,
    value,
  ] as const);
}

/** The computed value of a CSS property (e.g. `fill`) of the element a locator points at. */
export function computedStyle(locator: Locator, property: string): Promise<string> {
  return locator.evaluate(
    (element, name) => (globalThis as unknown as PageGlobals).getComputedStyle(element).getPropertyValue(name),
    property,
  );
}
