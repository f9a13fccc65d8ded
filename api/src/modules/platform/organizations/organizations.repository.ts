import { Inject, Injectable } from '@nestjs/common';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';

@Injectable()
export class OrganizationsRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  /** The caller's organization (the tenant scope limits the lookup to it). */
  findCurrent() {
    return this.prisma.organization.findFirst({ select: { id: true, name: true, isDemo: true } });
  }

  async countRecords() {
    const [teams, users, professionals] = await Promise.all([
      this.prisma.team.count(),
      this.prisma.user.count(),
      this.prisma.professional.count(),
    ]);
    return { teams, users, professionals };
  }
}
