import { Inject, Injectable } from '@nestjs/common';
import { preparedName } from './prepared-statements.js';
import { SystemPrisma } from './prisma.service.js';

/**
 * Runs a registered prepared statement (prepared-statements.ts) that answers one row of one text
 * column, a JSON document, on Prisma's own connections but without Prisma's pipeline. A raw query
 * through Prisma costs the API about 0.2 ms of CPU beyond node-postgres's own work (its request,
 * argument and result mapping, tracing spans), as much as PostgreSQL takes to run a household's
 * whole read; for the reads every page of a household pays, that is worth skipping.
 *
 * The contract is narrow on purpose: a document is text, which node-postgres and Prisma read
 * alike, so nothing depends on how either maps dates, numerics or arrays. Parameters go as
 * node-postgres sends them: strings, numbers, booleans, null, arrays of strings (a date is sent
 * as its ISO text by the caller, never as a Date, which node-postgres writes in local time).
 *
 * Like every raw statement it is not tenant-scoped: the statement names its organization, and
 * the team scope where the table is a team's (see tenant-scope.ts for what the tenant client does).
 */
@Injectable()
export class PreparedDocuments {
  constructor(@Inject(SystemPrisma) private readonly prisma: SystemPrisma) {}

  /** The document of `sql` run with `values`; null when the statement answers no row or a null. */
  async read(sql: string, values: readonly unknown[]): Promise<string | null> {
    const name = preparedName(sql);
    if (name === undefined) throw new Error('Only a statement registered as prepared is read as a document');
    const { rows } = await this.prisma.pool.query<[string | null]>({
      name,
      text: sql,
      values: [...values],
      rowMode: 'array',
    });
    return rows[0]?.[0] ?? null;
  }
}
