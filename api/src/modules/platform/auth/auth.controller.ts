import { Controller, Get, Inject, Post } from '@nestjs/common';
import {
  loginResponseSchema,
  loginSchema,
  sessionUserSchema,
  type LoginInput,
  type LoginResponse,
  type SessionUser,
} from '@meridian/domain';
import { ApiRoute, ValidBody } from '../../../common/http/api-route.js';
import { Caller } from '../../../common/auth/caller.decorator.js';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { AuthService } from './auth.service.js';

@Controller('auth')
export class AuthController {
  constructor(@Inject(AuthService) private readonly auth: AuthService) {}

  @Post('login')
  @ApiRoute({
    summary: 'Exchange e-mail and password for a bearer token; repeated failures are slowed (429)',
    tags: ['identity'],
    public: true,
    body: loginSchema,
    response: loginResponseSchema,
    errors: [429],
  })
  login(@ValidBody() body: LoginInput): Promise<LoginResponse> {
    return this.auth.login(body);
  }

  @Get('me')
  @ApiRoute({ summary: 'The signed-in user', tags: ['identity'], response: sessionUserSchema })
  me(@Caller() caller: AuthenticatedCaller): Promise<SessionUser> {
    return this.auth.me(caller.userId);
  }
}
