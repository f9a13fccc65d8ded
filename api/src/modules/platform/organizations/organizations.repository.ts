import { Inject, Injectable } from '@nestjs/common';
import type { OrganizationSettings } from '@meridian/domain';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import type { Prisma } from '../../../generated/prisma/client.js';

const SETTINGS_SELECT = {
  id: true,
  name: true,
  legalName: true,
  nrd: true,
  primaryRegulator: true,
  organizationType: true,
  tradeNames: true,
} satisfies Prisma.OrganizationSelect;

type Client = Pick<TenantPrismaClient, 'organization'>;

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

  /**
   * The organization's settings; null for any organization but the caller's. The tenant scope
   * sets `id` to the caller's organization, replacing an `id` given at the top of the filter, so
   * the asked-for id goes in an AND that must hold as well.
   */
  findSettings(organizationId: string, client: Client = this.prisma): Promise<OrganizationSettings | null> {
    return client.organization.findFirst({ where: { AND: [{ id: organizationId }] }, select: SETTINGS_SELECT });
  }

  /** Only after `findSettings` found the organization: the tenant scope rewrites the `id` filter. */
  updateSettings(
    client: Client,
    organizationId: string,
    data: Prisma.OrganizationUpdateInput,
  ): Promise<OrganizationSettings> {
    return client.organization.update({ where: { id: organizationId }, data, select: SETTINGS_SELECT });
  }

  transaction<T>(fn: (tx: Prisma.TransactionClient & TenantPrismaClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction((tx) => fn(tx as Prisma.TransactionClient & TenantPrismaClient));
  }
}
