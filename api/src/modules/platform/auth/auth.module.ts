import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth.guard.js';
import { PermissionGuard } from './permission.guard.js';
import { AuthRepository } from './auth.repository.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LoginThrottle } from './login-throttle.js';
import { TokenService } from './token.service.js';

@Module({
  controllers: [AuthController],
  providers: [
    AuthService,
    TokenService,
    LoginThrottle,
    AuthRepository,
    // Global guards run in this order: who the caller is, then whether their role may use the route.
    { provide: APP_GUARD, useClass: AuthGuard },
    { provide: APP_GUARD, useClass: PermissionGuard },
  ],
  exports: [AuthService, TokenService, AuthRepository],
})
export class AuthModule {}
