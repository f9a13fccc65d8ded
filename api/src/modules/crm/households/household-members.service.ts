import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  EntityType,
  ErrorCode,
  LifecycleMessage,
  notFound,
  type AddHouseholdMember,
  type ContactResponse,
  type ConvertLead,
  type FamilyMemberRole,
  type HouseholdResponse,
} from '@meridian/domain';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { writeScope, type WriteScope } from '../../../common/tenancy/write-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { AuditService } from '../../platform/audit/index.js';
import { ContactsService, ContactsWriter, nameColumns } from '../contacts/index.js';
import { HouseholdsService } from './households.service.js';
import { HouseholdsWriter } from './households.writer.js';

/** The household's members with their family role, as its audit entries show them. */
async function memberSnapshot(tx: TenantTransaction, householdId: string) {
  const persons = await tx.person.findMany({
    where: { householdId },
    select: {
      id: true,
      firstName: true,
      lastName: true,
      familyMemberships: { where: { family: { householdId } }, select: { role: true }, take: 1 },
    },
    orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
  });
  return persons.map((person) => ({
    personId: person.id,
    name: `${person.firstName} ${person.lastName}`,
    role: person.familyMemberships[0]?.role ?? 'MEMBER',
  }));
}

/**
 * Who belongs to a household: members added (a new person, an existing person, an existing
 * contact) and removed, and a lead converted into a client of a household. A person's household
 * and family membership are placed by `HouseholdsWriter.placePersons`, the one way the CRM keeps
 * them; a contact joins its person's household. Each change is one transaction with its audit.
 */
