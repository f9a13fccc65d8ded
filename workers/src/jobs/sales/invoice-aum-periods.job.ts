import { Inject, Injectable } from '@nestjs/common';
import { AumInvoicingService } from '@meridian/api';
import type { JobPayload } from '@meridian/domain';
import type { JobHandler } from '../../job-registry.js';

/** Every day at 06:00 UTC: the AUM fee of every billing period that ended, invoiced once. */
export const AUM_INVOICING_CRON = '0 6 * * *';

@Injectable()
export class InvoiceAumPeriodsJob implements JobHandler<'billing.invoice-aum-periods'> {
  readonly jobName = 'billing.invoice-aum-periods' as const;

  constructor(@Inject(AumInvoicingService) private readonly invoicing: AumInvoicingService) {}

  async handle(payload: JobPayload<'billing.invoice-aum-periods'>): Promise<void> {
    await this.invoicing.run(payload.date);
  }
}
