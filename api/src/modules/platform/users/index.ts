export { UsersModule } from './users.module.js';
export { UsersService, type FoundedOrganization, type OrganizationFounder } from './users.service.js';
