import { Inject, Injectable } from '@nestjs/common';
import {
  EntityType,
  newId,
  notFound,
  type CreatePerson,
  type PersonResponse,
  type UpdatePerson,
} from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { AuditService } from '../../platform/audit/index.js';
import { withOrganization } from '../../../common/tenancy/tenant-transaction.js';
import { nameColumns } from '../contacts/index.js';
import { personView } from './household-views.js';
import { HouseholdsRepository, personSelect } from './households.repository.js';

/** Persons (foundations §3): the people a household is made of. */
@Injectable()
export class PersonsService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(HouseholdsRepository) private readonly households: HouseholdsRepository,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  async get(personId: string): Promise<PersonResponse> {
    const row = await this.prisma.person.findUnique({ where: { id: personId }, select: personSelect });
    if (!row) throw notFound('Person');
    return personView(row);
  }

  async create(input: CreatePerson): Promise<PersonResponse> {
    await this.checkHousehold(input.householdId);
    const personId = newId(EntityType.person);
    await this.prisma.$transaction(async (tx) => {
      const row = await tx.person.create({
        data: withOrganization({
          id: personId,
          householdId: input.householdId,
          ...nameColumns(input.name),
          dateOfBirth: input.dateOfBirth,
          gender: input.gender,
          email: input.email,
        }),
        select: personSelect,
      });
      await this.audit.record(tx, {
        action: 'CREATE',
        entityType: EntityType.person,
        entityId: personId,
        after: personView(row),
      });
    });
    return this.get(personId);
  }

  async update(personId: string, input: UpdatePerson): Promise<PersonResponse> {
    await this.checkHousehold(input.householdId);
    const data: Prisma.PersonUncheckedUpdateInput = {
      ...(input.householdId === undefined ? {} : { householdId: input.householdId }),
      ...(input.name === undefined ? {} : nameColumns(input.name)),
      ...(input.dateOfBirth === undefined ? {} : { dateOfBirth: input.dateOfBirth }),
      ...(input.gender === undefined ? {} : { gender: input.gender }),
      ...(input.email === undefined ? {} : { email: input.email }),
    };
    await this.prisma.$transaction(async (tx) => {
      const before = await tx.person.findUnique({ where: { id: personId }, select: personSelect });
      if (!before) throw notFound('Person');
      const after = await tx.person.update({ where: { id: personId }, data, select: personSelect });
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.person,
        entityId: personId,
        before: personView(before),
        after: personView(after),
      });
    });
    return this.get(personId);
  }

  private async checkHousehold(householdId: string | null | undefined): Promise<void> {
    if (householdId && !(await this.households.exists('household', householdId))) throw notFound('Household');
  }
}
