import { Injectable } from '@nestjs/common';
import type { ConnectorPage } from '@meridian/connectors';
import type { SyncCounts } from '@meridian/domain';

export interface SyncRunRef {
  organizationId: string;
  syncRunId: string;
  connectionId: string;
}

/**
 * Writes one connector page in one database transaction together with the new cursor: upserts
 * through external links, per-record errors, the run's counts and cursorAfter, the connection's
 * syncCursor. A crash before the commit leaves nothing; after it, the next attempt resumes from
 * the saved cursor.
 */
@Injectable()
export class SyncPageWriter {
  /**
   * `written: false` (and nothing written) when the run is no longer RUNNING (cancelled meanwhile).
   * `counts` are this page's counts.
   */
  writePage(run: SyncRunRef, page: ConnectorPage): Promise<{ written: boolean; counts: SyncCounts }> {
    void run;
    void page;
    throw new Error('not implemented yet');
  }
}
