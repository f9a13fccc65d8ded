import { Inject, Injectable } from '@nestjs/common';
import type { SessionUser, UserRole } from '@meridian/domain';
import { PreparedDocuments } from '../../../infra/prisma/prepared-documents.js';
import { SystemPrisma } from '../../../infra/prisma/prisma.service.js';
import { preparedStatements } from '../../../infra/prisma/prepared-statements.js';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';

/**
 * Every authenticated request reads its caller (the guard) and the session reads the same row: one
 * prepared statement, the organization's name joined and the team ids aggregated in SQL, instead
 * of three model queries. It answers the row as one JSON document read on the pool
 * (PreparedDocuments): the guard pays it on every request, and Prisma's raw-query pipeline costs
 * about four times the statement's own client work.
 */
const [SESSION_USER_SQL] = preparedStatements('auth_session_user_document', [
  `SELECT json_build_object(
            'id', u.id, 'name', u.name, 'email', u.email, 'emailVerifiedAt', u.email_verified_at,
            'role', u.role::text, 'organizationId', u.organization_id, 'organizationName', o.name,
            'teamIds', ARRAY(SELECT tm.team_id FROM team_members tm
                              WHERE tm.organization_id = u.organization_id AND tm.user_id = u.id
                              ORDER BY tm.created_at, tm.team_id))::text
     FROM users u JOIN organizations o ON o.id = u.organization_id
    WHERE u.id = $1`,
] as const);

/** A signed-in user as the guard and the session read them. */
export type SessionUserRow = Omit<SessionUser, 'platformOperator'> & { role: UserRole; emailVerifiedAt: Date | null };

/**
 * Users are looked up by e-mail before anyone is signed in (login) and by id from a verified token,
 * so this repository uses the system client; every method names the user it reads.
 */
@Injectable()
export class AuthRepository {
  private readonly readForCaller = new WeakMap<object, SessionUserRow>();

  constructor(
    @Inject(SystemPrisma) private readonly prisma: SystemPrisma,
    @Inject(PreparedDocuments) private readonly documents: PreparedDocuments,
  ) {}

  findCredentialsByEmail(email: string) {
    return this.prisma.user.findUnique({
      where: { email },
      select: { id: true, organizationId: true, role: true, passwordHash: true },
    });
  }

  /** The user of `email` when it belongs to a demo organization (the seed's admin), with its password hash. */
  findDemoUser(email: string) {
    return this.prisma.user.findFirst({
      where: { email, organization: { isDemo: true } },
      select: { id: true, passwordHash: true },
    });
  }

  /**
   * The user of a verified token (the guard, every request) or of the session, with when they
   * proved their address (which operator status needs); null when they no longer exist.
   */
  async findSessionUser(userId: string): Promise<SessionUserRow | null> {
    const document = await this.documents.read(SESSION_USER_SQL, [userId]);
    if (document === null) return null;
    const row = JSON.parse(document) as Omit<SessionUserRow, 'emailVerifiedAt'> & { emailVerifiedAt: string | null };
    return { ...row, emailVerifiedAt: row.emailVerifiedAt === null ? null : new Date(row.emailVerifiedAt) };
  }

  /**
   * The row the guard read for this request's caller (the context's caller object), so `/auth/me`
   * does not read it again; read afresh for any other caller (a login).
   */
  async sessionUserOf(caller: Pick<AuthenticatedCaller, 'userId'>): Promise<SessionUserRow | null> {
    return this.readForCaller.get(caller) ?? (await this.findSessionUser(caller.userId));
  }

  /** Keeps the guard's row for the rest of the request: weakly, so it goes with the request context. */
  rememberFor(caller: AuthenticatedCaller, row: SessionUserRow): void {
    this.readForCaller.set(caller, row);
  }

  async recordLogin(userId: string): Promise<void> {
    await this.prisma.user.update({ where: { id: userId }, data: { lastLoginAt: new Date() } });
  }
}
