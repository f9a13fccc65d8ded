import { Inject, Injectable } from '@nestjs/common';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';

@Injectable()
export class TeamsRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  findWithMembers(teamId: string) {
    return this.prisma.team.findUnique({
      where: { id: teamId },
      select: {
        id: true,
        name: true,
        organizationId: true,
        members: {
          orderBy: { createdAt: 'asc' },
          select: { id: true, user: { select: { id: true, name: true, email: true, role: true } } },
        },
      },
    });
  }
}
