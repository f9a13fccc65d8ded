import { Inject, Injectable } from '@nestjs/common';
import { EntityType, notFound, type OrganizationOverview, type OrganizationSettings } from '@meridian/domain';
import { AuditService } from '../audit/index.js';

import type { Prisma } from '../../../generated/prisma/client.js';
import { OrganizationsRepository } from './organizations.repository.js';

const COUNT_LABELS = { teams: 'Teams', users: 'Users', professionals: 'Professionals' } as const;

@Injectable()
export class OrganizationsService {
  constructor(
    @Inject(OrganizationsRepository) private readonly organizations: OrganizationsRepository,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  async overview(): Promise<OrganizationOverview> {
    const [organization, counts] = await Promise.all([
      this.organizations.findCurrent(),
      this.organizations.countRecords(),
    ]);
    if (!organization) throw notFound('Organization');
    return {
      organization,
      counts: (Object.keys(COUNT_LABELS) as (keyof typeof COUNT_LABELS)[]).map((key) => ({
        key,
        label: COUNT_LABELS[key],
        value: counts[key],
      })),
    };
  }

  async settings(organizationId: string): Promise<OrganizationSettings> {
    const organization = await this.organizations.findSettings(organizationId);
    // Another organization is indistinguishable from a missing one.
    if (!organization) throw notFound('Organization');
    return organization;
  }

  /**
   * Changes one group of settings, administrators only. Another organization answers 404 before
   * the role is looked at, so a caller learns nothing about organizations that are not theirs.
   */
  async update(organizationId: string, data: Prisma.OrganizationUpdateInput): Promise<OrganizationSettings> {
    return this.organizations.transaction(async (tx) => {
      const before = await this.organizations.findSettings(organizationId, tx);
      if (!before) throw notFound('Organization');
      const after = await this.organizations.updateSettings(tx, organizationId, data);
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.organization,
        entityId: organizationId,
        before,
        after,
      });
      return after;
    });
  }
}
