import type {
  OpportunityList,
  OpportunityPageView,
  OpportunityResponse,
  OpportunityStage,
  PipelineResponse,
} from '@meridian/domain';
import { apiRequest } from '../../../api';
import { withQuery } from '../../../api/query';

/** The pipeline's narrowing, as the URL holds it: empty is "all" or an open end of the period. */
export interface PipelineFilter {
  teamId: string;
  primaryAdvisorId: string;
  startDate: string;
  endDate: string;
}

/** The stage moves the opportunity page offers; each answers the whole opportunity. */
export type StageMove = 'initiateDiscovery' | 'initiateProposal' | 'closeWon' | 'closeLost';

const MOVE_PATHS: Readonly<Record<StageMove, string>> = {
  initiateDiscovery: 'initiate-discovery',
  initiateProposal: 'initiate-proposal',
  closeWon: 'close/won',
  closeLost: 'close/lost',
};

// The opportunity calls of crm §7 the pipeline pages make (the path spelt `opportunitys` as the spec does).
export const opportunityCalls = {
  pipeline: (filter: PipelineFilter, signal?: AbortSignal) =>
    apiRequest<PipelineResponse>(withQuery('/opportunitys/pipeline', { ...filter }), { signal }),
  pageView: (opportunityId: string, signal?: AbortSignal) =>
    apiRequest<OpportunityPageView>(`/opportunitys/page-view/${opportunityId}`, { signal }),
  /** A stage's opportunities for the board, a page at a time, narrowed as the pipeline is. */
  list: (query: PipelineFilter & { stage: OpportunityStage; page: number; limit: number }, signal?: AbortSignal) =>
    apiRequest<OpportunityList>(withQuery('/opportunitys', { ...query }), { signal }),
  /** A stage move; closing as lost takes the reason given, if any. */
  move: (opportunityId: string, move: StageMove, reason?: string) =>
    apiRequest<OpportunityResponse>(`/opportunitys/${opportunityId}/${MOVE_PATHS[move]}`, {
      method: 'PATCH',
      body: move === 'closeLost' && reason ? { reason } : {},
    }),
  create: (body: { householdId: string } | { contactId: string } | { leadId: string }) =>
    apiRequest<OpportunityResponse>('/opportunitys', { method: 'POST', body }),
};
