import { Inject, Injectable } from '@nestjs/common';
import {
  EntityType,
  newId,
  notFound,
  primaryAfterAdd,
  primaryAfterRemove,
  validationError,
  type AddContactAddressInput,
  type AddressView,
  type CreateFamily,
  type FamilyResponse,
} from '@meridian/domain';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { AuditService } from '../../platform/audit/index.js';
import { applyPrimary, candidates } from '../../../common/persistence/primary-flag.js';
import { withOrganization, type TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { addressColumns, addressSelect, addressView, ORDER_OLDEST_FIRST } from '../contacts/index.js';
import { familyView } from './household-views.js';
import { familySelect, HouseholdsRepository } from './households.repository.js';

type AddressRow = Parameters<typeof addressView>[0];

const invitationSelect = {
  id: true,
  personId: true,
  type: true,
  method: true,
  status: true,
  email: true,
  createdAt: true,
} as const;

/**
 * Families of a household (foundations §3, §7): members with their role (HEAD or MEMBER), and
 * addresses of which exactly one is primary while any remain. Every change locks the family row,
 * runs in one transaction and is logged with the family before and after.
 */
@Injectable()
export class FamiliesService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(HouseholdsRepository) private readonly households: HouseholdsRepository,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  /** The family view (crm §7): relationships, addresses, and the members' invitations when asked. */
  async get(familyId: string, withInvitations = false): Promise<FamilyResponse> {
    const row = await this.prisma.family.findUnique({ where: { id: familyId }, select: familySelect });
    if (!row) throw notFound('Family');
    const view = familyView(row);
    if (!withInvitations) return view;
    const invitations = await this.prisma.invitation.findMany({
      where: { personId: { in: row.members.map((member) => member.personId) } },
      select: invitationSelect,
      orderBy: ORDER_OLDEST_FIRST,
    });
    return { ...view, invitations: invitations.map((item) => ({ ...item, createdAt: item.createdAt.toISOString() })) };
  }

  /** A person's families (crm §7 "a person's family by person id"). */
  async byPerson(personId: string): Promise<FamilyResponse[]> {
    if (!(await this.households.exists('person', personId))) throw notFound('Person');
    const rows = await this.prisma.family.findMany({
      where: { members: { some: { personId } } },
      select: familySelect,
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    });
    return rows.map(familyView);
  }

  async create(input: CreateFamily): Promise<FamilyResponse> {
    if (!(await this.households.exists('household', input.householdId))) throw notFound('Household');
    const personIds = input.members.map((member) => member.personId);
    const inHousehold = await this.prisma.person.findMany({
      where: { id: { in: personIds }, householdId: input.householdId },
      select: { id: true },
    });
    const known = new Set(inHousehold.map((person) => person.id));
    const strangers = input.members.flatMap((member, index) =>
      known.has(member.personId)
        ? []
        : [{ path: `members.${index}.personId`, message: 'Person must be a member of the household' }],
    );
    if (strangers.length > 0) throw validationError(strangers);
    const familyId = newId(EntityType.family);
    await this.prisma.$transaction(async (tx) => {
      await tx.family.create({
        data: withOrganization({ id: familyId, householdId: input.householdId, name: input.name }),
      });
      await tx.familyMember.createMany({
        data: input.members.map((member) =>
          withOrganization({ familyId, personId: member.personId, role: member.role }),
        ),
      });
      await this.audit.record(tx, {
        action: 'CREATE',
        entityType: EntityType.family,
        entityId: familyId,
        after: await this.snapshot(tx, familyId),
      });
    });
    return this.get(familyId);
  }

  rename(familyId: string, name: string): Promise<FamilyResponse> {
    return this.change(familyId, async (tx) => {
      await tx.family.update({ where: { id: familyId }, data: { name } });
    });
  }

  /**
   * `PATCH /families/{familyId}/members/{member}/remove` (foundations §7). The person leaves this
   * family; with `deleteRelationships` they also leave every other family of the household, so no
   * family relationship of theirs remains there.
   */
  async removeMember(familyId: string, personId: string, deleteRelationships: boolean): Promise<FamilyResponse> {
    return this.change(familyId, async (tx, family) => {
      if (!family.relationships.some((member) => member.personId === personId)) throw notFound('Family member');
      await tx.familyMember.deleteMany({ where: { familyId, personId } });
      if (!deleteRelationships) return;
      const memberships = await tx.familyMember.findMany({
        where: { personId, family: { householdId: family.householdId } },
        select: { familyId: true },
      });
      for (const membership of memberships) {
        const before = await this.snapshot(tx, membership.familyId);
        await tx.familyMember.deleteMany({ where: { familyId: membership.familyId, personId } });
        await this.audit.record(tx, {
          action: 'UPDATE',
          entityType: EntityType.family,
          entityId: membership.familyId,
          before,
          after: await this.snapshot(tx, membership.familyId),
        });
      }
    });
  }

  async addresses(familyId: string): Promise<AddressView[]> {
    return (await this.get(familyId)).addresses;
  }

  addAddress(familyId: string, input: AddContactAddressInput): Promise<FamilyResponse> {
    return this.changeAddresses(familyId, async (tx, before) => {
      const id = newId(EntityType.familyAddress);
      await tx.familyAddress.create({ data: withOrganization({ id, familyId, ...addressColumns(input.address) }) });
      return primaryAfterAdd(candidates(before), id, input.primary);
    });
  }

  removeAddress(familyId: string, addressId: string): Promise<FamilyResponse> {
    return this.changeAddresses(familyId, async (tx, before) => {
      if (!before.some((row) => row.id === addressId)) throw notFound('Address');
      await tx.familyAddress.delete({ where: { id: addressId } });
      return primaryAfterRemove(candidates(before), addressId);
    });
  }

  setPrimaryAddress(familyId: string, addressId: string): Promise<FamilyResponse> {
    return this.changeAddresses(familyId, (_tx, before) => {
      if (!before.some((row) => row.id === addressId)) throw notFound('Address');
      return Promise.resolve(addressId);
    });
  }

  private changeAddresses(
    familyId: string,
    mutate: (tx: TenantTransaction, before: AddressRow[]) => Promise<string | null>,
  ): Promise<FamilyResponse> {
    return this.change(familyId, async (tx) => {
      const before = await tx.familyAddress.findMany({
        where: { familyId },
        select: addressSelect,
        orderBy: ORDER_OLDEST_FIRST,
      });
      await applyPrimary(tx, 'family_addresses', familyId, await mutate(tx, before));
    });
  }

  /** Locks the family row, applies `mutate`, logs the family before and after. */
  private async change(
    familyId: string,
    mutate: (tx: TenantTransaction, family: FamilyResponse) => Promise<void>,
  ): Promise<FamilyResponse> {
    await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.family.updateMany({ where: { id: familyId }, data: { updatedAt: new Date() } });
      if (count === 0) throw notFound('Family');
      const before = await this.snapshot(tx, familyId);
      await mutate(tx, before);
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.family,
        entityId: familyId,
        before,
        after: await this.snapshot(tx, familyId),
      });
    });
    return this.get(familyId);
  }

  private async snapshot(tx: TenantTransaction, familyId: string): Promise<FamilyResponse> {
    const row = await tx.family.findUniqueOrThrow({ where: { id: familyId }, select: familySelect });
    return familyView(row);
  }
}
