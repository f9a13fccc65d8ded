import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { DomainError, ErrorCode } from '@meridian/domain';
import { routeSpecOf } from '../../../common/http/api-route.js';
import { currentContext } from '../../../common/tenancy/request-context.js';
import { TokenService } from './token.service.js';
import { AuthRepository } from './auth.repository.js';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { isPlatformOperator } from './platform-operator.js';

/**
 * Global guard: every route needs a valid bearer token of an existing user unless its @ApiRoute
 * says `public: true`. The caller is put into the request context for the tenancy layer.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(AuthRepository) private readonly users: AuthRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (routeSpecOf(context.getHandler())?.public) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Sign in first: this route needs a bearer token');
    }
    const caller = await this.tokens.verify(token);
    // A deleted user, or one moved to another organization, loses access at once.
    const user = await this.users.findSessionUser(caller.userId);
    if (!user || user.organizationId !== caller.organizationId) {
      throw new DomainError(ErrorCode.UNAUTHENTICATED, 'The access token is invalid or has expired; sign in again');
    }
    const store = currentContext();
    if (!store) throw new DomainError(ErrorCode.ERR_INITIALIZATION, 'Request context missing');
    store.caller = {
      ...caller,
      role: user.role,
      teamIds: user.teamIds,
      platformOperator: isPlatformOperator(this.config, user),
    };
    this.users.rememberFor(store.caller, user);
    return true;
  }
}
