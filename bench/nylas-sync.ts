// How fast a first calendar sync writes, end to end: the fake Nylas with 10,000 events in one
// calendar (each with a contact of the firm and an outside guest), the real NylasConnector (the
// official SDK over HTTP, zod parsing, mapping, 200 events a page) and the real SyncPageWriter
// (one database transaction per page: links, participants matched by e-mail, meetings and their
// participants through MeetingsWriter), beside a bare batched INSERT of the same meetings into a
// scratch table in the same run (the baseline: no links, no lookups, no participants table, no
// counts, no cursor). Beside it too, the floor the schema sets: the same meetings, their three
// participants each and their external links INSERTed the same way into the real tables (their
// indexes, foreign keys and CHECKs, nothing looked up). A second run then reads again what the
// overlap re-reads and writes nothing. Prints figures; asserts nothing.
//
//   npx tsx --tsconfig tsconfig.base.json --conditions=source bench/nylas-sync.ts \
//     [--database-url URL] [--events 10000] [--keep]
//
// Everything happens in a scratch database on DATABASE_URL's server (migrated here, dropped at
// the end unless --keep).
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { createPrismaClient, type PrismaClient } from '@meridian/api';
import { NylasClient, NylasConnector, type NormalizedMeeting } from '@meridian/connectors';
import { FakeNylasServer } from '@meridian/connectors/testing';
import { EntityType, newId } from '@meridian/domain';
import { migrateDatabase } from '../prisma/migrate.js';
import { timedSync } from './lib/sync-run.js';
import {
  connect,
  DEFAULT_DATABASE_URL,
  disconnect,
  MAINTENANCE_DATABASE,
  quoteIdentifier,
  serverAddressOf,
  withDatabaseName,
} from '../prisma/postgres.js';
import { startSyncContext, type SyncContext } from '../test/support/sync-context.js';

const { values: options } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    events: { type: 'string', default: '10000' },
    keep: { type: 'boolean', default: false },
  },
});
const eventCount = Number(options.events);
const serverUrl = withDatabaseName(
  options['database-url'] ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
  MAINTENANCE_DATABASE,
);
const BARE_BATCH = 500;
const ADVISOR = 'advisor@bench.example';
const CLIENT = 'client@bench.example';

/** An organization with a team, its advisor (a team member), a client contact, and the advisor's calendar connection. */
async function createWorld(prisma: PrismaClient) {
  const organizationId = newId(EntityType.organization);
  const teamId = newId(EntityType.team);
  const userId = newId(EntityType.user);
  const contactId = newId(EntityType.contact);
  const connectionId = newId(EntityType.connection);
  await prisma.organization.create({ data: { id: organizationId, name: 'Bench Wealth' } });
  await prisma.team.create({ data: { id: teamId, organizationId, name: 'Bench team' } });
  await prisma.user.create({
    data: { id: userId, organizationId, email: ADVISOR, name: 'Ada Bench', passwordHash: 'x', role: 'ADVISOR' },
  });
  await prisma.teamMember.create({ data: { id: newId(EntityType.teamMember), organizationId, teamId, userId } });
  await prisma.contact.create({
    data: { id: contactId, organizationId, teamId, type: 'CLIENT', firstName: 'Casey', lastName: 'Client' },
  });
  await prisma.contactEmail.create({
    data: { id: newId(EntityType.contactEmail), organizationId, contactId, email: CLIENT, isPrimary: true },
  });
  await prisma.connection.create({
    data: {
      id: connectionId,
      organizationId,
      service: 'NYLAS',
      status: 'SUCCESS',
      ownerTeamId: teamId,
      displayName: ADVISOR,
    },
  });
  return { organizationId, connectionId };
}

