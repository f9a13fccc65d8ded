import type { Permission } from '@meridian/domain';

/**
 * The product's sections (foundations §2 section keys) in navigation order, plus Calculators, an
 * advisor tool beside Planning, and Imports beside Connections; neither is a section key of its
 * own. Only those marked `available` have a page; the rest are listed so users see what is coming,
 * and are not links. A section with a `permission` is listed only to the roles that hold it (the
 * route shows "Your role does not allow this page" to the others, app-routes.tsx).
 */
export interface Section {
  key: string;
  label: string;
  path: string;
  available: boolean;
  permission?: Permission;
}

const upcoming = (key: string, label: string): Section => ({ key, label, path: `/${key}`, available: false });

export const HOME: Section = { key: 'home', label: 'Home', path: '/', available: true };

export const CALCULATORS: Section = { key: 'calculators', label: 'Calculators', path: '/calculators', available: true };

export const SECTIONS: readonly Section[] = [
  HOME,
  { key: 'crm', label: 'CRM', path: '/crm', available: true },
  { key: 'pipeline', label: 'Pipeline', path: '/pipeline', available: true, permission: 'SALES_READ' },
  { key: 'financial-records', label: 'Financial records', path: '/financial-records', available: true },
  { key: 'cash-flows', label: 'Cash flows', path: '/cash-flows', available: true },
  { key: 'planning', label: 'Planning', path: '/planning', available: true, permission: 'PLANNING_READ' },
  CALCULATORS,
  { key: 'meetings', label: 'Meetings', path: '/meetings', available: true, permission: 'PRACTICE_READ' },
  // "My tasks" (with its overdue count) sits under Home; the team's board is here.
  { key: 'tasks', label: 'Team board', path: '/tasks/board', available: true, permission: 'PRACTICE_READ' },
  { key: 'notes', label: 'Notes', path: '/notes', available: true, permission: 'PRACTICE_READ' },
  { key: 'docs', label: 'Documents', path: '/documents', available: true, permission: 'PRACTICE_READ' },
  { key: 'connections', label: 'Connections', path: '/connections', available: true, permission: 'HUB_MANAGE' },
  { key: 'imports', label: 'Imports', path: '/imports', available: true, permission: 'HUB_MANAGE' },
  { key: 'audit', label: 'Audit log', path: '/audit', available: true, permission: 'AUDIT_READ' },
  // The practice's settings: organization, teams, and (beside it) the user's own profile. Everyone
  // reads them; the edit controls are for ORGANIZATION_MANAGE.
  { key: 'practice', label: 'Settings', path: '/settings/organization', available: true },
  { key: 'branding', label: 'Branding', path: '/branding', available: true, permission: 'ORGANIZATION_MANAGE' },
  { key: 'profile', label: 'My profile', path: '/settings/profile', available: true },
  upcoming('auth', 'Sign-in & security'),
  // The platform operator's (PLATFORM_OPERATOR_EMAILS), not a firm's page.
  {
    key: 'platform',
    label: 'New firms',
    path: '/platform/organizations',
    available: true,
    permission: 'PLATFORM_OPERATE',
  },
];
