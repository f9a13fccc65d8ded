/**
 * Calendar events (a Nylas sync's `meeting` records) as meetings, through `MeetingsWriter`, a page
 * at a time: the page's links, the meetings they name, the connection's team and organizer and the
 * people its addresses are (contacts, team members), each read in one query; then one batch of
 * creates and changes. A meeting belongs to the connection's team, is organized by the team member
 * whose calendar it is, and lists every address of the event as a participant: CONTACT when a
 * contact of the firm has that e-mail (any of theirs, the primary first), TEAM_MEMBER when a team
 * member's account has it, EXTERNAL otherwise.
 *
 * An event the provider cancelled or deleted cancels its meeting (`cancelledAt`); the meeting, its
 * notes and tasks stay.
 *
 * Edited on both sides: a meeting changed in Meridian since the sync last wrote or saw it
 * (`updated_at` after its link's `last_seen_at`) keeps our version when that change is newer than
 * the provider's `updated_at`; otherwise the provider's version is written over it.
 */
import { EntityType, type MeetingParticipantRole } from '@meridian/domain';
import type { NormalizedMeeting } from '@meridian/connectors';
import type { MeetingColumns, MeetingDraft, MeetingParticipantDraft } from '../../../practice/meetings/index.js';
import type { LinkRow } from '../external-links.repository.js';
import { contentHash } from './content-hash.js';
import type { KindWritten, RecordKindWriter } from './record-kind-writer.js';
import type { SyncPage, SyncPageScope } from './sync-page.js';

const isMeetingLink = (link: LinkRow) => link.entityType === EntityType.meeting;

/** What a synced event without a title is called. */
export const UNTITLED_EVENT = '(No title)';

interface Organizer {
  teamId: string;
  teamMemberId: string;
  email: string;
  name: string;
}

interface Person {
  role: Exclude<MeetingParticipantRole, 'EXTERNAL'>;
  id: string;
  name: string;
  householdId: string | null;
}

/**
 * The connection's team and the team member whose calendar it is: the member of the owner team who
 * is the owner professional's user, else the one whose account has the calendar's address. Null
 * when the connection names no team or no such member.
 */
async function organizerOf(scope: SyncPageScope): Promise<Organizer | null> {
  const [row] = await scope.sql.query<{
    teamId: string | null;
    teamMemberId: string | null;
    email: string | null;
    name: string | null;
  }>(
    `SELECT c.owner_team_id AS "teamId", member.id AS "teamMemberId", member.email, member.name
       FROM connections c
       LEFT JOIN professionals p ON p.organization_id = c.organization_id AND p.id = c.owner_professional_id
       LEFT JOIN LATERAL (
         SELECT tm.id, u.email, u.name FROM team_members tm
           JOIN users u ON u.organization_id = tm.organization_id AND u.id = tm.user_id
          WHERE tm.organization_id = c.organization_id AND tm.team_id = c.owner_team_id
            AND (u.id = p.user_id OR lower(u.email) = lower(c.display_name))
          ORDER BY COALESCE(u.id = p.user_id, false) DESC, tm.created_at, tm.id
          LIMIT 1) member ON true
      WHERE c.organization_id = $1 AND c.id = $2`,
    scope.organizationId,
    scope.connectionId,
  );
  if (!row?.teamId || !row.teamMemberId || !row.email) return null;
  return { teamId: row.teamId, teamMemberId: row.teamMemberId, email: row.email.toLowerCase(), name: row.name ?? '' };
}

/**
 * The contacts and team members these (lower-cased) addresses belong to, in two queries. Of several
 * contacts with one address, one of the connection's team first, then one whose primary address
 * it is, then the oldest; of several team members, the one in the connection's team first.
 */
