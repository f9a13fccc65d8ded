import { Inject, Injectable } from '@nestjs/common';
import { EntityType, notFound, type CreatePerson, type PersonResponse, type UpdatePerson } from '@meridian/domain';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { AuditService } from '../../platform/audit/index.js';
import { nameColumns } from '../contacts/index.js';
import { personView } from './household-views.js';
import { HouseholdsRepository, personSelect } from './households.repository.js';
import { HouseholdsWriter, type PersonColumns } from './households.writer.js';
import { writeScope } from '../../../common/tenancy/write-scope.js';

/** Persons (foundations §3): the people a household is made of. */
@Injectable()
export class PersonsService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(HouseholdsRepository) private readonly households: HouseholdsRepository,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(HouseholdsWriter) private readonly writer: HouseholdsWriter,
  ) {}

  async get(personId: string): Promise<PersonResponse> {
    const row = await this.prisma.person.findUnique({ where: { id: personId }, select: personSelect });
    if (!row) throw notFound('Person');
    return personView(row);
  }

  async create(input: CreatePerson): Promise<PersonResponse> {
    await this.checkHousehold(input.householdId);
    const personId = await this.prisma.$transaction(async (tx) => {
      const [id] = await this.writer.createPersons(writeScope(tx), [
        {
          householdId: input.householdId,
          ...nameColumns(input.name),
          dateOfBirth: input.dateOfBirth,
          gender: input.gender,
          email: input.email,
        },
      ]);
      const row = await tx.person.findUniqueOrThrow({ where: { id: id! }, select: personSelect });
      await this.audit.record(tx, {
        action: 'CREATE',
        entityType: EntityType.person,
        entityId: id!,
        after: personView(row),
      });
      return id!;
    });
    return this.get(personId);
  }

  async update(personId: string, input: UpdatePerson): Promise<PersonResponse> {
    await this.checkHousehold(input.householdId);
    const fields: PersonColumns = {
      ...(input.householdId === undefined ? {} : { householdId: input.householdId }),
      ...(input.name === undefined ? {} : nameColumns(input.name)),
      ...(input.dateOfBirth === undefined ? {} : { dateOfBirth: input.dateOfBirth }),
      ...(input.gender === undefined ? {} : { gender: input.gender }),
      ...(input.email === undefined ? {} : { email: input.email }),
    };
    await this.prisma.$transaction(async (tx) => {
      const before = await tx.person.findUnique({ where: { id: personId }, select: personSelect });
      if (!before) throw notFound('Person');
      await this.writer.updatePersons(writeScope(tx), [{ id: personId, fields }]);
      const after = await tx.person.findUniqueOrThrow({ where: { id: personId }, select: personSelect });
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