/** The baseline: the same meetings as plain rows, INSERTed 500 per statement into a scratch table. */
async function bareInsert(url: string, meetings: readonly NormalizedMeeting[]): Promise<number> {
  const client = await connect(url, 'meridian-bench', '--database-url');
  try {
    await client.query(`CREATE TABLE bench_bare_meetings (
      id text PRIMARY KEY, organization_id text NOT NULL, title text NOT NULL, message text NOT NULL,
      location text, start_time timestamptz NOT NULL, duration_minutes integer NOT NULL, time_zone text NOT NULL,
      participants text NOT NULL)`);
    const rows = meetings.map((meeting) => [
      meeting.sourceId,
      'org',
      meeting.title ?? '',
      meeting.description ?? '',
      meeting.location,
      meeting.start,
      meeting.durationMinutes,
      meeting.timeZone ?? 'UTC',
      meeting.participants.map((participant) => participant.email).join(','),
    ]);
    const start = performance.now();
    for (let offset = 0; offset < rows.length; offset += BARE_BATCH) {
      const batch = rows.slice(offset, offset + BARE_BATCH);
      const width = batch[0]!.length;
      const values = batch
        .map((_, row) => `(${Array.from({ length: width }, (_, column) => `$${row * width + column + 1}`).join(', ')})`)
        .join(', ');
      await client.query(`INSERT INTO bench_bare_meetings VALUES ${values}`, batch.flat());
    }
    return performance.now() - start;
  } finally {
    await disconnect(client);
  }
}

