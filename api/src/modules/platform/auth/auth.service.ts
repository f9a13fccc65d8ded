import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  notFound,
  type DemoLogin,
  type LoginInput,
  type LoginResponse,
  type SessionUser,
} from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { AuthRepository } from './auth.repository.js';
import { TokenService } from './token.service.js';
import { LoginThrottle } from './login-throttle.js';
import { decoyPasswordHash, verifyPassword } from './password.js';
import { isPlatformOperator } from './platform-operator.js';

const INVALID_CREDENTIALS = 'Invalid email or password';

@Injectable()
export class AuthService {
  constructor(
    @Inject(AuthRepository) private readonly users: AuthRepository,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The seed's demo login, for the login page: only while the demo organization exists and its
   * admin's password is still the seed's, so a demo whose password was changed is not given away.
   * The check of a hash is remembered: anyone may call this route, and Argon2 is slow on purpose.
   */
  async demoLogin(): Promise<DemoLogin> {
    const email = this.config.DEMO_ADMIN_EMAIL.toLowerCase();
    const user = await this.users.findDemoUser(email);
    if (!user) throw notFound('Demo login');
    let matches = this.demoHashChecks.get(user.passwordHash);
    if (matches === undefined) {
      matches = await verifyPassword(user.passwordHash, this.config.DEMO_ADMIN_PASSWORD);
      this.demoHashChecks.clear();
      this.demoHashChecks.set(user.passwordHash, matches);
    }
    if (!matches) throw notFound('Demo login');
    return { email, password: this.config.DEMO_ADMIN_PASSWORD };
  }

  /** Password hash -> whether the demo password opens it (one entry: the latest hash seen). */
  private readonly demoHashChecks = new Map<string, boolean>();

  async login(input: LoginInput): Promise<LoginResponse> {
    const email = input.email.toLowerCase();
    await this.throttle.assertAllowed(email);
    const user = await this.users.findCredentialsByEmail(email);
    const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
    if (!user || !valid) {
      await this.throttle.recordFailure(email);
      throw new DomainError(ErrorCode.UNAUTHENTICATED, INVALID_CREDENTIALS);
    }
    await this.throttle.reset(email);
    await this.users.recordLogin(user.id);
    return this.sessionFor(user.id);
  }

  async sessionFor(userId: string): Promise<LoginResponse> {
    const user = await this.me({ userId });
    const accessToken = await this.tokens.issue({ userId, organizationId: user.organizationId, role: user.role });
    return { accessToken, user };
  }

  /** The signed-in user: the row the guard read for this request when `caller` is its caller. */
  async me(caller: Pick<AuthenticatedCaller, 'userId'>): Promise<SessionUser> {
    const user = await this.users.sessionUserOf(caller);
    if (!user)
      throw new DomainError(ErrorCode.UNAUTHENTICATED, 'The access token is invalid or has expired; sign in again');
    const { emailVerifiedAt, ...session } = user;
    return { ...session, platformOperator: isPlatformOperator(this.config, { email: user.email, emailVerifiedAt }) };
  }
}
