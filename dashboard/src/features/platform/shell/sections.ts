/**
 * The product's sections (foundations §2 section keys) in navigation order, plus Calculators, an
 * advisor tool beside Planning, and Imports beside Connections; neither is a section key of its
 * own. Only those marked `available` have a page; the rest are listed so users see what is coming,
 * and are not links.
 */
export interface Section {
  key: string;
  label: string;
  path: string;
  available: boolean;
  /** Shown only to the platform's operators (PLATFORM_OPERATOR_EMAILS), not a firm's page. */
  operatorOnly?: boolean;
}

const upcoming = (key: string, label: string): Section => ({ key, label, path: `/${key}`, available: false });

export const HOME: Section = { key: 'home', label: 'Home', path: '/', available: true };

export const CALCULATORS: Section = { key: 'calculators', label: 'Calculators', path: '/calculators', available: true };

export const SECTIONS: readonly Section[] = [
  HOME,
  { key: 'crm', label: 'CRM', path: '/crm', available: true },
  { key: 'financial-records', label: 'Financial records', path: '/financial-records', available: true },
  { key: 'cash-flows', label: 'Cash flows', path: '/cash-flows', available: true },
  upcoming('planning', 'Planning'),
  CALCULATORS,
  upcoming('life-events', 'Life events'),
  upcoming('meetings', 'Meetings'),
  upcoming('tasks', 'Tasks'),
  upcoming('notes', 'Notes'),
  upcoming('docs', 'Documents'),
  { key: 'connections', label: 'Connections', path: '/connections', available: true },
  { key: 'imports', label: 'Imports', path: '/imports', available: true },
  { key: 'audit', label: 'Audit log', path: '/audit', available: true },
  // The practice's settings: organization, teams, and (beside it) the user's own profile.
  { key: 'practice', label: 'Settings', path: '/settings/organization', available: true },
  { key: 'branding', label: 'Branding', path: '/branding', available: true },
  { key: 'profile', label: 'My profile', path: '/settings/profile', available: true },
  upcoming('auth', 'Sign-in & security'),
  { key: 'platform', label: 'New firms', path: '/platform/organizations', available: true, operatorOnly: true },
];
