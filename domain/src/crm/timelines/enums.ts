/**
 * The kinds of life event a timeline holds (ours: the spec names the life event and its date, not
 * its kinds). Stored in `life_events.category`; the dashboard shows the label as the event's type.
 */
export const LifeEventCategory = [
  'BIRTH',
  'MARRIAGE',
  'SEPARATION',
  'DEATH',
  'EDUCATION',
  'CAREER_CHANGE',
  'HOME_PURCHASE',
  'HOME_SALE',
  'BUSINESS_SALE',
  'INHERITANCE',
  'HEALTH',
  'RETIREMENT',
  'OTHER',
] as const;
export type LifeEventCategory = (typeof LifeEventCategory)[number];

export const LIFE_EVENT_CATEGORY_LABELS: Readonly<Record<LifeEventCategory, string>> = {
  BIRTH: 'Birth or adoption',
  MARRIAGE: 'Marriage',
  SEPARATION: 'Separation or divorce',
  DEATH: 'Death',
  EDUCATION: 'Education',
  CAREER_CHANGE: 'Career change',
  HOME_PURCHASE: 'Home purchase',
  HOME_SALE: 'Home sale',
  BUSINESS_SALE: 'Business sale',
  INHERITANCE: 'Inheritance',
  HEALTH: 'Health event',
  RETIREMENT: 'Retirement',
  OTHER: 'Other',
};
