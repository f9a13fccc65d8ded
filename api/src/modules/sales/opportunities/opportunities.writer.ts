import { Injectable } from '@nestjs/common';
import {
  EntityType,
  newId,
  type DiscoveryMethod,
  type LeadSource,
  type MarketingMedium,
  type OpportunityStage,
  type OpportunityType,
  type Temperature,
} from '@meridian/domain';
import { insertRows, updateRows, type ColumnTypes } from '../../../common/persistence/sql.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';

/** A new opportunity: whom it is with, its team (theirs) and its primary advisor. */
export interface OpportunityDraft {
  teamId: string;
  primaryAdvisorId: string | null;
  contactId: string | null;
  leadId: string | null;
  householdId: string | null;
  name: string | null;
  type: OpportunityType;
}

/** The fields the opportunity calls change. */
export interface OpportunityColumns {
  stage?: OpportunityStage;
  isCorporation?: boolean;
  discoveryMethod?: DiscoveryMethod;
  confidence?: number;
  temperature?: Temperature;
  leadSource?: LeadSource;
  referrer?: string | null;
  marketingCampaign?: string | null;
  marketingContent?: string | null;
  marketingMedium?: MarketingMedium;
  type?: OpportunityType;
  discoveryStartedAt?: Date;
  proposalStartedAt?: Date;
  wonAt?: Date;
  lostAt?: Date;
  lostReason?: string | null;
}

/** A stage entered: null `fromStage` for a new opportunity. */
export interface StageChange {
  opportunityId: string;
  fromStage: OpportunityStage | null;
  toStage: OpportunityStage;
}

const OPPORTUNITY_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  team_id: 'text',
  primary_advisor_id: 'text',
  contact_id: 'text',
  lead_id: 'text',
  household_id: 'text',
  name: 'text',
  type: 'opportunity_type',
  is_corporation: 'boolean',
  stage: 'opportunity_stage',
  discovery_method: 'discovery_method',
  confidence: 'integer',
  temperature: 'temperature',
  lead_source: 'lead_source',
  referrer: 'text',
  marketing_campaign: 'text',
  marketing_content: 'text',
  marketing_medium: 'marketing_medium',
  discovery_started_at: 'timestamptz',
  proposal_started_at: 'timestamptz',
  won_at: 'timestamptz',
  lost_at: 'timestamptz',
  lost_reason: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const OPPORTUNITY_COLUMN: Record<keyof OpportunityColumns, string> = {
  stage: 'stage',
  isCorporation: 'is_corporation',
  discoveryMethod: 'discovery_method',
  confidence: 'confidence',
  temperature: 'temperature',
  leadSource: 'lead_source',
  referrer: 'referrer',
  marketingCampaign: 'marketing_campaign',
  marketingContent: 'marketing_content',
  marketingMedium: 'marketing_medium',
  type: 'type',
  discoveryStartedAt: 'discovery_started_at',
  proposalStartedAt: 'proposal_started_at',
  wonAt: 'won_at',
  lostAt: 'lost_at',
  lostReason: 'lost_reason',
};

const STAGE_CHANGE_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  opportunity_id: 'text',
  from_stage: 'opportunity_stage',
  to_stage: 'opportunity_stage',
  changed_at: 'timestamptz',
  changed_by_user_id: 'text',
};

/**
 * The one writer of opportunities and their stage changes: creates (each with its entry into
 * NEW), writes given fields, records the stages entered; a batch per statement.
 */
@Injectable()
export class OpportunitiesWriter {
  async create(scope: WriteScope, drafts: readonly OpportunityDraft[]): Promise<string[]> {
    const ids = drafts.map(() => newId(EntityType.opportunity));
    await insertRows(
      scope.sql,
      'opportunities',
      OPPORTUNITY_TYPES,
      drafts.map((draft, index) => ({
        id: ids[index]!,
        organization_id: scope.organizationId,
        team_id: draft.teamId,
        primary_advisor_id: draft.primaryAdvisorId,
        contact_id: draft.contactId,
        lead_id: draft.leadId,
        household_id: draft.householdId,
        name: draft.name,
        type: draft.type,
        stage: 'NEW',
        created_at: scope.now,
        updated_at: scope.now,
      })),
    );
    await this.recordStageChanges(
      scope,
      ids.map((opportunityId) => ({ opportunityId, fromStage: null, toStage: 'NEW' })),
    );
    return ids;
  }

  async update(scope: WriteScope, updates: readonly { id: string; fields: OpportunityColumns }[]): Promise<void> {
    await updateRows(
      scope.sql,
      'opportunities',
      scope.organizationId,
      OPPORTUNITY_TYPES,
      updates.map(({ id, fields }) => {
        const set: Record<string, unknown> = { updated_at: scope.now };
        for (const [key, value] of Object.entries(fields)) {
          if (value !== undefined) set[OPPORTUNITY_COLUMN[key as keyof OpportunityColumns]] = value;
        }
        return { id, set };
      }),
    );
  }

  /** The stages entered, at the scope's time, by its user (none for the system or a sync). */
  async recordStageChanges(scope: WriteScope, changes: readonly StageChange[]): Promise<void> {
    await insertRows(
      scope.sql,
      'opportunity_stage_changes',
      STAGE_CHANGE_TYPES,
      changes.map((change) => ({
        id: newId(EntityType.opportunityStageChange),
        organization_id: scope.organizationId,
        opportunity_id: change.opportunityId,
        from_stage: change.fromStage,
        to_stage: change.toStage,
        changed_at: scope.now,
        changed_by_user_id: scope.actor.kind === 'USER' ? scope.actor.id : null,
      })),
    );
  }
}
