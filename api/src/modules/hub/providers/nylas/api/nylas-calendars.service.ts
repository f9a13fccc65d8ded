import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { ConnectorError } from '@meridian/connectors';
import { DomainError, ErrorCode, type ReferenceUse } from '@meridian/domain';
import { LOGGER } from '../../../../../common/logging/logger.js';
import { currentOrganizationId } from '../../../../../common/tenancy/request-context.js';
import { EntityResolver } from '../../../../platform/entity-resolver/index.js';
import { ConnectionsWriter } from '../../../sync/index.js';
import { NylasClients } from '../nylas-clients.js';
import { NylasConnectionsRepository } from './nylas-connections.repository.js';
import { toView } from './nylas-connection.service.js';
import type { TeamNylasCalendars } from './nylas.schemas.js';

const CALENDARS_TEAM: ReferenceUse = { kinds: ['TEAM'], notFoundAs: 'Team' };

/** What a connection whose login expired says instead of its calendars. */
export function reauthSentence(email: string | null): string {
  return `The calendar connection of ${email ?? 'this account'} has expired: connect the calendar again`;
}

/**
 * `GET /meetings/nylas-calendars/by-team/{teamId}`: the calendars of the team's Nylas connections,
 * read from Nylas. A connection whose grant expired is marked for re-authentication and says so
 * in a sentence instead of failing the whole answer; Nylas unreachable (or rate-limiting) is 502.
 */
@Injectable()
export class NylasCalendarsService {
  constructor(
    @Inject(NylasClients) private readonly clients: NylasClients,
    @Inject(NylasConnectionsRepository) private readonly repository: NylasConnectionsRepository,
    @Inject(EntityResolver) private readonly entities: EntityResolver,
    @Inject(ConnectionsWriter) private readonly writer: ConnectionsWriter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async ofTeam(teamId: string): Promise<TeamNylasCalendars> {
    const client = this.clients.client();
    await this.entities.requireOne(teamId, CALENDARS_TEAM, 'teamId');
    const organizationId = currentOrganizationId();
    const connections = await this.repository.ofTeam(teamId);
    const answers: TeamNylasCalendars['connections'] = [];
    for (const row of connections) {
      const view = toView(row);
      const base = {
        connectionId: row.id,
        email: view.email,
        provider: view.provider,
        ownerProfessionalId: row.ownerProfessionalId,
      };
      if (row.needsReauthSince !== null) {
        answers.push({ ...base, problem: reauthSentence(view.email), calendars: [] });
        continue;
      }
      const grantId = await this.clients.grantOf(organizationId, row.id);
      try {
        const calendars = await client.listCalendars(grantId);
        answers.push({
          ...base,
          problem: null,
          calendars: calendars.map((calendar) => ({
            id: calendar.id,
            name: calendar.name,
            timezone: calendar.timezone ?? null,
            isPrimary: calendar.isPrimary ?? false,
            readOnly: calendar.readOnly ?? false,
          })),
        });
      } catch (error) {
        if (!(error instanceof ConnectorError)) throw error;
        this.logger.info({ connectionId: row.id, code: error.code, status: error.status }, 'Nylas calendars failed');
        if (error.retryable) {
          throw new DomainError(ErrorCode.PROVIDER_UNAVAILABLE, `Nylas could not be reached: ${error.message}`);
        }
        if (error.classification === 'AUTH') {
          await this.writer.markNeedsReauth(organizationId, row.id, `${error.code}: ${error.message}`, new Date());
          answers.push({ ...base, problem: reauthSentence(view.email), calendars: [] });
          continue;
        }
        answers.push({ ...base, problem: `Nylas refused to list its calendars: ${error.message}`, calendars: [] });
      }
    }
    return { connections: answers };
  }
}
