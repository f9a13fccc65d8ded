/**
 * The permission matrix (docs/PERMISSIONS.md). Every API route declares the one permission it
 * needs; a role holds a fixed set of them. The API's guard and the dashboard (which hides what a
 * role may not use) both read this table, so the two cannot disagree.
 */
import type { UserRole } from '../users/enums.js';

export const Permission = [
  /** Any signed-in user: their own profile, home, search, reference data, calculators. */
  'SIGNED_IN',
  /** Read contacts, leads, households, persons, timelines and reports of one's teams. */
  'CRM_READ',
  /** Create and change them. */
  'CRM_WRITE',
  /** Delete, merge or remove members from them. */
  'CRM_DELETE',
  /** Read financial records, cash flows and the financial view of one's teams' households. */
  'FINANCIALS_READ',
  'FINANCIALS_WRITE',
  'FINANCIALS_DELETE',
  /** Link a household's bank through Plaid and place its accounts. */
  'BANK_LINK',
  /** Read tasks, workflows, notes, documents, meetings, booking templates and e-mail threads of one's teams. */
  'PRACTICE_READ',
  /** Create, change, complete and assign them; star notes; upload documents; update e-mail threads from a mailbox. */
  'PRACTICE_WRITE',
  /** Delete notes, documents and booking templates. */
  'PRACTICE_DELETE',
  /** Read opportunities and the pipeline of one's teams. */
  'SALES_READ',
  /** Create opportunities and move them through their stages. */
  'SALES_WRITE',
  /** Read the financial plans of one's teams' households and run their projections. */
  'PLANNING_READ',
  /** Make plans from a household's records and change their settings, people and parts. */
  'PLANNING_WRITE',
  /** The organization's settings, teams, invitations of team members, brands, custom fields. */
  'ORGANIZATION_MANAGE',
  /** Set exchange rates. */
  'FX_MANAGE',
  /** Connections, sync runs, imports and drop folders. */
  'HUB_MANAGE',
  /** The organization-wide audit log. */
  'AUDIT_READ',
  /** See deleted records and restore them. */
  'RECORDS_RESTORE',
  /** The hosting platform's operator (not a firm role): invites new firms. */
  'PLATFORM_OPERATE',
] as const;
export type Permission = (typeof Permission)[number];

export const PERMISSION_LABELS: Readonly<Record<Permission, string>> = {
  SIGNED_IN: 'Any signed-in user',
  CRM_READ: 'Read the CRM of their teams',
  CRM_WRITE: 'Create and edit in the CRM of their teams',
  CRM_DELETE: 'Delete and merge in the CRM of their teams',
  FINANCIALS_READ: 'Read the financials of their teams',
  FINANCIALS_WRITE: 'Create and edit financials of their teams',
  FINANCIALS_DELETE: 'Delete financials of their teams',
  BANK_LINK: 'Link a household’s bank',
  PRACTICE_READ: 'Read the tasks, notes, documents and meetings of their teams',
  PRACTICE_WRITE: 'Create and edit tasks, notes, documents and meetings of their teams',
  PRACTICE_DELETE: 'Delete notes, documents and booking templates of their teams',
  SALES_READ: 'Read the opportunities and pipeline of their teams, and the firm’s offerings and package templates',
  SALES_WRITE: 'Create and move the opportunities of their teams; edit the firm’s offerings and package templates',
  PLANNING_READ: 'Read the financial plans of their teams and run their projections',
  PLANNING_WRITE: 'Create and edit the financial plans of their teams',
  ORGANIZATION_MANAGE: 'Manage the organization, teams and invitations',
  FX_MANAGE: 'Set exchange rates',
  HUB_MANAGE: 'Manage connections, syncs and imports',
  AUDIT_READ: 'Read the audit log',
  RECORDS_RESTORE: 'Restore deleted records',
  PLATFORM_OPERATE: 'Operate the platform',
};

const ADVISING: readonly Permission[] = [
  'SIGNED_IN',
  'CRM_READ',
  'CRM_WRITE',
  'CRM_DELETE',
  'FINANCIALS_READ',
  'FINANCIALS_WRITE',
  'FINANCIALS_DELETE',
  'BANK_LINK',
  'PRACTICE_READ',
  'PRACTICE_WRITE',
  'PRACTICE_DELETE',
  'SALES_READ',
  'SALES_WRITE',
  'PLANNING_READ',
  'PLANNING_WRITE',
];

