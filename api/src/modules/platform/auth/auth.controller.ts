import { Controller, Get, Inject, Post } from '@nestjs/common';
import {
  demoLoginSchema,
  loginResponseSchema,
  loginSchema,
  sessionUserSchema,
  type DemoLogin,
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

  @Get('demo-login')
  @ApiRoute({
    summary:
      "The demo organization's sign-in (e-mail and password) for the login page; 404 when there is no demo organization or its admin's password has been changed",
    tags: ['identity'],
    public: true,
    response: demoLoginSchema,
    errors: [404],
  })
  demoLogin(): Promise<DemoLogin> {
    return this.auth.demoLogin();
  }

  @Get('me')
  @ApiRoute({ summary: 'The signed-in user', tags: ['identity'], response: sessionUserSchema, permission: 'SIGNED_IN' })
  me(@Caller() caller: AuthenticatedCaller): Promise<SessionUser> {
    return this.auth.me(caller);
  }
}
