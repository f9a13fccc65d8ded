export { TeamsModule } from './teams.module.js';
