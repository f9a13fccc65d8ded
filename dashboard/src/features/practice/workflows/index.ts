export { HouseholdWork } from './household-work';