/** Rows INSERTed `BARE_BATCH` a statement, as the baseline does. */
async function insertBatches(client: pg.Client, table: string, columns: readonly string[], rows: readonly unknown[][]) {
  for (let offset = 0; offset < rows.length; offset += BARE_BATCH) {
    const batch = rows.slice(offset, offset + BARE_BATCH);
    const values = batch
      .map((_, row) => `(${columns.map((_, column) => `$${row * columns.length + column + 1}`).join(', ')})`)
      .join(', ');
    await client.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}`, batch.flat());
  }
}

/**
 * The schema's floor for the first sync: each event as a new meeting of the world's team,
 * connection and organizer, with its three participants (the organizer, the contact, the guest)
 * and an external link, INSERTed like the baseline into the real tables. No lookups, no audit
 * entries, no counts.
 */
async function schemaInsert(
  url: string,
  world: { organizationId: string; connectionId: string },
  meetings: readonly NormalizedMeeting[],
) {
  const { organizationId, connectionId } = world;
  const client = await connect(url, 'meridian-bench', '--database-url');
  try {
    const [member] = (
      await client.query<{ id: string; team_id: string }>(
        'SELECT id, team_id FROM team_members WHERE organization_id = $1',
        [organizationId],
      )
    ).rows;
    const [contact] = (
      await client.query<{ id: string }>('SELECT id FROM contacts WHERE organization_id = $1', [organizationId])
    ).rows;
    const now = new Date();
    const meetingRows: unknown[][] = [];
    const participantRows: unknown[][] = [];
    const linkRows: unknown[][] = [];
    for (const meeting of meetings) {
      const id = newId(EntityType.meeting);
      meetingRows.push([
        id,
        organizationId,
        member!.team_id,
        connectionId,
        member!.id,
        meeting.title ?? '',
        meeting.description ?? '',
        'SYNC',
        meeting.location,
        meeting.start,
        meeting.durationMinutes,
        meeting.timeZone ?? 'UTC',
        `${meeting.sourceId}-floor`,
        now,
        now,
      ]);
      const participant = (role: string, email: string, contactId: string | null, teamMemberId: string | null) =>
        participantRows.push([
          newId(EntityType.meetingParticipant),
          organizationId,
          id,
          role,
          email,
          email,
          contactId,
          teamMemberId,
          now,
        ]);
      participant('TEAM_MEMBER', ADVISOR, null, member!.id);
      participant('CONTACT', CLIENT, contact!.id, null);
      participant('EXTERNAL', 'guest@elsewhere.example', null, null);
      linkRows.push([
        newId(EntityType.externalLink),
        organizationId,
        'NYLAS',
        `${meeting.sourceId}-floor`,
        EntityType.meeting,
        id,
        'hash',
        now,
        now,
        now,
      ]);
    }
    const start = performance.now();
    await insertBatches(
      client,
      'meetings',
      [
        'id',
        'organization_id',
        'team_id',
        'connection_id',
        'organizer_team_member_id',
        'title',
        'message',
        'type',
        'location',
        'start_time',
        'duration_minutes',
        'time_zone',
        'event_id',
        'created_at',
        'updated_at',
      ],
      meetingRows,
    );
    await insertBatches(
      client,
      'meeting_participants',
      ['id', 'organization_id', 'meeting_id', 'role', 'email', 'name', 'contact_id', 'team_member_id', 'created_at'],
      participantRows,
    );
    await insertBatches(
      client,
      'external_links',
      [
        'id',
        'organization_id',
        'service',
        'source_id',
        'entity_type',
        'entity_id',
        'content_hash',
        'last_seen_at',
        'created_at',
        'updated_at',
      ],
      linkRows,
    );
    return { ms: performance.now() - start, rows: meetingRows.length + participantRows.length + linkRows.length };
  } finally {
    await disconnect(client);
  }
}

const rate = (records: number, ms: number) => Math.round((records / ms) * 1000).toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const name = `meridian_bench_nylas_${Date.now().toString(36)}`;
const url = withDatabaseName(serverUrl, name);
const fake = await FakeNylasServer.start();
let prisma: PrismaClient | undefined;
let hub: SyncContext | undefined;
try {
  await migrateDatabase(url, { log: () => undefined });
  prisma = createPrismaClient(url);
  hub = await startSyncContext(url);
  const world = await createWorld(prisma);
  const grant = fake.createGrant({ email: ADVISOR });
  fake.state.seedEvents(grant.id, grant.email, {
    count: eventCount,
    start: new Date(Date.now() - 29 * 86_400_000),
    everyMinutes: 45,
    participants: [
      { email: CLIENT, name: 'Casey Client', status: 'yes' },
      { email: 'guest@elsewhere.example', status: 'noreply' },
    ],
  });
  const client = new NylasClient({ apiKey: fake.apiKey, clientId: fake.clientId, apiUri: fake.url });
  const connector = new NylasConnector({ client });
  console.log(
    `Nylas calendar sync into scratch database ${name} on ${serverAddressOf(serverUrl)}: fake Nylas with ` +
      `${eventCount.toLocaleString('en-US')} events in one calendar, 2 participants each\n`,
  );

  const first = await timedSync<{ grantId: string }, NormalizedMeeting>(
    prisma,
    hub.writer,
    connector,
    { grantId: grant.id },
    world,
  );
  const bareMs = await bareInsert(url, first.written);
  const floor = await schemaInsert(url, world, first.written);
  const second = await timedSync<{ grantId: string }, NormalizedMeeting>(
    prisma,
    hub.writer,
    connector,
    { grantId: grant.id },
    world,
  );

  const line = (label: string, value: string) => console.log(`${label.padEnd(44)} ${value}`);
  line('first sync: pages', String(first.pages));
  line('first sync: counts', JSON.stringify(first.counts));
  line(
    'first sync, end to end (fetch + map + write)',
    `${seconds(first.totalMs).padStart(8)}  ${rate(first.records, first.totalMs).padStart(7)} events/s`,
  );
  line(
    'first sync, page writes only',
    `${seconds(first.writeMs).padStart(8)}  ${rate(first.records, first.writeMs).padStart(7)} events/s`,
  );
  line(
    `bare batched INSERT (${BARE_BATCH} rows a statement)`,
    `${seconds(bareMs).padStart(8)}  ${rate(first.written.length, bareMs).padStart(7)} rows/s`,
  );
  line(
    'meetings, participants, links INSERTed bare',
    `${seconds(floor.ms).padStart(8)}  ${rate(floor.rows, floor.ms).padStart(7)} rows/s  (the schema's floor)`,
  );
  line('ratio end to end / bare INSERT', `${(first.totalMs / bareMs).toFixed(1)}x`);
  line('ratio page writes / bare INSERT', `${(first.writeMs / bareMs).toFixed(1)}x`);
  line('ratio end to end / that floor', `${(first.totalMs / floor.ms).toFixed(1)}x`);
  line(
    'ratio that floor / bare INSERT',
    `${(floor.ms / bareMs).toFixed(1)}x  (writing the rows alone into the real tables)`,
  );
  line('second sync (the overlap, nothing new): counts', JSON.stringify(second.counts));
  line(
    'second sync, end to end',
    `${seconds(second.totalMs).padStart(8)}  ${rate(second.records, second.totalMs).padStart(7)} events/s`,
  );
} finally {
  await hub?.close();
  await prisma?.$disconnect();
  await fake.close();
  if (options.keep) {
    console.log(`\nkept: ${url}`);
  } else {
    const admin = await connect(serverUrl, 'meridian-bench', 'cleanup');
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
    } finally {
      await disconnect(admin);
    }
  }
}
