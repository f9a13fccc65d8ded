export { HouseholdTimeline } from './household-timeline';