/** What each role may do. ADMIN alone works across every team of the organization. */
export const ROLE_PERMISSIONS: Readonly<Record<UserRole, readonly Permission[]>> = {
  ADMIN: Permission.filter((permission) => permission !== 'PLATFORM_OPERATE'),
  ADVISOR: ADVISING,
  ADVISING_REPRESENTATIVE: ADVISING,
  // An associate works the files but cannot delete anything; a sale is the advisor's to move, so
  // they follow the pipeline without changing it.
  ASSOCIATE_ADVISING_REPRESENTATIVE: ADVISING.filter(
    (permission) => !permission.endsWith('_DELETE') && permission !== 'SALES_WRITE',
  ),
  // A portfolio manager reads portfolios and plans (and runs a plan's projection) and changes no
  // record; they work the practice as any team member does: complete the tasks given to them,
  // write notes, upload documents, without deleting anyone's work. They follow the pipeline but do
  // not sell.
  PM: ['SIGNED_IN', 'CRM_READ', 'FINANCIALS_READ', 'PRACTICE_READ', 'PRACTICE_WRITE', 'SALES_READ', 'PLANNING_READ'],
};

/**
 * A rule on top of a route's permission, declared beside it (`@ApiRoute`'s `condition`), shown in
 * the OpenAPI document (`x-permission-condition`) and in docs/PERMISSIONS.md's route table, and
 * checked on both sides by test/integration/permissions.test.ts. The route's permission lets a
 * role use it within `within`; beyond that it needs `beyond`. Which rows a caller reaches (their
 * teams) is the tenancy layer's, not a condition.
 */
export const PermissionCondition = [
  /** A professional's profile, avatar and links page: one's own, or anyone's with `beyond`. */
  'OWN_PROFILE',
  /** The audit log: one record's history (`entityId`, a record the caller reaches), or all of it with `beyond`. */
  'ONE_RECORD_HISTORY',
  /** Uploads: a file outside the vault (a photo, a logo), or a vault file with `beyond`. */
  'OUTSIDE_VAULT',
] as const;
export type PermissionCondition = (typeof PermissionCondition)[number];

export interface PermissionConditionRule {
  /** What the route's own permission covers, in words. */
  within: string;
  /** A short form of `within`, for the table's cells. */
  short: string;
  /** The permission needed beyond it. */
  beyond: Permission;
}

export const PERMISSION_CONDITIONS: Readonly<Record<PermissionCondition, PermissionConditionRule>> = {
  OWN_PROFILE: { within: 'their own professional profile', short: 'own', beyond: 'ORGANIZATION_MANAGE' },
  ONE_RECORD_HISTORY: {
    within: 'the history of one record they can reach (entityId)',
    short: 'one record',
    beyond: 'AUDIT_READ',
  },
  OUTSIDE_VAULT: { within: 'a file outside the vault', short: 'not the vault', beyond: 'CRM_WRITE' },
};

/** Whether `holder` may use a route declared with `condition` beyond its narrow case. */
export function canBeyond(holder: PermissionHolder, condition: PermissionCondition): boolean {
  return can(holder, PERMISSION_CONDITIONS[condition].beyond);
}

/** Roles that see every team's households, contacts and records; the others see their teams'. */
export const ORGANIZATION_WIDE_ROLES: readonly UserRole[] = ['ADMIN'];

export interface PermissionHolder {
  role: UserRole;
  platformOperator?: boolean;
}

/** Whether `holder` may use a route or a button declared with `permission`. */
export function can(holder: PermissionHolder, permission: Permission): boolean {
  if (permission === 'PLATFORM_OPERATE') return holder.platformOperator === true;
  return ROLE_PERMISSIONS[holder.role].includes(permission);
}

export function seesEveryTeam(role: UserRole): boolean {
  return ORGANIZATION_WIDE_ROLES.includes(role);
}

/** The guard's refusal, one sentence naming the role and what it lacks. */
export function permissionRefusal(permission: Permission, roleLabel: string): string {
  return `Your role (${roleLabel}) does not allow this: it needs the permission “${PERMISSION_LABELS[permission]}”`;
}
