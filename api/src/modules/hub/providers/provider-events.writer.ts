import { Injectable } from '@nestjs/common';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';

/** A provider's event as its webhook delivered it, verified. */
export interface ReceivedProviderEvent {
  organizationId: string;
  connectionId: string;
  /** The provider's event id (Stripe's `evt_…`). */
  externalEventId: string;
  type: string;
  payload: unknown;
}

/**
 * The one writer of `provider_events` (hub/providers owns the table): the providers' webhooks
 * store the events they verified, and the module that applies an event (the billing, for
 * Stripe's) marks it applied through `markApplied`, in the transaction that applies it.
 */
@Injectable()
export class ProviderEventsWriter {
  /** Stores an event once per connection; false when the connection already has it (a replay). */
  async store(tx: TenantTransaction, event: ReceivedProviderEvent): Promise<boolean> {
    const { count } = await tx.providerEvent.createMany({
      data: [
        {
          organizationId: event.organizationId,
          connectionId: event.connectionId,
          externalEventId: event.externalEventId,
          type: event.type,
          payload: event.payload as Prisma.InputJsonValue,
        },
      ],
      skipDuplicates: true,
    });
    return count === 1;
  }

  /** The event is applied (at the scope's time); false when it was already, or is not there. */
  async markApplied(scope: WriteScope, connectionId: string, externalEventId: string): Promise<boolean> {
    const rows = await scope.sql.query<{ applied: boolean }>(
      `UPDATE provider_events SET applied_at = $4
        WHERE organization_id = $1 AND connection_id = $2 AND external_event_id = $3 AND applied_at IS NULL
        RETURNING true AS applied`,
      scope.organizationId,
      connectionId,
      externalEventId,
      scope.now,
    );
    return rows.length === 1;
  }
}
