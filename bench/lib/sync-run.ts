// What the sync benches share: one run of a connection timed as the worker makes it, every page
// fetched (the next while this one is written) and written by the real SyncPageWriter.
import { performance } from 'node:perf_hooks';
import type { PrismaClient, SyncPageWriter } from '@meridian/api';
import { fetchPages, type Connector, type ConnectorPage, type NormalizedRecord } from '@meridian/connectors';
import { EntityType, newId, type SyncCounts } from '@meridian/domain';

export interface SyncFigures<R extends NormalizedRecord = NormalizedRecord> {
  pages: number;
  records: number;
  counts: SyncCounts;
  totalMs: number;
  writeMs: number;
  written: R[];
}

/** One run of the connection from its saved cursor, recorded as a MANUAL sync run. */
export async function timedSync<C, R extends NormalizedRecord = NormalizedRecord>(
  prisma: PrismaClient,
  writer: SyncPageWriter,
  connector: Connector<C>,
  credentials: C,
  world: { organizationId: string; connectionId: string },
): Promise<SyncFigures<R>> {
  const syncRunId = newId(EntityType.syncRun);
  const connection = await prisma.connection.findUniqueOrThrow({ where: { id: world.connectionId } });
  await prisma.syncRun.create({
    data: {
      id: syncRunId,
      organizationId: world.organizationId,
      connectionId: world.connectionId,
      status: 'RUNNING',
      trigger: 'MANUAL',
      startedAt: new Date(),
      cursorBefore: connection.syncCursor,
    },
  });
  const run = { organizationId: world.organizationId, syncRunId, connectionId: world.connectionId };
  const figures: SyncFigures<R> = {
    pages: 0,
    records: 0,
    counts: { created: 0, updated: 0, unchanged: 0, deleted: 0, failed: 0 },
    totalMs: 0,
    writeMs: 0,
    written: [],
  };
  const start = performance.now();
  for await (const page of fetchPages(connector, credentials, connection.syncCursor) as AsyncIterable<ConnectorPage>) {
    const writeStart = performance.now();
    const { counts } = await writer.writePage(run, page);
    figures.writeMs += performance.now() - writeStart;
    figures.pages += 1;
    figures.records += page.records.length + page.removed.length + page.recordErrors.length;
    figures.written.push(...(page.records as R[]));
    for (const key of Object.keys(counts) as (keyof SyncCounts)[]) figures.counts[key] += counts[key];
  }
  figures.totalMs = performance.now() - start;
  await prisma.syncRun.update({ where: { id: syncRunId }, data: { status: 'SUCCEEDED', finishedAt: new Date() } });
  return figures;
}
