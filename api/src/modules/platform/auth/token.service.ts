import { Inject, Injectable } from '@nestjs/common';
import { SignJWT, jwtVerify } from 'jose';
import { DomainError, ErrorCode, UserRole } from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';

const ISSUER = 'meridian';

/** Signs and verifies the bearer tokens (HS256 JWT carrying the user, organization and role). */
@Injectable()
export class TokenService {
  private readonly key: Uint8Array;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.key = new TextEncoder().encode(config.AUTH_TOKEN_SECRET);
  }

  async issue(caller: AuthenticatedCaller): Promise<string> {
    return new SignJWT({ org: caller.organizationId, role: caller.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(caller.userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${this.config.AUTH_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<AuthenticatedCaller> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      const role = payload.role as UserRole;
      if (!payload.sub || typeof payload.org !== 'string' || !UserRole.includes(role)) throw new Error('claims');
      return { userId: payload.sub, organizationId: payload.org, role };
    } catch {
      throw new DomainError(ErrorCode.UNAUTHENTICATED, 'The access token is invalid or has expired; sign in again');
    }
  }
}
