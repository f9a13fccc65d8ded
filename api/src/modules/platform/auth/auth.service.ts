import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, type LoginInput, type LoginResponse, type SessionUser } from '@meridian/domain';
import { AuthRepository } from './auth.repository.js';
import { TokenService } from './token.service.js';
import { LoginThrottle } from './login-throttle.js';
import { decoyPasswordHash, verifyPassword } from './password.js';

const INVALID_CREDENTIALS = 'Invalid email or password';

@Injectable()
export class AuthService {
  constructor(
    @Inject(AuthRepository) private readonly users: AuthRepository,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
  ) {}

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
    const user = await this.me(userId);
    const accessToken = await this.tokens.issue({ userId, organizationId: user.organizationId, role: user.role });
    return { accessToken, user };
  }

  async me(userId: string): Promise<SessionUser> {
    const user = await this.users.findSessionUser(userId);
    if (!user)
      throw new DomainError(ErrorCode.UNAUTHENTICATED, 'The access token is invalid or has expired; sign in again');
    return user;
  }
}
