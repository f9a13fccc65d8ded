import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  EntityType,
  ErrorCode,
  newId,
  notFound,
  primaryAfterAdd,
  primaryAfterRemove,
  primaryAfterUnset,
  validationError,
  ContactRecordMessage,
  type AddContactAddressInput,
  type AddContactEmail,
  type AddContactEmployment,
  type AddContactPhoneNumber,
  type AddNewAddressInput,
  type ContactResponse,
  type SocialLink,
} from '@meridian/domain';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { AuditService } from '../../platform/audit/index.js';
import { ContactsService } from './contacts.service.js';
import { applyPrimary, candidates, type PrimaryTable } from '../../../common/persistence/primary-flag.js';
import { withOrganization, type TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import {
  addressColumns,
  addressSelect,
  addressView,
  emailSelect,
  emailView,
  employmentSelect,
  employmentView,
  ORDER_OLDEST_FIRST,
  phoneSelect,
  phoneView,
  socialLinkSelect,
  socialLinkView,
} from './views.js';

/** A contact's records of one kind that keep exactly one primary (crm §3). */
interface PrimaryCollection<Row extends { id: string; isPrimary: boolean }> {
  table: PrimaryTable;
  idType: EntityType;
  /** The key of the contact view, and of the audit entry's before and after. */
  key: 'emails' | 'phoneNumbers' | 'addresses' | 'employments';
  /** For "… not found". */
  label: string;
  list(tx: TenantTransaction, contactId: string): Promise<Row[]>;
  remove(tx: TenantTransaction, id: string): Promise<unknown>;
  view(row: Row): unknown;
}

const EMAILS = {
  table: 'contact_emails',
  idType: EntityType.contactEmail,
  key: 'emails',
  label: 'Email',
  list: (tx, contactId) =>
    tx.contactEmail.findMany({ where: { contactId }, select: emailSelect, orderBy: ORDER_OLDEST_FIRST }),
  remove: (tx, id) => tx.contactEmail.delete({ where: { id } }),
  view: emailView,
} satisfies PrimaryCollection<Parameters<typeof emailView>[0]>;

const PHONE_NUMBERS = {
  table: 'contact_phone_numbers',
  idType: EntityType.contactPhoneNumber,
  key: 'phoneNumbers',
  label: 'Phone number',
  list: (tx, contactId) =>
    tx.contactPhoneNumber.findMany({ where: { contactId }, select: phoneSelect, orderBy: ORDER_OLDEST_FIRST }),
  remove: (tx, id) => tx.contactPhoneNumber.delete({ where: { id } }),
  view: phoneView,
} satisfies PrimaryCollection<Parameters<typeof phoneView>[0]>;

const ADDRESSES = {
  table: 'contact_addresses',
  idType: EntityType.contactAddress,
  key: 'addresses',
  label: 'Address',
  list: (tx, contactId) =>
    tx.contactAddress.findMany({ where: { contactId }, select: addressSelect, orderBy: ORDER_OLDEST_FIRST }),
  remove: (tx, id) => tx.contactAddress.delete({ where: { id } }),
  view: addressView,
} satisfies PrimaryCollection<Parameters<typeof addressView>[0]>;

const EMPLOYMENTS = {
  table: 'contact_employments',
  idType: EntityType.contactEmployment,
  key: 'employments',
  label: 'Employment',
  list: (tx, contactId) =>
    tx.contactEmployment.findMany({ where: { contactId }, select: employmentSelect, orderBy: ORDER_OLDEST_FIRST }),
  remove: (tx, id) => tx.contactEmployment.delete({ where: { id } }),
  view: employmentView,
} satisfies PrimaryCollection<Parameters<typeof employmentView>[0]>;

export const ONLY_ADDRESS_STAYS_PRIMARY = 'The only address stays primary: add another address first';

/**
 * A contact's e-mails, phone numbers, addresses, employments and social links (crm §7). Each change
 * runs in one transaction that first locks the contact row, so two calls on one contact never
 * interleave and "exactly one primary" holds after every call; the audit entry holds the kind's
 * records before and after.
 */
@Injectable()
export class ContactRecordsService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(ContactsService) private readonly contacts: ContactsService,
  ) {}

  addEmail(contactId: string, input: AddContactEmail): Promise<ContactResponse> {
    return this.add(contactId, EMAILS, input.primary, (tx, id) =>
      tx.contactEmail.create({ data: withOrganization({ id, contactId, email: input.email, label: input.label }) }),
    );
  }

  addPhoneNumber(contactId: string, input: AddContactPhoneNumber): Promise<ContactResponse> {
    return this.add(contactId, PHONE_NUMBERS, input.primary, (tx, id) =>
      tx.contactPhoneNumber.create({
        data: withOrganization({
          id,
          contactId,
          countryCode: input.number.countryCode,
          number: input.number.number,
          type: input.type,
          label: input.label,
        }),
      }),
    );
  }

  addAddress(contactId: string, input: AddContactAddressInput): Promise<ContactResponse> {
    return this.add(contactId, ADDRESSES, input.primary, (tx, id) =>
      tx.contactAddress.create({ data: withOrganization({ id, contactId, ...addressColumns(input.address) }) }),
    );
  }

  /**
   * `POST /addresses/add-new-address`: an address checked against its country's regions and postal
   * form (typically one found through address completion, with its `postCodeAnywhereId`), kept as
   * an address of the contact, under the same primary rule as `add-address`.
   */
  addNewAddress(input: AddNewAddressInput): Promise<ContactResponse> {
    return this.add(input.contactId, ADDRESSES, input.primary, (tx, id) =>
      tx.contactAddress.create({
        data: withOrganization({
          id,
          contactId: input.contactId,
          label: input.label,
          line1: input.line1,
          line2: input.line2,
          city: input.city,
          province: input.province,
          postalCode: input.postalCode,
          countryName: input.countryName,
          postCodeAnywhereId: input.postCodeAnywhereId,
        }),
      }),
    );
  }

  addEmployment(contactId: string, input: AddContactEmployment): Promise<ContactResponse> {
    return this.add(contactId, EMPLOYMENTS, input.primary, (tx, id) =>
      tx.contactEmployment.create({
        data: withOrganization({
          id,
          contactId,
          employerName: input.employerName,
          jobTitle: input.jobTitle,
          status: input.status,
          startDate: input.startDate,
          endDate: input.endDate,
        }),
      }),
    );
  }

  removeEmail(contactId: string, emailId: string) {
    return this.remove(contactId, EMAILS, emailId);
  }
  removePhoneNumber(contactId: string, numberId: string) {
    return this.remove(contactId, PHONE_NUMBERS, numberId);
  }
  removeAddress(contactId: string, addressId: string) {
    return this.remove(contactId, ADDRESSES, addressId);
  }
  removeEmployment(contactId: string, employmentId: string) {
    return this.remove(contactId, EMPLOYMENTS, employmentId);
  }

  setPrimaryEmail(contactId: string, emailId: string) {
    return this.setPrimary(contactId, EMAILS, emailId);
  }
  setPrimaryPhoneNumber(contactId: string, numberId: string) {
    return this.setPrimary(contactId, PHONE_NUMBERS, numberId);
  }
  setPrimaryAddress(contactId: string, addressId: string) {
    return this.setPrimary(contactId, ADDRESSES, addressId);
  }
  setPrimaryEmployment(contactId: string, employmentId: string) {
    return this.setPrimary(contactId, EMPLOYMENTS, employmentId);
  }

  /**
   * `remove-primary-address` (crm §4: a primary address can be removed as primary): the oldest other
   * address becomes primary. The only address cannot stop being primary (409), so a contact with
   * addresses always has one primary.
   */
  removePrimaryAddress(contactId: string, addressId: string): Promise<ContactResponse> {
    return this.change(contactId, ADDRESSES, (_tx, before) => {
      if (!before.some((row) => row.id === addressId)) throw notFound(ADDRESSES.label);
      const primary = primaryAfterUnset(candidates(before), addressId);
      if (primary === undefined) throw new DomainError(ErrorCode.CONFLICT, ONLY_ADDRESS_STAYS_PRIMARY);
      return Promise.resolve(primary);
    });
  }

  /** `set-employment-end-date`: an end date on or after the start date, or null to clear it. */
  setEmploymentEndDate(contactId: string, employmentId: string, endDate: Date | null): Promise<ContactResponse> {
    return this.change(contactId, EMPLOYMENTS, async (tx, before) => {
      const employment = before.find((row) => row.id === employmentId);
      if (!employment) throw notFound(EMPLOYMENTS.label);
      if (endDate && employment.startDate && endDate < employment.startDate) {
        throw validationError([{ path: 'endDate', message: ContactRecordMessage.endBeforeStart }]);
      }
      await tx.contactEmployment.update({ where: { id: employmentId }, data: { endDate } });
      return before.find((row) => row.isPrimary)?.id ?? employmentId;
    });
  }

  async addSocialLink(contactId: string, link: SocialLink): Promise<ContactResponse> {
    await this.changeSocialLinks(contactId, async (tx) => {
      await tx.contactSocialLink.create({
        data: withOrganization({
          id: newId(EntityType.contactSocialLink),
          contactId,
          type: link.type,
          branch: link.branch,
        }),
      });
    });
    return this.contacts.get(contactId);
  }

  async removeSocialLink(contactId: string, linkId: string): Promise<ContactResponse> {
    await this.changeSocialLinks(contactId, async (tx, before) => {
      if (!before.some((row) => row.id === linkId)) throw notFound('Social link');
      await tx.contactSocialLink.delete({ where: { id: linkId } });
    });
    return this.contacts.get(contactId);
  }

  private add<Row extends { id: string; isPrimary: boolean }>(
    contactId: string,
    collection: PrimaryCollection<Row>,
    wantsPrimary: boolean,
    create: (tx: TenantTransaction, id: string) => Promise<unknown>,
  ): Promise<ContactResponse> {
    return this.change(contactId, collection, async (tx, before) => {
      const id = newId(collection.idType);
      await create(tx, id);
      return primaryAfterAdd(candidates(before), id, wantsPrimary);
    });
  }

  private remove<Row extends { id: string; isPrimary: boolean }>(
    contactId: string,
    collection: PrimaryCollection<Row>,
    id: string,
  ): Promise<ContactResponse> {
    return this.change(contactId, collection, async (tx, before) => {
      if (!before.some((row) => row.id === id)) throw notFound(collection.label);
      await collection.remove(tx, id);
      return primaryAfterRemove(candidates(before), id);
    });
  }

  private setPrimary<Row extends { id: string; isPrimary: boolean }>(
    contactId: string,
    collection: PrimaryCollection<Row>,
    id: string,
  ): Promise<ContactResponse> {
    return this.change(contactId, collection, (_tx, before) => {
      if (!before.some((row) => row.id === id)) throw notFound(collection.label);
      return Promise.resolve(id);
    });
  }

  /**
   * One change to one kind of record: lock the contact, read the records, let `mutate` change them
   * and say which is primary now, write that, and log before and after.
   */
  private async change<Row extends { id: string; isPrimary: boolean }>(
    contactId: string,
    collection: PrimaryCollection<Row>,
    mutate: (tx: TenantTransaction, before: Row[]) => Promise<string | null>,
  ): Promise<ContactResponse> {
    await this.prisma.$transaction(async (tx) => {
      await lockContact(tx, contactId);
      const before = await collection.list(tx, contactId);
      const primary = await mutate(tx, before);
      await applyPrimary(tx, collection.table, contactId, primary);
      const after = await collection.list(tx, contactId);
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.contact,
        entityId: contactId,
        before: { [collection.key]: before.map((row) => collection.view(row)) },
        after: { [collection.key]: after.map((row) => collection.view(row)) },
      });
    });
    return this.contacts.get(contactId);
  }

  private async changeSocialLinks(
    contactId: string,
    mutate: (tx: TenantTransaction, before: { id: string }[]) => Promise<void>,
  ): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await lockContact(tx, contactId);
      const list = () =>
        tx.contactSocialLink.findMany({ where: { contactId }, select: socialLinkSelect, orderBy: ORDER_OLDEST_FIRST });
      const before = await list();
      await mutate(tx, before);
      const after = await list();
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.contact,
        entityId: contactId,
        before: { socialLinks: before.map(socialLinkView) },
        after: { socialLinks: after.map(socialLinkView) },
      });
    });
  }
}

/**
 * Locks the contact's row for the rest of the transaction (and marks it changed): concurrent
 * changes to one contact's records wait for each other. Another organization's contact is missing.
 */
async function lockContact(tx: TenantTransaction, contactId: string): Promise<void> {
  const { count } = await tx.contact.updateMany({ where: { id: contactId }, data: { updatedAt: new Date() } });
  if (count === 0) throw notFound('Contact');
}
