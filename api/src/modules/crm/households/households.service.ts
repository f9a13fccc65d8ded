import { Inject, Injectable } from '@nestjs/common';
import {
  EntityType,
  notFound,
  type CreateHousehold,
  type HouseholdListQuery,
  type HouseholdQuery,
  type HouseholdResponse,
  type ListPage,
  type UpdateHousehold,
  householdListItemSchema,
  DEFAULT_VIEW_CURRENCY,
  DomainError,
  Money,
  summariseFinancialView,
  can,
} from '@meridian/domain';
import type { z } from 'zod';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { AuditService } from '../../platform/audit/index.js';
import { contactListItemView } from '../contacts/index.js';
import { customFieldValueViews } from '../custom-fields/index.js';
import { FinancialRecordsService } from '../../financials/financial-records/index.js';
import { corporationView, familyView, foundationView, personView, trustView } from './household-views.js';
import { householdSelect, HouseholdsRepository, type HouseholdRow } from './households.repository.js';
import { HouseholdsWriter } from './households.writer.js';
import { writeScope } from '../../../common/tenancy/write-scope.js';

type HouseholdListItem = z.output<typeof householdListItemSchema>;

/** The household's own columns, for its audit entries. */
function householdRecord(row: HouseholdRow) {
  return {
    teamId: row.teamId,
    name: row.name,
    salutation: row.salutation,
    primaryAdvisorId: row.primaryAdvisor?.id ?? null,
    lastKycUpdatedAt: row.lastKycUpdatedAt?.toISOString() ?? null,
  };
}

/**
 * Households (foundations §3, §7) and what relates to them: members (persons), corporations,
 * trusts, foundations, families and contacts. `GET /households/{householdId}` (`get` below) reads
 * the household with its members, entities, families and custom fields in one statement, then
 * its contacts and financial records side by side; a further part joins as one more entry there
 * (or one more subquery of the household's statement) and one more field of `householdSchema`.
 */
