import { Injectable } from '@nestjs/common';
import { EntityType, messageText, newId } from '@meridian/domain';
import type { SyncedEmailThread } from '@meridian/connectors';
import { jsonRows } from '../../../common/persistence/sql.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';

/** What an update of one page of threads changed. */
export interface EmailThreadsWritten {
  /** Threads seen for the first time. */
  created: number;
  /** Threads kept before, their summaries now refreshed. */
  updated: number;
  /** Links of a thread to a contact made by this page. */
  linked: number;
}

/**
 * The one writer of `email_threads` and `email_thread_contacts`. A page of threads read from a
 * mailbox is written in two statements whatever its size: the threads upserted by their id at
 * Nylas within their connection (so an update run again finds the same rows, never duplicates),
 * then their links to the organization's contacts (not deleted) with an e-mail among the thread's
 * participants, made where missing and removed where the contact's address is no longer there.
 * Nothing of a message's body reaches these tables.
 */
@Injectable()
export class EmailThreadsWriter {
  async writePage(
    scope: WriteScope,
    connectionId: string,
    threads: readonly SyncedEmailThread[],
  ): Promise<EmailThreadsWritten> {
    const bySource = new Map(threads.map((thread) => [thread.sourceId, thread]));
    if (bySource.size === 0) return { created: 0, updated: 0, linked: 0 };
    const rows = [...bySource.values()].map((thread) => ({
      id: newId(EntityType.emailThread),
      provider_thread_id: thread.sourceId,
      subject: thread.subject,
      // Read as text: a snippet may hold the message's character references (`&mdash;`).
      snippet: thread.snippet === null ? null : messageText(thread.snippet) || null,
      participants: thread.participants,
      last_message_at: thread.latestMessageAt?.toISOString() ?? null,
      unread: thread.unread,
      message_ids: thread.messageIds,
      message_count: thread.messageIds.length,
    }));
    // `xmax = 0` tells a row inserted by this statement from one it updated.
    const written = await scope.sql.query<{ id: string; inserted: boolean }>(
      `INSERT INTO email_threads (id, organization_id, connection_id, provider_thread_id, subject, snippet,
           participants, last_message_at, unread, message_ids, message_count, created_at, updated_at)
       SELECT r.id, $1, $2, r.provider_thread_id, r.subject, r.snippet, r.participants, r.last_message_at,
           r.unread, r.message_ids, r.message_count, $3, $3
         FROM jsonb_to_recordset($4::jsonb) AS r(id text, provider_thread_id text, subject text, snippet text,
           participants jsonb, last_message_at timestamptz, unread boolean, message_ids text[], message_count integer)
       ON CONFLICT (organization_id, connection_id, provider_thread_id) DO UPDATE SET
           subject = EXCLUDED.subject, snippet = EXCLUDED.snippet, participants = EXCLUDED.participants,
           last_message_at = EXCLUDED.last_message_at, unread = EXCLUDED.unread,
           message_ids = EXCLUDED.message_ids, message_count = EXCLUDED.message_count,
           updated_at = EXCLUDED.updated_at
       RETURNING id, (xmax = 0) AS inserted`,
      scope.organizationId,
      connectionId,
      scope.now,
      jsonRows(rows),
    );
    const threadIds = written.map((row) => row.id);
    const linked = await scope.sql.execute(
      `INSERT INTO email_thread_contacts (organization_id, thread_id, contact_id, created_at)
       SELECT DISTINCT t.organization_id, t.id, e.contact_id, $3::timestamptz
         FROM email_threads t
         CROSS JOIN LATERAL jsonb_array_elements(t.participants) AS p(participant)
         JOIN contact_emails e ON e.organization_id = t.organization_id
              AND lower(e.email) = lower(p.participant->>'email')
         JOIN contacts c ON c.organization_id = e.organization_id AND c.id = e.contact_id AND c.deleted_at IS NULL
        WHERE t.organization_id = $1 AND t.id = ANY($2::text[])
       ON CONFLICT (thread_id, contact_id) DO NOTHING`,
      scope.organizationId,
      threadIds,
      scope.now,
    );
    await scope.sql.execute(
      `DELETE FROM email_thread_contacts l
        WHERE l.organization_id = $1 AND l.thread_id = ANY($2::text[])
          AND NOT EXISTS (
            SELECT 1 FROM email_threads t
              CROSS JOIN LATERAL jsonb_array_elements(t.participants) AS p(participant)
              JOIN contact_emails e ON e.organization_id = t.organization_id
                   AND lower(e.email) = lower(p.participant->>'email')
             WHERE t.organization_id = l.organization_id AND t.id = l.thread_id AND e.contact_id = l.contact_id)`,
      scope.organizationId,
      threadIds,
    );
    const created = written.filter((row) => row.inserted).length;
    return { created, updated: written.length - created, linked };
  }
}
