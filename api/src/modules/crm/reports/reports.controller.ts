import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { contactReportQuerySchema, householdReportQuerySchema, reportSchema } from '@meridian/domain';
import { z } from 'zod';
import { ApiRoute, ValidQuery } from '../../../common/http/api-route.js';
import { ReportsService } from './reports.service.js';

const TAGS = ['reports'];
const csvSchema = z.string().describe('text/csv: a header line of column labels, then one line per row');

@Controller('reports')
export class ReportsController {
  constructor(@Inject(ReportsService) private readonly reports: ReportsService) {}

  @Get('contacts')
  @ApiRoute({
    permission: 'CRM_READ',
    summary:
      'Contacts report (crm §3 columns, incl. days since last contact and meeting): chosen columns, sort, paging',
    tags: TAGS,
    query: contactReportQuerySchema,
    response: reportSchema,
    errors: [404],
  })
  contacts(@ValidQuery() query: z.output<typeof contactReportQuerySchema>) {
    return this.reports.page('contacts', query);
  }

  @Get('contacts/csv')
  @ApiRoute({
    permission: 'CRM_READ',
    summary: 'The contacts report as a CSV download: the same columns and sort, every row',
    tags: TAGS,
    query: contactReportQuerySchema,
    response: csvSchema,
    errors: [404],
  })
  contactsCsv(
    @ValidQuery() query: z.output<typeof contactReportQuerySchema>,
    @Res() response: Response,
  ): Promise<void> {
    return this.send(response, 'contacts', this.reports.csv('contacts', query));
  }

  @Get('households')
  @ApiRoute({
    permission: 'CRM_READ',
    summary: 'Households report (crm §3 columns, incl. days since last KYC update, contact and meeting)',
    tags: TAGS,
    query: householdReportQuerySchema,
    response: reportSchema,
    errors: [404],
  })
  households(@ValidQuery() query: z.output<typeof householdReportQuerySchema>) {
    return this.reports.page('households', query);
  }

  @Get('households/csv')
  @ApiRoute({
    permission: 'CRM_READ',
    summary: 'The households report as a CSV download: the same columns and sort, every row',
    tags: TAGS,
    query: householdReportQuerySchema,
    response: csvSchema,
    errors: [404],
  })
  householdsCsv(
    @ValidQuery() query: z.output<typeof householdReportQuerySchema>,
    @Res() response: Response,
  ): Promise<void> {
    return this.send(response, 'households', this.reports.csv('households', query));
  }

  /**
   * Streams the lines; the first one is awaited before any header is sent, so a refused request
   * (an unknown team) still answers with the usual JSON error.
   */
  private async send(response: Response, name: string, lines: AsyncGenerator<string>): Promise<void> {
    const first = await lines.next();
    const date = new Date().toISOString().slice(0, 10);
    response.status(200);
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="${name}-report-${date}.csv"`);
    if (!first.done) response.write(first.value);
    for await (const line of lines) response.write(line);
    response.end();
  }
}
