// What every part of the demo seed shares: the seed, the ids, the reference date, the rows waiting
// to be written, and the firm-level rows that client rows point at.
import type { CopyBuffer } from './copy.js';
import type { IdFactory } from './ids.js';

export interface SeedContext {
  seed: number;
  organizationId: string;
  /** "Now" for the data: past and future are relative to it (docs in scripts/seed/demo.ts). */
  referenceDate: Date;
  ids: IdFactory;
  out: CopyBuffer;
  firm: Firm;
}

export type TeamKey = 'east' | 'west';

/** A login and its membership in a team: who organizes a meeting, is assigned a task, writes a note. */
export interface StaffMember {
  userId: string;
  teamMemberId: string;
  name: string;
  email: string;
}

export interface Advisor {
  /** The primary advisor of their households and opportunities. */
  professionalId: string;
  name: string;
  teamId: string;
  team: TeamKey;
  /** Advises US clients (cross-border). */
  crossBorder: boolean;
  /**
   * Who did the work recorded for the advisor's clients (meetings, tasks, notes): the advisor, or
   * for an advisor who has just joined, the colleague whose clients they took over.
   */
  actor: StaffMember;
}

export interface Firm {
  teams: Record<TeamKey, { id: string; name: string; timeZone: string }>;
  advisors: readonly Advisor[];
  /** The portfolio manager's membership in each team. */
  portfolioManagerMemberIds: Record<TeamKey, string>;
  institutionIds: ReadonlyMap<string, string>;
  tagIds: Readonly<Record<TagKey, string>>;
  groupIds: Readonly<Record<TeamKey, { retirees: string; businessOwners: string }>>;
  /** Offerings a proposal's offer includes: planning, management, insurance. */
  offeringIds: { planning: string; management: string; insurance: string };
  meetingTemplateIds: Readonly<Record<TeamKey, { discovery: string; review: string }>>;
}

export type TagKey =
  | 'vip'
  | 'businessOwner'
  | 'retiree'
  | 'crossBorder'
  | 'youngFamily'
  | 'referralSource'
  | 'estatePlanning'
  | 'newsletter';
