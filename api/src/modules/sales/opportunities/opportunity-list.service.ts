import { Inject, Injectable } from '@nestjs/common';
import { type OpportunityList, type OpportunityListQuery, type ReferenceUse } from '@meridian/domain';
import { EntityResolver, type Reference } from '../../platform/entity-resolver/index.js';
import { OpportunitiesRepository } from './opportunities.repository.js';

const TEAM_USE = { kinds: ['TEAM'] } as const satisfies ReferenceUse;
const ADVISOR_USE = { kinds: ['PROFESSIONAL'], notFoundAs: 'Primary advisor' } as const satisfies ReferenceUse;
const DAY_MS = 86_400_000;

/**
 * `GET /opportunitys`: the pipeline board's cards, a stage's opportunities a page at a time,
 * narrowed as the pipeline is; the team and advisor named go through the caller's scope (404).
 */
@Injectable()
export class OpportunityListService {
  constructor(
    @Inject(OpportunitiesRepository) private readonly opportunities: OpportunitiesRepository,
    @Inject(EntityResolver) private readonly entities: EntityResolver,
  ) {}

  async list(query: OpportunityListQuery): Promise<OpportunityList> {
    const references: Reference[] = [];
    if (query.teamId) references.push({ id: query.teamId, use: TEAM_USE, path: 'teamId' });
    if (query.primaryAdvisorId) {
      references.push({ id: query.primaryAdvisorId, use: ADVISOR_USE, path: 'primaryAdvisorId' });
    }
    await this.entities.require(references);
    const { rows, total } = await this.opportunities.list({
      stage: query.stage,
      teamId: query.teamId,
      primaryAdvisorId: query.primaryAdvisorId,
      from: query.startDate ?? null,
      // Both ends are whole days: the period runs to the end of its last day.
      until: query.endDate ? new Date(query.endDate.getTime() + DAY_MS) : null,
      currency: query.currency,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return {
      items: rows.map((row) => ({ ...row, stageEnteredAt: row.stageEnteredAt.toISOString() })),
      page: query.page,
      limit: query.limit,
      total,
      currency: query.currency,
    };
  }
}