@Injectable()
export class HouseholdMembersService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(HouseholdsWriter) private readonly writer: HouseholdsWriter,
    @Inject(ContactsWriter) private readonly contactsWriter: ContactsWriter,
    @Inject(ContactsService) private readonly contacts: ContactsService,
    @Inject(HouseholdsService) private readonly households: HouseholdsService,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  /** `POST /households/{householdId}/members`. */
  async add(householdId: string, input: AddHouseholdMember, caller: AuthenticatedCaller): Promise<HouseholdResponse> {
    await this.changeMembers(householdId, async (scope) => {
      switch (input.kind) {
        case 'NEW_PERSON': {
          const [personId] = await this.writer.createPersons(scope, [
            {
              householdId,
              ...nameColumns(input.name),
              dateOfBirth: input.dateOfBirth ?? null,
              gender: input.gender ?? null,
              email: input.email ?? null,
            },
          ]);
          await this.audit.record(scope.tx, {
            action: 'CREATE',
            entityType: EntityType.person,
            entityId: personId!,
            after: { householdId, ...nameColumns(input.name) },
          });
          await this.place(scope, personId!, householdId, input.role);
          return;
        }
        case 'PERSON': {
          const person = await scope.tx.person.findUnique({
            where: { id: input.personId },
            select: { householdId: true },
          });
          if (!person) throw notFound('Person');
          if (person.householdId === householdId)
            throw new DomainError(ErrorCode.CONFLICT, LifecycleMessage.alreadyMember);
          await this.place(scope, input.personId, householdId, input.role);
          return;
        }
        case 'CONTACT':
          await this.joinContact(scope, input.contactId, householdId, input.role, { alreadyMemberIsConflict: true });
      }
    });
    return this.households.get(householdId, { withPermissions: false }, caller);
  }

  /**
   * `DELETE /households/{householdId}/members/{personId}`: the person leaves the household and every
   * family of it (the spec's family-member removal with deleteRelationships, for the household);
   * their contacts in it leave it too. The person and contacts themselves stay.
   */
  async remove(householdId: string, personId: string, caller: AuthenticatedCaller): Promise<HouseholdResponse> {
    await this.changeMembers(householdId, async (scope) => {
      const { count } = await scope.tx.person.updateMany({
        where: { id: personId, householdId },
        data: { updatedAt: scope.now },
      });
      if (count === 0) throw notFound('Household member');
      await this.writer.placePersons(scope, [{ personId, householdId: null, role: null }]);
      const contacts = await scope.tx.contact.findMany({ where: { personId, householdId }, select: { id: true } });
      await this.contactsWriter.update(
        scope,
        contacts.map((contact) => ({ id: contact.id, fields: { householdId: null } })),
      );
    });
    return this.households.get(householdId, { withPermissions: false }, caller);
  }

  /**
   * `POST /contacts/{contactId}/convert`: a LEAD becomes a CLIENT of a household, new (served by
   * the lead's team) or existing. Same contact id, so its tags, sub-records, notes and history
   * stay; its lead record is marked qualified; its person (made from its name when it has none)
   * joins the household with the role given.
   */
  async convertLead(contactId: string, input: ConvertLead): Promise<ContactResponse> {
    await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const lead = await tx.contact.findUnique({
        where: { id: contactId },
        select: { type: true, teamId: true, householdId: true },
      });
      if (!lead) throw notFound('Contact');
      if (lead.type !== 'LEAD') throw new DomainError(ErrorCode.CONFLICT, LifecycleMessage.onlyLeads);
      let householdId: string;
      if (input.household.kind === 'NEW') {
        [householdId] = (await this.writer.createHouseholds(scope, [
          { teamId: lead.teamId, name: input.household.name },
        ])) as [string];
        await this.audit.record(tx, {
          action: 'CREATE',
          entityType: EntityType.household,
          entityId: householdId,
          after: { teamId: lead.teamId, name: input.household.name },
        });
      } else {
        householdId = input.household.householdId;
        const { count } = await tx.household.updateMany({ where: { id: householdId }, data: { updatedAt: scope.now } });
        if (count === 0) throw notFound('Household');
      }
      await this.joinContact(scope, contactId, householdId, input.role, { alreadyMemberIsConflict: false });
      await this.contactsWriter.update(scope, [{ id: contactId, fields: { type: 'CLIENT' } }]);
      await this.contactsWriter.qualifyLeads(scope, [contactId]);
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.contact,
        entityId: contactId,
        before: { type: 'LEAD', householdId: lead.householdId },
        after: { type: 'CLIENT', householdId },
      });
    });
    return this.contacts.get(contactId);
  }

  /**
   * The contact joins the household: its person (made from the contact's name and primary e-mail
   * when it has none) becomes a member, and the contact belongs to the household.
   */
  private async joinContact(
    scope: WriteScope,
    contactId: string,
    householdId: string,
    role: FamilyMemberRole,
    options: { alreadyMemberIsConflict: boolean },
  ): Promise<void> {
    const contact = await scope.tx.contact.findUnique({
      where: { id: contactId },
      select: {
        personId: true,
        householdId: true,
        firstName: true,
        lastName: true,
        middleName: true,
        preferredName: true,
        shortName: true,
        gender: true,
        emails: { where: { isPrimary: true }, select: { email: true }, take: 1 },
        person: { select: { householdId: true, deletedAt: true } },
      },
    });
    if (!contact) throw notFound('Contact');
    let personId = contact.person && !contact.person.deletedAt ? contact.personId : null;
    if (
      options.alreadyMemberIsConflict &&
      personId &&
      contact.person?.householdId === householdId &&
      contact.householdId === householdId
    ) {
      throw new DomainError(ErrorCode.CONFLICT, LifecycleMessage.alreadyMember);
    }
    if (!personId) {
      [personId] = (await this.writer.createPersons(scope, [
        {
          householdId,
          firstName: contact.firstName,
          lastName: contact.lastName,
          middleName: contact.middleName,
          preferredName: contact.preferredName,
          shortName: contact.shortName,
          gender: contact.gender,
          email: contact.emails[0]?.email ?? null,
        },
      ])) as [string];
      await this.audit.record(scope.tx, {
        action: 'CREATE',
        entityType: EntityType.person,
        entityId: personId,
        after: { householdId, firstName: contact.firstName, lastName: contact.lastName, fromContactId: contactId },
      });
    }
    await this.place(scope, personId, householdId, role);
    await this.contactsWriter.update(scope, [{ id: contactId, fields: { householdId, personId } }]);
    if (contact.householdId !== householdId || contact.personId !== personId) {
      await this.audit.record(scope.tx, {
        action: 'UPDATE',
        entityType: EntityType.contact,
        entityId: contactId,
        before: { householdId: contact.householdId, personId: contact.personId },
        after: { householdId, personId },
      });
    }
  }

  private async place(scope: WriteScope, personId: string, householdId: string, role: FamilyMemberRole) {
    await this.writer.placePersons(scope, [{ personId, householdId, role }]);
  }

  /** Locks the household (404 when it is not the caller's), changes its members, logs them before and after. */
  private async changeMembers(householdId: string, change: (scope: WriteScope) => Promise<void>): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const { count } = await tx.household.updateMany({ where: { id: householdId }, data: { updatedAt: scope.now } });
      if (count === 0) throw notFound('Household');
      const before = await memberSnapshot(tx, householdId);
      await change(scope);
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.household,
        entityId: householdId,
        before: { members: before },
        after: { members: await memberSnapshot(tx, householdId) },
      });
    });
  }
}
