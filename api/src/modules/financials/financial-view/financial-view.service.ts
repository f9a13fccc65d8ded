import { Inject, Injectable } from '@nestjs/common';
import {
  ACCOUNT_GROUP_LABELS,
  FINANCIAL_SNAPSHOT_GROUP_LABELS,
  Money,
  SNAPSHOT_GROUP_BY_ACCOUNT_GROUP,
  summariseFinancialView,
  toIsoDate,
  type CurrencyCode,
  type FinancialView,
} from '@meridian/domain';
import { FinancialRecordsService } from '../financial-records/index.js';

/**
 * The household's financial view: totals by snapshot group (savings and investments, property and
 * real assets, total debt), net worth, and each record in its own and the requested currency.
 */
@Injectable()
export class FinancialViewService {
  constructor(@Inject(FinancialRecordsService) private readonly records: FinancialRecordsService) {}

  async view(householdId: string, currency: CurrencyCode): Promise<FinancialView> {
    const valuationDate = this.records.today();
    const { household, records, converter, parties } = await this.records.householdRecords(
      householdId,
      currency,
      valuationDate,
    );
    const totals = summariseFinancialView(
      records.map((record) => ({
        accountGroup: record.accountGroup,
        converted: record.converted ? Money.fromJSON(record.converted) : null,
      })),
      currency,
    );
    const valueCurrencies = records.flatMap((record) => (record.value ? [record.value.currency] : []));
    return {
      householdId,
      householdName: household.name,
      currency,
      valuationDate: toIsoDate(valuationDate),
      totalAssets: totals.totalAssets.toJSON(),
      totalDebt: totals.totalDebt.toJSON(),
      netWorth: totals.netWorth.toJSON(),
      snapshotGroups: totals.snapshotGroups.map(({ group, total }) => ({
        group,
        label: FINANCIAL_SNAPSHOT_GROUP_LABELS[group],
        total: total.toJSON(),
      })),
      accountGroups: totals.accountGroups.map(({ group, total }) => ({
        group,
        label: ACCOUNT_GROUP_LABELS[group],
        side: SNAPSHOT_GROUP_BY_ACCOUNT_GROUP[group] === 'TOTAL_DEBT' ? 'LIABILITY' : 'ASSET',
        snapshotGroup: SNAPSHOT_GROUP_BY_ACCOUNT_GROUP[group],
        total: total.toJSON(),
        recordIds: records.filter((record) => record.accountGroup === group).map((record) => record.id),
      })),
      records,
      ratesUsed: converter!.ratesUsed(valueCurrencies),
      parties: parties.map(({ id, kind, name }) => ({ id, kind, name })),
    };
  }
}
