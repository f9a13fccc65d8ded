export { ActivityTimeline } from './activity-timeline';
export { HouseholdPracticeTabs } from './record-tabs';
