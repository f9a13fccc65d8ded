export { OrganizationsModule } from './organizations.module.js';
