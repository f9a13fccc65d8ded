import { Inject, Injectable } from '@nestjs/common';
import {
  conversionRate,
  DomainError,
  ErrorCode,
  notFound,
  OPPORTUNITY_PIPELINE_ORDER,
  OpportunityStage,
  opportunityTransition,
  parseId,
  toIsoDate,
  type CreateOpportunityInput,
  type OpportunityAction,
  type OpportunityPageView,
  type OpportunityResponse,
  type OpportunityTransition,
  type PipelineConversion,
  type PipelineQuery,
  type PipelineResponse,
  type ReferenceUse,
} from '@meridian/domain';
import { writeScope, type WriteScope } from '../../../common/tenancy/write-scope.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { AuditService } from '../../platform/audit/index.js';
import { EntityResolver, type Reference } from '../../platform/entity-resolver/index.js';
import { OpportunitiesRepository, type OpportunityRow } from './opportunities.repository.js';
import { OpportunitiesWriter, type OpportunityColumns, type OpportunityDraft } from './opportunities.writer.js';

const HOUSEHOLD_USE = { kinds: ['HOUSEHOLD'] } as const satisfies ReferenceUse;
const CONTACT_USE = { kinds: ['CONTACT'] } as const satisfies ReferenceUse;
// A lead is seen through its contact: a lead whose contact is out of reach is not found.
const LEAD_CONTACT_USE = { kinds: ['CONTACT'], notFoundAs: 'Lead' } as const satisfies ReferenceUse;
const TEAM_USE = { kinds: ['TEAM'] } as const satisfies ReferenceUse;
const ADVISOR_USE = { kinds: ['PROFESSIONAL'], notFoundAs: 'Primary advisor' } as const satisfies ReferenceUse;

const DAY_MS = 86_400_000;

