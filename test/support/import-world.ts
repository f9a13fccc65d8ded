import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningWorker } from '@meridian/workers';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { createTestEnvironment, startTestApi, startTestWorker, type TestApi, type TestEnvironment } from './app.js';

/** What an import test runs against: its own database, API, worker and import folder. */
export interface ImportWorld {
  environment: TestEnvironment;
  api: TestApi;
  worker: RunningWorker;
  prisma: PrismaClient;
  /** The API's IMPORT_DIR, a temporary folder removed by `close`. */
  importDir: string;
  close(): Promise<void>;
}

/**
 * Starts an import test's world: a temporary IMPORT_DIR, the environment (with the settings the
 * test adds, which may name paths inside that folder), the API without the demo, and a worker.
 */
export async function startImportWorld(
  settings: (importDir: string) => Partial<Record<string, string>> = () => ({}),
): Promise<ImportWorld> {
  const importDir = await mkdtemp(join(tmpdir(), 'meridian-imports-'));
  const environment = await createTestEnvironment({ IMPORT_DIR: importDir, ...settings(importDir) });
  const api = await startTestApi({ seedDemo: false, environment });
  const worker = await startTestWorker(environment);
  const prisma = createPrismaClient(environment.databaseUrl);
  return {
    environment,
    api,
    worker,
    prisma,
    importDir,
    async close() {
      await worker.close();
      await api.close();
      await prisma.$disconnect();
      await environment.dispose();
      await rm(importDir, { recursive: true, force: true });
    },
  };
}
