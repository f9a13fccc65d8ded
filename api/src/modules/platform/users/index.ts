export { UsersModule } from './users.module.js';
export { UsersService, type FoundedOrganization, type OrganizationFounder } from './users.service.js';
export {
  OPERATOR_ORGANIZATION_NAME,
  createOperatorAccount,
  verifyOperatorAccount,
  type OperatorAccountResult,
} from './operator-account.js';
