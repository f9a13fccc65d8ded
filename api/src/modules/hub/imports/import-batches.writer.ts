import { Injectable } from '@nestjs/common';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';

/** The writes of import batches that other modules need; the import flow's own are this module's services. */
@Injectable()
export class ImportBatchesWriter {
  /**
   * A connection is being removed: its batches (and those of its runs) lose the link to it and to
   * the run, and keep their rows and report.
   */
  async detachConnection(tx: TenantTransaction, connectionId: string): Promise<void> {
    await tx.importBatch.updateMany({
      where: { OR: [{ connectionId }, { syncRun: { connectionId } }] },
      data: { connectionId: null, syncRunId: null },
    });
  }
}
