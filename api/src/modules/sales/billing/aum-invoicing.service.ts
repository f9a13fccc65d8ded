import { Injectable } from '@nestjs/common';

/** Invoices the AUM fee of every billing period that has ended (the next commit fills it in). */
@Injectable()
export class AumInvoicingService {
  async run(_date?: string): Promise<void> {}
}
