import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '#test/support/http.js';
import { createTestEnvironment, startTestApi, type TestApi } from '#test/support/app.js';

let dist: string;
let api: TestApi;
let apiWithoutDashboard: TestApi;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'meridian-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(dist, 'assets', 'app.js'), 'console.log("app")');
  api = await startTestApi({ seedDemo: false, environment: await createTestEnvironment({ DASHBOARD_DIST: dist }) });
  apiWithoutDashboard = await startTestApi({
    seedDemo: false,
    environment: await createTestEnvironment({ DASHBOARD_DIST: join(dist, 'missing') }),
  });
});
afterAll(async () => {
  await api?.close();
  await api?.environment.dispose();
  await apiWithoutDashboard?.close();
  await apiWithoutDashboard?.environment.dispose();
  await rm(dist, { recursive: true, force: true });
});

describe('dashboard hosting', () => {
  it('serves built assets and answers client routes with index.html', async () => {
    const asset = await call<string>(api.baseUrl, 'GET', '/assets/app.js');
    expect(asset.status).toBe(200);
    expect(asset.body).toContain('console.log');
    for (const path of ['/', '/home', '/crm/contacts/contact-123']) {
      const page = await call<string>(api.baseUrl, 'GET', path);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<div id="root">');
    }
  });

  it('leaves /api to the API', async () => {
    const response = await call(api.baseUrl, 'GET', '/api/unknown');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('says how to build the dashboard when it is missing', async () => {
    const response = await call<string>(apiWithoutDashboard.baseUrl, 'GET', '/');
    expect(response.status).toBe(503);
    expect(response.body).toContain('npm run build -w dashboard');
  });
});
