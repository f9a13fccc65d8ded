export { OpportunitiesModule } from './opportunities.module.js';
export { OpportunitiesService } from './opportunities.service.js';
export { OpportunitiesRepository, type OpportunityRow } from './opportunities.repository.js';
export {
  OpportunitiesWriter,
  type OpportunityColumns,
  type OpportunityDraft,
  type StageChange,
} from './opportunities.writer.js';
