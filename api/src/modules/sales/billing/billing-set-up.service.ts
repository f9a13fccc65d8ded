import { Injectable } from '@nestjs/common';

/** Sets a PENDING service up at the payment provider (the next commit fills it in). */
@Injectable()
export class BillingSetUpService {
  async setUp(_organizationId: string, _householdServiceId: string): Promise<void> {}
}