@Injectable()
export class HouseholdsService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(HouseholdsRepository) private readonly households: HouseholdsRepository,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(HouseholdsWriter) private readonly writer: HouseholdsWriter,
    @Inject(FinancialRecordsService) private readonly financialRecords: FinancialRecordsService,
  ) {}

  async get(householdId: string, query: HouseholdQuery, caller: AuthenticatedCaller): Promise<HouseholdResponse> {
    const detail = await this.households.detail(householdId, caller.userId);
    // Another organization's household is indistinguishable from a missing one.
    if (!detail) throw notFound('Household');
    const { household } = detail;
    const [contacts, records] = await Promise.all([
      this.households
        .contacts(householdId)
        // With their person, so the page links each member to their contact.
        .then((rows) => rows.map((row) => contactListItemView(row, { tags: true, entities: true, lead: false }))),
      // Each record in its own currency, and in `currency` when asked (foundations §7).
      this.financialRecords.householdRecords(householdId, query.currency),
    ]);
    const permissions = query.withPermissions ? this.permissions(detail.isTeamMember, caller) : undefined;
    return {
      id: household.id,
      teamId: household.teamId,
      name: household.name,
      salutation: household.salutation,
      primaryAdvisor: household.primaryAdvisor,
      lastKycUpdatedAt: household.lastKycUpdatedAt?.toISOString() ?? null,
      members: detail.members.map(personView),
      corporations: detail.corporations.map(corporationView),
      trusts: detail.trusts.map(trustView),
      foundations: detail.foundations.map(foundationView),
      families: detail.families.map(familyView),
      contacts,
      customFields: customFieldValueViews(detail.customFields.definitions, detail.customFields.values),
      financialRecords: records.records,
      ...(permissions ? { permissions } : {}),
      createdAt: household.createdAt.toISOString(),
      updatedAt: household.updatedAt.toISOString(),
    };
  }

  private permissions(isTeamMember: boolean, caller: AuthenticatedCaller) {
    return {
      role: caller.role,
      isTeamMember,
      // The household was reached, so the team scope allows it; what is left is the role's matrix.
      can: {
        edit: can(caller, 'CRM_WRITE'),
        delete: can(caller, 'CRM_DELETE'),
        editFinancials: can(caller, 'FINANCIALS_WRITE'),
        deleteFinancials: can(caller, 'FINANCIALS_DELETE'),
        linkBank: can(caller, 'BANK_LINK'),
      },
    };
  }

  /**
   * A page of households with what tells two of the same name apart: members, advisor and total
   * assets in the financial view's default currency (each household's records read and converted
   * as its financial view does, a page at a time).
   */
  async list(query: HouseholdListQuery): Promise<ListPage<HouseholdListItem>> {
    const { rows, total } = await this.households.list(query);
    const assets = await Promise.all(rows.map((row) => this.totalAssets(row.id)));
    return {
      items: rows.map((row, index) => ({
        id: row.id,
        teamId: row.teamId,
        name: row.name,
        salutation: row.salutation,
        memberCount: row.memberNames.length,
        memberNames: row.memberNames,
        contactType: row.contactType as HouseholdListItem['contactType'],
        primaryAdvisor: row.advisorId && row.advisorName ? { id: row.advisorId, displayName: row.advisorName } : null,
        lastKycUpdatedAt: row.lastKycUpdatedAt?.toISOString() ?? null,
        totalAssets: assets[index]!,
        assetsCurrency: DEFAULT_VIEW_CURRENCY,
        createdAt: row.createdAt.toISOString(),
      })),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  private async totalAssets(householdId: string): Promise<string | null> {
    let records;
    try {
      ({ records } = await this.financialRecords.householdRecords(householdId, DEFAULT_VIEW_CURRENCY));
    } catch (error) {
      // A currency without a rate makes the total unknown, not the list unavailable.
      if (error instanceof DomainError) return null;
      throw error;
    }
    const totals = summariseFinancialView(
      records.map((record) => ({
        accountGroup: record.accountGroup,
        converted: record.converted ? Money.fromJSON(record.converted) : null,
      })),
      DEFAULT_VIEW_CURRENCY,
    );
    return totals.totalAssets.toJSON().value;
  }

  /** `GET /advisors`: the organization's professionals, for the advisor filters. */
  advisors() {
    return this.households.advisors();
  }

  async create(input: CreateHousehold, caller: AuthenticatedCaller): Promise<HouseholdResponse> {
    await this.checkReferences(input);
    const householdId = await this.prisma.$transaction(async (tx) => {
      const [id] = await this.writer.createHouseholds(writeScope(tx), [
        {
          teamId: input.teamId,
          name: input.name,
          salutation: input.salutation,
          primaryAdvisorId: input.primaryAdvisorId,
          lastKycUpdatedAt: input.lastKycUpdatedAt,
        },
      ]);
      const row = await tx.household.findUniqueOrThrow({ where: { id: id! }, select: householdSelect });
      await this.audit.record(tx, {
        action: 'CREATE',
        entityType: EntityType.household,
        entityId: id!,
        after: householdRecord(row),
      });
      return id!;
    });
    return this.get(householdId, { withPermissions: false }, caller);
  }

  async update(householdId: string, input: UpdateHousehold, caller: AuthenticatedCaller): Promise<HouseholdResponse> {
    await this.checkReferences(input);
    await this.prisma.$transaction(async (tx) => {
      const before = await tx.household.findUnique({ where: { id: householdId }, select: householdSelect });
      if (!before) throw notFound('Household');
      await this.writer.updateHouseholds(writeScope(tx), [
        {
          id: householdId,
          fields: {
            ...(input.teamId === undefined ? {} : { teamId: input.teamId }),
            ...(input.name === undefined ? {} : { name: input.name }),
            ...(input.salutation === undefined ? {} : { salutation: input.salutation || null }),
            ...(input.primaryAdvisorId === undefined ? {} : { primaryAdvisorId: input.primaryAdvisorId }),
            ...(input.lastKycUpdatedAt === undefined ? {} : { lastKycUpdatedAt: input.lastKycUpdatedAt }),
          },
        },
      ]);
      const after = await tx.household.findUniqueOrThrow({ where: { id: householdId }, select: householdSelect });
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.household,
        entityId: householdId,
        before: householdRecord(before),
        after: householdRecord(after),
      });
    });
    return this.get(householdId, { withPermissions: false }, caller);
  }

  /** The team and advisor a household names must be the organization's own (else 404, like missing ones). */
  private async checkReferences(input: { teamId?: string | undefined; primaryAdvisorId?: string | null | undefined }) {
    if (input.teamId && !(await this.households.exists('team', input.teamId))) throw notFound('Team');
    if (input.primaryAdvisorId && !(await this.households.exists('professional', input.primaryAdvisorId))) {
      throw notFound('Professional');
    }
  }

  private async requireHousehold(householdId: string): Promise<void> {
    if (!(await this.households.exists('household', householdId))) throw notFound('Household');
  }

  private async members(householdId: string) {
    return (await this.households.members(householdId)).map(personView);
  }
  private async corporations(householdId: string) {
    return (await this.households.corporations(householdId)).map(corporationView);
  }
  private async trusts(householdId: string) {
    return (await this.households.trusts(householdId)).map(trustView);
  }
  private async foundations(householdId: string) {
    return (await this.households.foundations(householdId)).map(foundationView);
  }

  /** The persons, corporations, trusts or foundations of a household (404 when it is not the caller's). */
  async related(householdId: string, kind: 'members' | 'corporations' | 'trusts' | 'foundations') {
    await this.requireHousehold(householdId);
    switch (kind) {
      case 'members':
        return this.members(householdId);
      case 'corporations':
        return this.corporations(householdId);
      case 'trusts':
        return this.trusts(householdId);
      case 'foundations':
        return this.foundations(householdId);
    }
  }
}