/** The lifecycle's refusal as the API answers it: 409 with its sentence. */
function allowed(transition: OpportunityTransition): Extract<OpportunityTransition, { ok: true }> {
  if (!transition.ok) throw new DomainError(ErrorCode.CONFLICT, transition.message);
  return transition;
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

function responseOf(row: OpportunityRow): OpportunityResponse {
  return {
    ...row,
    discoveryStartedAt: iso(row.discoveryStartedAt),
    proposalStartedAt: iso(row.proposalStartedAt),
    wonAt: iso(row.wonAt),
    lostAt: iso(row.lostAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The opportunity calls of crm §7 and the creation and loss the pipeline needs: every change is
 * one transaction (the row locked, the stage rule checked, the fields written, the stage entered
 * recorded, the audit entry), and every id taken goes through the caller's team scope.
 */
@Injectable()
export class OpportunitiesService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(OpportunitiesRepository) private readonly opportunities: OpportunitiesRepository,
    @Inject(OpportunitiesWriter) private readonly writer: OpportunitiesWriter,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(EntityResolver) private readonly entities: EntityResolver,
  ) {}

  // ---- reads ----

  async get(opportunityId: string): Promise<OpportunityResponse> {
    const row = await this.opportunities.find(opportunityId);
    if (!row) throw notFound('Opportunity');
    return responseOf(row);
  }

  /** The opportunity with the names its page shows and its stage history. */
  async pageView(opportunityId: string): Promise<OpportunityPageView> {
    const row = await this.opportunities.find(opportunityId);
    if (!row) throw notFound('Opportunity');
    const named = [row.teamId, row.contactId, row.householdId, row.primaryAdvisorId].filter(
      (id): id is string => id !== null,
    );
    const [names, history] = await Promise.all([
      this.entities.displayNames(named),
      this.opportunities.stageChanges(opportunityId),
    ]);
    const nameOf = (id: string) => names.get(id) ?? '';
    const subject = row.leadId
      ? { kind: 'LEAD' as const, id: row.leadId, name: row.contactId ? nameOf(row.contactId) : '' }
      : row.householdId
        ? { kind: 'HOUSEHOLD' as const, id: row.householdId, name: nameOf(row.householdId) }
        : row.contactId
          ? { kind: 'CONTACT' as const, id: row.contactId, name: nameOf(row.contactId) }
          : null;
    return {
      opportunity: responseOf(row),
      subject,
      team: { id: row.teamId, name: nameOf(row.teamId) },
      primaryAdvisor: row.primaryAdvisorId ? { id: row.primaryAdvisorId, name: nameOf(row.primaryAdvisorId) } : null,
      stageChanges: history.map((change) => ({ ...change, changedAt: change.changedAt.toISOString() })),
    };
  }

  /**
   * Per stage, the opportunities there now and those that entered it in the period, with their
   * expected annual fees and investable assets in the query's currency (`pipelineStageSchema`);
   * the conversion of each step over the period.
   */
  async pipeline(query: PipelineQuery): Promise<PipelineResponse> {
    const references: Reference[] = [];
    if (query.teamId) references.push({ id: query.teamId, use: TEAM_USE, path: 'teamId' });
    if (query.primaryAdvisorId) {
      references.push({ id: query.primaryAdvisorId, use: ADVISOR_USE, path: 'primaryAdvisorId' });
    }
    await this.entities.require(references);
    const rows = await this.opportunities.pipeline({
      teamId: query.teamId,
      primaryAdvisorId: query.primaryAdvisorId,
      from: query.startDate ?? null,
      // Both ends are whole days: the period runs to the end of its last day.
      until: query.endDate ? new Date(query.endDate.getTime() + DAY_MS) : null,
      currency: query.currency,
    });
    const byStage = new Map(rows.map((row) => [row.stage, row]));
    const conversions: PipelineConversion[] = OPPORTUNITY_PIPELINE_ORDER.slice(0, -1).map((fromStage, index) => {
      const row = byStage.get(fromStage);
      const entered = row?.entered ?? 0;
      const converted = row?.converted ?? 0;
      return {
        fromStage,
        toStage: OPPORTUNITY_PIPELINE_ORDER[index + 1]!,
        entered,
        converted,
        rate: conversionRate(entered, converted),
      };
    });
    return {
      currency: query.currency,
      startDate: query.startDate ? toIsoDate(query.startDate) : null,
      endDate: query.endDate ? toIsoDate(query.endDate) : null,
      stages: OpportunityStage.map((stage) => ({
        stage,
        count: byStage.get(stage)?.current ?? 0,
        enteredInPeriod: byStage.get(stage)?.entered ?? 0,
        expectedAnnualFees: byStage.get(stage)?.expectedAnnualFees ?? null,
        aum: byStage.get(stage)?.aum ?? null,
      })),
      conversions,
    };
  }

  // ---- writes ----

  /**
   * A sale begun with a lead (its contact kept beside it), a household or a contact, in their team;
   * it starts at NEW, recorded as its first stage.
   */
  async create(input: CreateOpportunityInput): Promise<OpportunityResponse> {
    const draft = await this.draftOf(input);
    const opportunityId = await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const [id] = await this.writer.create(scope, [draft]);
      const after = (await this.opportunities.find(id!, { sql: scope.sql }))!;
      await this.audit.recordMany(scope, [
        { action: 'CREATE', entityType: parseId(id!).type, entityId: id!, after: responseOf(after) },
      ]);
      return id!;
    });
    return this.get(opportunityId);
  }

  initiateDiscovery(opportunityId: string, corporation: boolean | undefined): Promise<OpportunityResponse> {
    return this.act(opportunityId, 'initiateDiscovery', (now) => ({
      discoveryStartedAt: now,
      ...(corporation === undefined ? {} : { isCorporation: corporation }),
    }));
  }

  initiateProposal(opportunityId: string): Promise<OpportunityResponse> {
    return this.act(opportunityId, 'initiateProposal', (now) => ({ proposalStartedAt: now }));
  }

  closeWon(opportunityId: string): Promise<OpportunityResponse> {
    return this.act(opportunityId, 'closeWon', (now) => ({ wonAt: now }));
  }

  closeLost(opportunityId: string, reason: string | undefined): Promise<OpportunityResponse> {
    return this.act(opportunityId, 'closeLost', (now) => ({ lostAt: now, lostReason: reason ?? null }));
  }

  /** A setter of crm §7: allowed while the sale is open. */
  set(opportunityId: string, fields: OpportunityColumns): Promise<OpportunityResponse> {
    return this.act(opportunityId, 'edit', () => fields);
  }

  /**
   * One call on one opportunity: the row locked (two calls at once take turns, and the second
   * meets the first's stage), the stage rule, the fields and the stage written, the stage entered
   * recorded when it changes, the audit entry; one transaction.
   */
  private async act(
    opportunityId: string,
    action: OpportunityAction,
    fieldsAt: (now: Date) => OpportunityColumns,
  ): Promise<OpportunityResponse> {
    await this.prisma.$transaction((tx) => this.actIn(writeScope(tx), opportunityId, action, fieldsAt));
    return this.get(opportunityId);
  }

  /**
   * Initiates the proposal stage inside another module's transaction (a proposal created while its
   * opportunity is in discovery): the same rule, stage change and audit entry as the route's.
   */
  initiateProposalIn(scope: WriteScope, opportunityId: string): Promise<void> {
    return this.actIn(scope, opportunityId, 'initiateProposal', (now) => ({ proposalStartedAt: now }));
  }

  /**
   * Closes the sale as won inside another module's transaction (its proposal accepted): the same
   * rule, stage change and audit entry as `close/won`'s.
   */
  closeWonIn(scope: WriteScope, opportunityId: string): Promise<void> {
    return this.actIn(scope, opportunityId, 'closeWon', (now) => ({ wonAt: now }));
  }

  private async actIn(
    scope: WriteScope,
    opportunityId: string,
    action: OpportunityAction,
    fieldsAt: (now: Date) => OpportunityColumns,
  ): Promise<void> {
    const before = await this.opportunities.find(opportunityId, { sql: scope.sql, forUpdate: true });
    if (!before) throw notFound('Opportunity');
    const { stage } = allowed(opportunityTransition(before.stage, action));
    await this.writer.update(scope, [{ id: opportunityId, fields: { ...fieldsAt(scope.now), stage } }]);
    if (stage !== before.stage) {
      await this.writer.recordStageChanges(scope, [{ opportunityId, fromStage: before.stage, toStage: stage }]);
    }
    const after = (await this.opportunities.find(opportunityId, { sql: scope.sql }))!;
    await this.audit.recordMany(scope, [
      {
        action: 'UPDATE',
        entityType: parseId(opportunityId).type,
        entityId: opportunityId,
        before: responseOf(before),
        after: responseOf(after),
      },
    ]);
  }

  /** Whom the sale is with and its team, each id within the caller's reach (404 otherwise). */
  private async draftOf(input: CreateOpportunityInput): Promise<OpportunityDraft> {
    const primaryAdvisorId = input.primaryAdvisorId ?? null;
    if (primaryAdvisorId) await this.entities.requireOne(primaryAdvisorId, ADVISOR_USE, 'primaryAdvisorId');
    const common = { primaryAdvisorId, name: input.name ?? null };
    if (input.leadId) {
      const lead = await this.opportunities.findLead(input.leadId);
      if (!lead) throw notFound('Lead');
      await this.entities.requireOne(lead.contactId, LEAD_CONTACT_USE, 'leadId');
      return {
        ...common,
        teamId: lead.teamId,
        leadId: lead.id,
        contactId: lead.contactId,
        householdId: null,
        type: input.type ?? 'LEAD',
      };
    }
    if (input.householdId) {
      const household = await this.entities.requireOne(input.householdId, HOUSEHOLD_USE, 'householdId');
      return {
        ...common,
        teamId: household.teamId!,
        leadId: null,
        contactId: null,
        householdId: household.id,
        type: input.type ?? 'FAMILY',
      };
    }
    const contact = await this.entities.requireOne(input.contactId!, CONTACT_USE, 'contactId');
    return {
      ...common,
      teamId: contact.teamId!,
      leadId: null,
      contactId: contact.id,
      householdId: null,
      type: input.type ?? 'LEAD',
    };
  }
}
