export { HouseholdsModule } from './households.module.js';
export { CONTACT_TYPE_RANK_SQL } from './households.repository.js';
