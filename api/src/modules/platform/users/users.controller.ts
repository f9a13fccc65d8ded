import { Controller, Inject, Post } from '@nestjs/common';
import {
  firstAdminUserSchema,
  loginResponseSchema,
  type FirstAdminUserInput,
  type LoginResponse,
} from '@meridian/domain';
import { ApiRoute, ValidBody } from '../../../common/http/api-route.js';
import { UsersService } from './users.service.js';

@Controller('users')
export class UsersController {
  constructor(@Inject(UsersService) private readonly users: UsersService) {}

  @Post('first-admin-user')
  @ApiRoute({
    summary: 'Create the organization, its first team and its ADMIN user; only while no user exists (else 409)',
    tags: ['identity'],
    public: true,
    body: firstAdminUserSchema,
    response: loginResponseSchema,
    status: 201,
    errors: [409],
  })
  createFirstAdmin(@ValidBody() body: FirstAdminUserInput): Promise<LoginResponse> {
    return this.users.createFirstAdmin(body);
  }
}