async function peopleOf(
  scope: SyncPageScope,
  emails: readonly string[],
  teamId: string,
): Promise<{ contacts: Map<string, Person>; members: Map<string, Person> }> {
  const contacts = new Map<string, Person>();
  const members = new Map<string, Person>();
  if (emails.length === 0) return { contacts, members };
  const contactRows = await scope.sql.query<{
    email: string;
    id: string;
    name: string;
    householdId: string | null;
  }>(
    `SELECT DISTINCT ON (lower(e.email)) lower(e.email) AS email, c.id,
            trim(COALESCE(NULLIF(c.preferred_name, ''), c.first_name) || ' ' || c.last_name) AS name,
            c.household_id AS "householdId"
       FROM contact_emails e
       JOIN contacts c ON c.organization_id = e.organization_id AND c.id = e.contact_id
      WHERE e.organization_id = $1 AND lower(e.email) = ANY($2::text[]) AND c.deleted_at IS NULL
      ORDER BY lower(e.email), (c.team_id = $3) DESC, e.is_primary DESC, c.created_at, c.id`,
    scope.organizationId,
    [...emails],
    teamId,
  );
  for (const row of contactRows) contacts.set(row.email, { role: 'CONTACT', ...row });
  const memberRows = await scope.sql.query<{ email: string; id: string; name: string }>(
    `SELECT DISTINCT ON (lower(u.email)) lower(u.email) AS email, tm.id, u.name
       FROM team_members tm
       JOIN users u ON u.organization_id = tm.organization_id AND u.id = tm.user_id
      WHERE tm.organization_id = $1 AND lower(u.email) = ANY($2::text[])
      ORDER BY lower(u.email), (tm.team_id = $3) DESC, tm.created_at, tm.id`,
    scope.organizationId,
    [...emails],
    teamId,
  );
  for (const row of memberRows) members.set(row.email, { role: 'TEAM_MEMBER', householdId: null, ...row });
  return { contacts, members };
}

/** A meeting already written, as the conflict rule needs it. */
interface Stored {
  id: string;
  updatedAt: Date;
  /** When the sync last wrote or saw it through its link; null for a meeting not synced yet. */
  lastSeenAt: Date | null;
}

/**
 * The meetings the page's records already are: through their links, or for an event without a link
 * yet, the meeting Meridian wrote to this calendar (its `meridian` metadata, or the connection's
 * event id a booking stored). Keyed by provider id.
 */
