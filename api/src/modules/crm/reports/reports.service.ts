import { Inject, Injectable } from '@nestjs/common';
import {
  CONTACT_REPORT_COLUMNS,
  HOUSEHOLD_REPORT_COLUMNS,
  notFound,
  type Clock,
  type ContactReportQuery,
  type HouseholdReportQuery,
  type ReportResponse,
  reportCellText,
} from '@meridian/domain';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { csvLine } from './csv.js';
import { ReportsRepository, type ReportPage } from './reports.repository.js';

export const REPORTS_CLOCK = Symbol('REPORTS_CLOCK');

/** Rows per statement when a whole report is exported. */
const EXPORT_BATCH = 1000;

type Kind = 'contacts' | 'households';
type Query = ContactReportQuery | HouseholdReportQuery;

const LABELS: Record<Kind, Record<string, string>> = {
  contacts: CONTACT_REPORT_COLUMNS,
  households: HOUSEHOLD_REPORT_COLUMNS,
};

/** The contact and household reports of crm §3: chosen columns, sort and paging, or all rows as CSV. */
@Injectable()
export class ReportsService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(ReportsRepository) private readonly reports: ReportsRepository,
    @Inject(REPORTS_CLOCK) private readonly clock: Clock,
  ) {}

  async page(kind: Kind, query: Query): Promise<ReportResponse> {
    await this.checkTeam(query.teamId);
    const { rows, total } = await this.fetch(kind, query, this.clock(), query.limit, (query.page - 1) * query.limit);
    return {
      columns: query.columns.map((key) => ({ key, label: LABELS[kind][key]! })),
      rows: rows.map((row) => ({
        id: row.id,
        values: Object.fromEntries(query.columns.map((key) => [key, row[key] ?? null])),
      })),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  /** Every row of the report (paging ignored), as CSV lines: a header of labels, then one line per row. */
  async *csv(kind: Kind, query: Query): AsyncGenerator<string> {
    await this.checkTeam(query.teamId);
    const now = this.clock();
    yield csvLine(query.columns.map((key) => LABELS[kind][key]!));
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const { rows } = await this.fetch(kind, query, now, EXPORT_BATCH, offset);
      // Read by people: an enumeration's value by its label ('Client', not CLIENT).
      for (const row of rows) yield csvLine(query.columns.map((key) => reportCellText(kind, key, row[key] ?? null)));
      if (rows.length < EXPORT_BATCH) return;
    }
  }

  private fetch(kind: Kind, query: Query, now: Date, limit: number, offset: number) {
    const page: ReportPage = { now, teamId: query.teamId, sort: query.sort, order: query.order, limit, offset };
    return kind === 'contacts' ? this.reports.contacts(page) : this.reports.households(page);
  }

  private async checkTeam(teamId: string | undefined): Promise<void> {
    if (teamId && (await this.prisma.team.count({ where: { id: teamId } })) === 0) throw notFound('Team');
  }
}
