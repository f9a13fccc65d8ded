import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { ConnectorError, type NylasProvider } from '@meridian/connectors';
import {
  DomainError,
  EntityType,
  ErrorCode,
  newId,
  notFound,
  seesEveryTeam,
  type ReferenceUse,
} from '@meridian/domain';
import type { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../../../../common/config/config.js';
import { LOGGER } from '../../../../../common/logging/logger.js';
import type { AuthenticatedCaller } from '../../../../../common/tenancy/request-context.js';
import { AuditService } from '../../../../platform/audit/index.js';
import { EntityResolver } from '../../../../platform/entity-resolver/index.js';
import { ConnectionsWriter, SyncRunLauncher, SyncScheduler, type NewNylasConnection } from '../../../sync/index.js';
import { NylasClients, nylasGrantKey } from '../nylas-clients.js';
import { NylasConnectionsRepository } from './nylas-connections.repository.js';
import type { connectNylasSchema, NylasConnectionView } from './nylas.schemas.js';
import { NylasStateSigner } from './nylas-state.js';

/** `POST /nylas`: the calendar's owner is a team member (their team sees it); its creator, the caller. */
const NYLAS_OWNER: ReferenceUse = { kinds: ['TEAM_MEMBER'], notFoundAs: 'Owner' };
const NYLAS_CREATOR: ReferenceUse = { kinds: ['USER'], notFoundAs: 'Creator' };

export const NylasConnectMessage = {
  stateRefused:
    'This calendar connection was not started by you or has expired (15 minutes): start again from "Connect calendar"',
  codeRefused: 'Nylas refused the code',
  connectedElsewhere: 'This calendar account is already connected in another team',
  unavailable: 'Nylas could not be reached',
} as const;

/** The provider Nylas names, as the column keeps it (virtual_calendar); another one (ews, yahoo...) as none. */
function storedProvider(provider: string | null): NewNylasConnection['provider'] {
  switch (provider) {
    case 'google':
    case 'microsoft':
    case 'icloud':
    case 'imap':
      return provider;
    case 'virtual-calendar':
      return 'virtual_calendar';
    default:
      return null;
  }
}
const shownProvider = (provider: string | null): NylasProvider | null =>
  provider === null ? null : provider === 'virtual_calendar' ? 'virtual-calendar' : (provider as NylasProvider);

/**
 * A calendar connected through Nylas (crm §7 Connections): the hosted-auth URL, then the code
 * exchanged for a grant, kept sealed, on a connection owned by a team member.
 */
@Injectable()
export class NylasConnectionService {
  constructor(
    @Inject(NylasClients) private readonly clients: NylasClients,
    @Inject(NylasConnectionsRepository) private readonly repository: NylasConnectionsRepository,
    @Inject(NylasStateSigner) private readonly states: NylasStateSigner,
    @Inject(EntityResolver) private readonly entities: EntityResolver,
    @Inject(ConnectionsWriter) private readonly writer: ConnectionsWriter,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(SyncRunLauncher) private readonly launcher: SyncRunLauncher,
    @Inject(SyncScheduler) private readonly scheduler: SyncScheduler,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Nylas's hosted authentication for `email` at `provider`, its state bound to the caller. */
  authUrl(provider: NylasProvider, email: string, caller: AuthenticatedCaller): { url: string } {
    const client = this.clients.client();
    const state = this.states.issue({ organizationId: caller.organizationId, userId: caller.userId });
    return { url: client.hostedAuthUrl({ provider, email, redirectUri: this.clients.redirectUri(), state }) };
  }

  /**
   * The code exchanged for its grant, stored sealed on a connection of the owner's team. The ids
   * are checked first (another team's or firm's answers as a missing one), then the state, and only
   * then is Nylas asked: a refused request changes nothing and spends no code. The same grant
   * connected again updates its connection.
   */
  async connect(
    input: z.output<typeof connectNylasSchema>,
    caller: AuthenticatedCaller,
  ): Promise<{ connection: NylasConnectionView; created: boolean }> {
    const client = this.clients.client();
    const redirectUri = this.clients.redirectUri();
    const found = await this.entities.require([
      { id: input.owner, use: NYLAS_OWNER, path: 'owner' },
      { id: input.creator, use: NYLAS_CREATOR, path: 'creator' },
    ]);
    // A calendar is connected by whoever authenticated it: the creator is the caller, and anyone
    // else answers as an id out of reach does.
    if (input.creator !== caller.userId) throw notFound('Creator');
    const member = await this.repository.teamMember(input.owner);
    const ownerTeamId = found.get(input.owner)?.teamId ?? member?.teamId ?? null;
    // The connection belongs to the owner's team: below Admin, one of the caller's teams, or the
    // owner answers as one out of reach (the resolver names any member of the firm).
    const reachable =
      ownerTeamId !== null && (seesEveryTeam(caller.role) || (caller.teamIds ?? []).includes(ownerTeamId));
    if (member === null || ownerTeamId === null || !reachable) throw notFound('Owner');
    if (!this.states.isFor(input.state, { organizationId: caller.organizationId, userId: caller.userId })) {
      throw new DomainError(ErrorCode.FORBIDDEN, NylasConnectMessage.stateRefused);
    }
    const grant = await this.exchange(() => client.exchangeCode({ code: input.code, redirectUri }));
    const ownerProfessionalId = await this.repository.professionalOf(member.userId);
    const grantKey = nylasGrantKey(grant.grantId);
    const { id, created, syncIntervalMinutes } = await this.refusingDuplicates(() =>
      this.repository.transaction(async (tx) => {
        const previous = await this.repository.byGrantKey(tx, grantKey);
        const connectionId = previous?.id ?? newId(EntityType.connection);
        await this.writer.connectNylas(tx, {
          id: connectionId,
          ownerTeamId,
          ownerProfessionalId,
          grantKey,
          email: grant.email,
          provider: storedProvider(grant.provider),
          credentials: this.clients.sealFor(connectionId, { grantId: grant.grantId }),
          reconnect: previous !== null,
          syncIntervalMinutes: this.config.SYNC_INTERVAL_MINUTES,
        });
        await this.audit.record(tx, {
          action: previous ? 'UPDATE' : 'CREATE',
          entityType: EntityType.connection,
          entityId: connectionId,
          // Never the grant.
          ...(previous
            ? {
                before: {
                  id: connectionId,
                  service: 'NYLAS',
                  ownerTeamId: previous.ownerTeamId,
                  status: previous.status,
                },
              }
            : {}),
          after: { id: connectionId, service: 'NYLAS', email: grant.email, ownerTeamId, status: 'SUCCESS' },
        });
        return {
          id: connectionId,
          created: previous === null,
          syncIntervalMinutes: previous ? previous.syncIntervalMinutes : this.config.SYNC_INTERVAL_MINUTES,
        };
      }),
    );
    // The calendar's first sync (or, connected again, the run that catches up); a run already
    // queued or running is the one. Then its schedule: webhooks say when something changed, the
    // schedule catches what a run already under way when its webhook came did not read.
    await this.launcher.requestRun(caller.organizationId, id, 'INITIAL');
    await this.scheduler.scheduleConnection(caller.organizationId, id, syncIntervalMinutes);
    return { connection: toView(await this.repository.view(id)), created };
  }

  /**
   * The connection's transaction. The unique (organization, service, grant) index refuses a grant
   * whose connection the caller cannot see (another team's): a 409, not a second connection.
   */
  private async refusingDuplicates<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') {
        throw new DomainError(ErrorCode.CONFLICT, NylasConnectMessage.connectedElsewhere);
      }
      throw error;
    }
  }

  private async exchange<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ConnectorError)) throw error;
      // The message names Nylas's reason, never the code (the SDK's error carries the answer only).
      this.logger.info({ code: error.code, status: error.status }, 'Nylas refused a code exchange');
      if (error.retryable) {
        throw new DomainError(ErrorCode.PROVIDER_UNAVAILABLE, `${NylasConnectMessage.unavailable}: ${error.message}`);
      }
      throw new DomainError(ErrorCode.PROVIDER_REJECTED, `${NylasConnectMessage.codeRefused}: ${error.message}`);
    }
  }
}

type ConnectionRow = Awaited<ReturnType<NylasConnectionsRepository['view']>>;

export function toView(row: ConnectionRow): NylasConnectionView {
  return {
    id: row.id,
    service: 'NYLAS',
    status: row.status,
    email: row.displayName,
    provider: shownProvider(row.calendarProvider),
    ownerTeamId: row.ownerTeamId,
    ownerProfessionalId: row.ownerProfessionalId,
    needsReauthSince: row.needsReauthSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