async function storedMeetings(page: SyncPage, meetings: readonly NormalizedMeeting[]): Promise<Map<string, Stored>> {
  const { scope, links } = page;
  const found = new Map<string, Stored>();
  const linked = links.pick(
    meetings.map((record) => record.sourceId),
    isMeetingLink,
  );
  if (linked.length > 0) {
    const rows = await scope.sql.query<{ sourceId: string; id: string; updatedAt: Date; lastSeenAt: Date | null }>(
      `SELECT l.source_id AS "sourceId", m.id, m.updated_at AS "updatedAt", l.last_seen_at AS "lastSeenAt"
         FROM external_links l
         JOIN meetings m ON m.organization_id = l.organization_id AND m.id = l.entity_id
        WHERE l.organization_id = $1 AND l.id = ANY($2::text[])`,
      scope.organizationId,
      linked.map((link) => link.id),
    );
    for (const { sourceId, ...row } of rows) found.set(sourceId, row);
  }
  const unlinked = meetings.filter((record) => links.get(record.sourceId) === undefined);
  if (unlinked.length > 0) {
    const rows = await scope.sql.query<{ id: string; eventId: string | null; updatedAt: Date }>(
      `SELECT id, event_id AS "eventId", updated_at AS "updatedAt" FROM meetings
        WHERE organization_id = $1
          AND (id = ANY($2::text[]) OR (connection_id = $3 AND event_id = ANY($4::text[])))`,
      scope.organizationId,
      unlinked.flatMap((record) => (record.meridianMeetingId === null ? [] : [record.meridianMeetingId])),
      scope.connectionId,
      unlinked.map((record) => record.sourceId),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const byEvent = new Map(rows.flatMap((row) => (row.eventId === null ? [] : [[row.eventId, row] as const])));
    for (const record of unlinked) {
      const row =
        (record.meridianMeetingId === null ? undefined : byId.get(record.meridianMeetingId)) ??
        byEvent.get(record.sourceId);
      if (row) found.set(record.sourceId, { id: row.id, updatedAt: row.updatedAt, lastSeenAt: null });
    }
  }
  return found;
}

/** What a sync's meetings grow, and what its next pages look up in. */
const SYNCED_TABLES = ['meetings', 'meeting_participants', 'external_links'] as const;

/**
 * Refreshes the statistics of the synced tables when this page alone wrote more meetings than the
 * table held when last analysed (never, for a calendar's first sync into a young database).
 *
 * Why: a first sync grows `meetings` from nothing. A plan chosen while the table looked empty
 * (above all the foreign-key check of each participant inserted, which PostgreSQL plans once per
 * connection and keeps) reads `meetings` by an index on `organization_id` alone, so every check
 * walks all of the organization's meetings and each page is slower than the last (10,000 events:
 * about 30 s, four fifths of it in the participants' INSERTs; with this, 7 to 9 s; the ANALYZE
 * itself, 8 ms). Statistics that say the table holds one organization put those plans back on the
 * unique (organization, id) index; ANALYZE invalidates the kept plans. Where autovacuum has
 * analysed the table since, nothing is done. ANALYZE samples the rows this transaction wrote too;
 * a concurrent ANALYZE of the same tables waits for this page's commit (a young database's only).
 */
async function refreshStaleStatistics(scope: SyncPageScope, created: number): Promise<void> {
  if (created === 0) return;
  const [table] = await scope.sql.query<{ tuples: number }>(
    `SELECT reltuples::float8 AS tuples FROM pg_class WHERE oid = 'meetings'::regclass`,
  );
  if (table && table.tuples >= created) return;
  // Constant table names.
  await scope.sql.execute(`ANALYZE ${SYNCED_TABLES.join(', ')}`);
}

/** Ours is kept when it was changed in Meridian since the sync last saw it, after the provider's change. */
function keepsOurs(stored: Stored, record: NormalizedMeeting): boolean {
  const editedHere = stored.lastSeenAt !== null && stored.updatedAt.getTime() > stored.lastSeenAt.getTime();
  return (
    editedHere && record.providerUpdatedAt !== null && stored.updatedAt.getTime() > record.providerUpdatedAt.getTime()
  );
}

export const meetingWriter: RecordKindWriter<'meeting'> = {
  owns: isMeetingLink,

  references: () => [],

  async write(page, meetings) {
    const result: KindWritten = { counts: { created: 0, updated: 0, unchanged: 0 }, failures: [], seen: [] };
    if (meetings.length === 0) return result;
    const { scope, links } = page;
    const organizer = await organizerOf(scope);
    if (organizer === null) {
      result.failures.push(
        ...meetings.map((record) => ({
          sourceId: record.sourceId,
          reason: 'NO_ORGANIZER',
          message: 'The calendar connection has no team member of its team to organize its meetings',
          payload: record,
        })),
      );
      return result;
    }
    const emails = new Set<string>();
    for (const record of meetings) for (const participant of record.participants) emails.add(participant.email);
    const people = await peopleOf(scope, [...emails], organizer.teamId);
    const stored = await storedMeetings(page, meetings);

    const participantsOf = (record: NormalizedMeeting): MeetingParticipantDraft[] => [
      // The calendar's owner first: a participant's address is unique in its meeting.
      {
        role: 'TEAM_MEMBER',
        email: organizer.email,
        name: organizer.name,
        contactId: null,
        teamMemberId: organizer.teamMemberId,
      },
      ...record.participants.map((participant): MeetingParticipantDraft => {
        const person = people.contacts.get(participant.email) ?? people.members.get(participant.email);
        return {
          role: person?.role ?? 'EXTERNAL',
          email: participant.email,
          name: participant.name ?? person?.name ?? participant.email,
          contactId: person?.role === 'CONTACT' ? person.id : null,
          teamMemberId: person?.role === 'TEAM_MEMBER' ? person.id : null,
        };
      }),
    ];
    const householdOf = (record: NormalizedMeeting) =>
      record.participants.map((participant) => people.contacts.get(participant.email)?.householdId).find(Boolean) ??
      null;
    // What the event sets of its meeting, on a create and on every change.
    const columnsOf = (record: NormalizedMeeting) => ({
      connectionId: scope.connectionId,
      organizerTeamMemberId: organizer.teamMemberId,
      title: record.title ?? UNTITLED_EVENT,
      message: record.description ?? '',
      type: 'SYNC' as const,
      location: record.location,
      startTime: record.start,
      durationMinutes: record.durationMinutes,
      timeZone: record.timeZone ?? 'UTC',
      eventId: record.sourceId,
    });

    // What a change at the provider rewrites of a meeting that exists. Its team, organizer and type
    // stay (a meeting booked in Meridian and written to the calendar keeps its own), and so do its
    // message and location when the event has none (an in-person meeting needs its location).
    const changedColumns = (record: NormalizedMeeting, household: string | null): MeetingColumns => ({
      connectionId: scope.connectionId,
      title: record.title ?? UNTITLED_EVENT,
      ...(record.description === null ? {} : { message: record.description }),
      ...(record.location === null ? {} : { location: record.location }),
      startTime: record.start,
      durationMinutes: record.durationMinutes,
      ...(record.timeZone === null ? {} : { timeZone: record.timeZone }),
      eventId: record.sourceId,
      cancelledAt: null,
      ...(household === null ? {} : { householdId: household }),
    });

    const creates: { record: NormalizedMeeting; draft: MeetingDraft; hash: string }[] = [];
    const updates: { id: string; fields: MeetingColumns; participants: MeetingParticipantDraft[] }[] = [];
    const touched: { link: LinkRow; contentHash: string; entityId?: string }[] = [];
    const linkedNow: { sourceId: string; entityType: string; entityId: string; contentHash: string }[] = [];
    for (const record of meetings) {
      const link = links.get(record.sourceId);
      if (link && !isMeetingLink(link)) {
        result.failures.push({
          sourceId: record.sourceId,
          reason: 'CONFLICT',
          message: `Provider id ${record.sourceId} is already linked to a ${link.entityType}, not a meeting`,
          payload: record,
        });
        continue;
      }
      const hash = contentHash(record);
      const meeting = stored.get(record.sourceId);
      if (!meeting) {
        creates.push({
          record,
          hash,
          draft: {
            ...columnsOf(record),
            teamId: organizer.teamId,
            householdId: householdOf(record),
            templateId: null,
            bookingId: null,
            configId: null,
            confirmedAt: scope.now,
            participants: participantsOf(record),
          },
        });
        continue;
      }
      result.seen.push(meeting.id);
      if (link && link.contentHash === hash && link.entityId === meeting.id) {
        touched.push({ link, contentHash: hash });
        result.counts.unchanged += 1;
        continue;
      }
      if (link && keepsOurs(meeting, record)) {
        // Edited here after the provider's change: ours stays; the provider's version is known.
        touched.push({ link, contentHash: hash });
        result.counts.unchanged += 1;
        continue;
      }
      const household = householdOf(record);
      updates.push({ id: meeting.id, fields: changedColumns(record, household), participants: participantsOf(record) });
      if (link) touched.push({ link, contentHash: hash, entityId: meeting.id });
      else
        linkedNow.push({
          sourceId: record.sourceId,
          entityType: EntityType.meeting,
          entityId: meeting.id,
          contentHash: hash,
        });
      result.counts.updated += 1;
    }

    const ids = await page.meetings.upsertSynced(scope, {
      create: creates.map((entry) => entry.draft),
      update: updates,
    });
    const fresh = creates.map((entry, index) => ({ ...entry, id: ids[index]! }));
    for (const { record, hash, id } of fresh) {
      const link = links.get(record.sourceId);
      // A link whose meeting is gone (deleted here) is pointed at the meeting made again.
      if (link) touched.push({ link, contentHash: hash, entityId: id });
      else
        linkedNow.push({ sourceId: record.sourceId, entityType: EntityType.meeting, entityId: id, contentHash: hash });
      result.seen.push(id);
    }
    result.counts.created += fresh.length;
    await links.create(linkedNow);
    await links.touch(touched);
    await refreshStaleStatistics(scope, fresh.length);

    page.changes.push(
      ...fresh.map(({ id, draft }) => ({
        action: 'CREATE' as const,
        entityType: EntityType.meeting,
        entityId: id,
        after: { name: draft.title },
      })),
      ...updates.map(({ id, fields }) => ({
        action: 'UPDATE' as const,
        entityType: EntityType.meeting,
        entityId: id,
        before: {},
        after: { name: fields.title },
      })),
    );
    return result;
  },

  /**
   * Cancels the meetings of events the provider cancelled or deleted (those not cancelled yet);
   * their links stay, without a hash, so an event restored later is written again.
   */
  async remove(page, sourceIds) {
    const linked = page.links.pick(sourceIds, isMeetingLink);
    if (linked.length === 0) return 0;
    const { scope } = page;
    const open = await scope.sql.query<{ id: string; title: string }>(
      `SELECT id, title FROM meetings
        WHERE organization_id = $1 AND id = ANY($2::text[]) AND cancelled_at IS NULL`,
      scope.organizationId,
      linked.map((link) => link.entityId),
    );
    await page.meetings.update(
      scope,
      open.map((meeting) => ({ id: meeting.id, fields: { cancelledAt: scope.now } })),
    );
    await page.links.touch(linked.map((link) => ({ link, contentHash: null })));
    page.changes.push(
      ...open.map((meeting) => ({
        action: 'UPDATE' as const,
        entityType: EntityType.meeting,
        entityId: meeting.id,
        before: { name: meeting.title },
        after: { name: meeting.title, cancelled: true },
      })),
    );
    return open.length;
  },
};
