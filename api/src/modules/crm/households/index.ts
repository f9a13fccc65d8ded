export { HouseholdsModule } from './households.module.js';
export { CONTACT_TYPE_RANK_SQL } from './households.repository.js';
export {
  HouseholdsWriter,
  type HouseholdColumns,
  type HouseholdDraft,
  type PersonColumns,
  type PersonDraft,
  type Placement,
} from './households.writer.js';
