import { Inject, Injectable } from '@nestjs/common';
import { EntityType, FxConverter, newId, type CurrencyCode, type PutFxRate, type StoredFxRate } from '@meridian/domain';
import { AuditService } from '../../platform/audit/index.js';

import { FxRatesRepository } from './fx-rates.repository.js';

/** Exchange rates by day, per organization, and conversions with them (never a silent 1:1). */
@Injectable()
export class FxRatesService {
  constructor(
    @Inject(FxRatesRepository) private readonly rates: FxRatesRepository,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  /** Sets the rate of a pair on a day, replacing that day's rate if there is one (ADMIN only). */
  async put(input: PutFxRate): Promise<StoredFxRate> {
    const date = new Date(`${input.date}T00:00:00Z`);
    const source = input.source ?? null;
    return this.rates.transaction(async (tx) => {
      const before = await this.rates.findForDay(tx, { date, base: input.base, quote: input.quote });
      const after = before
        ? await this.rates.update(tx, before.id, { rate: input.rate, source })
        : await this.rates.create(tx, newId(EntityType.fxRate), { ...input, date, source });
      await this.audit.record(tx, {
        action: before ? 'UPDATE' : 'CREATE',
        entityType: EntityType.fxRate,
        entityId: after.id,
        before: before ?? undefined,
        after,
      });
      return after;
    });
  }

  list(filter: { base?: CurrencyCode; quote?: CurrencyCode }): Promise<StoredFxRate[]> {
    return this.rates.list(filter);
  }

  /** A converter to `target` with the latest rates on or before `valuationDate`. */
  async converter(target: CurrencyCode, valuationDate: Date): Promise<FxConverter> {
    return new FxConverter(target, await this.rates.latestPerPair(valuationDate));
  }
}
