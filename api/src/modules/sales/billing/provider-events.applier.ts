import { Injectable } from '@nestjs/common';

/** Applies one stored provider event to its invoice and service (the next commit fills it in). */
@Injectable()
export class ProviderEventsApplier {
  async apply(_organizationId: string, _connectionId: string, _externalEventId: string): Promise<void> {}
}
