import { createPrismaClient, type PrismaClient } from '@meridian/api';
import type { RunningWorker } from '@meridian/workers';
import {
  createTestEnvironment,
  DEMO_ADMIN,
  startTestApi,
  startTestWorker,
  type TestApi,
  type TestEnvironment,
} from './app.js';
import { login } from './http.js';
import { startPlaidSandbox, type PlaidSandbox } from './plaid-sandbox.js';

/** What a browser test of the hub runs against: the fake Plaid behind prism, the API and a worker. */
export interface PlaidStack {
  plaid: PlaidSandbox;
  environment: TestEnvironment;
  api: TestApi;
  worker: RunningWorker;
  prisma: PrismaClient;
  /** The demo admin's bearer token. */
  token: string;
  /** The demo organization and its first team. */
  organization: { organizationId: string; teamId: string };
  close(): Promise<void>;
}

/** Starts the whole stack once for a test file (share it across the file's tests). */
export async function startPlaidStack(): Promise<PlaidStack> {
  const plaid = await startPlaidSandbox();
  const environment = await createTestEnvironment(plaid.environment);
  const api = await startTestApi({ environment });
  const worker = await startTestWorker(environment);
  const prisma = createPrismaClient(api.databaseUrl);
  const demo = await prisma.organization.findFirstOrThrow({ where: { isDemo: true } });
  const team = await prisma.team.findFirstOrThrow({ where: { organizationId: demo.id } });
  const token = await login(api.baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return {
    plaid,
    environment,
    api,
    worker,
    prisma,
    token,
    organization: { organizationId: demo.id, teamId: team.id },
    async close() {
      await worker.close();
      await prisma.$disconnect();
      await api.close();
      await environment.dispose();
      await plaid.close();
    },
  };
}
