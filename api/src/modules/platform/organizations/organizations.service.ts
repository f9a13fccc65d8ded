import { Inject, Injectable } from '@nestjs/common';
import { notFound, type OrganizationOverview } from '@meridian/domain';
import { OrganizationsRepository } from './organizations.repository.js';

const COUNT_LABELS = { teams: 'Teams', users: 'Users', professionals: 'Professionals' } as const;

@Injectable()
export class OrganizationsService {
  constructor(@Inject(OrganizationsRepository) private readonly organizations: OrganizationsRepository) {}

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
}
