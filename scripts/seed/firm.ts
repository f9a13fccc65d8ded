// The firm itself: the organization, its two teams, five advisors and a portfolio manager, and the
// catalogues client rows point at (institutions, transaction categories, FX rates, tags, services,
// booking templates, groups).
import { EntityType, TRANSACTION_CATEGORIES, type ProfessionalDesignation, type UserRole } from '@meridian/domain';
import type { Advisor, Firm, SeedContext, TagKey, TeamKey } from './context.js';
import { addDays, addMonths, addYears, day } from './finance.js';
import { INSTITUTIONS } from './places.js';
import { Random } from './random.js';
import { tables } from './tables.js';

export const DEMO_ORGANIZATION_NAME = 'Maple & Pine Wealth Partners (demo)';

interface StaffMember {
  name: string;
  /** Unset for the demo admin, whose e-mail comes from the configuration. */
  email?: string;
  role: UserRole;
  professional: { role: 'ADVISOR' | 'PM'; jobTitle: string; designations: ProfessionalDesignation[]; bio: string };
  phone: string;
  /** The team whose households the advisor serves; the others are memberships only. */
  home: TeamKey;
  teams: readonly TeamKey[];
  crossBorder?: boolean;
  /**
   * Joined a few weeks before the reference date and took over some of the managing partner's
   * clients: primary advisor of those households, whose meetings, tasks and notes are still the
   * partner's. (So this login has no history of its own and can be deleted, as the auth tests do.)
   */
  newcomer?: boolean;
}

/** The demo admin first; five advisors in all (the admin is one), then the portfolio manager. */
export const DEMO_STAFF: readonly StaffMember[] = [
  {
    name: 'Demo Admin',
    role: 'ADMIN',
    professional: {
      role: 'ADVISOR',
      jobTitle: 'Managing Partner',
      designations: ['CFP', 'CIM'],
      bio: 'Founded the firm to give families one advisor for planning, investments and estate questions.',
    },
    phone: '4165550100',
    home: 'east',
    teams: ['east', 'west'],
  },
  {
    name: 'Olivia Tremblay',
    email: 'olivia.tremblay@advisor.test',
    role: 'ADVISOR',
    professional: {
      role: 'ADVISOR',
      jobTitle: 'Senior Wealth Advisor',
      designations: ['CFP', 'TEP'],
      bio: 'Works with retirees and business owners on retirement income and estate plans.',
    },
    phone: '4165550101',
    home: 'east',
    teams: ['east'],
  },
  {
    name: 'Marcus Chen',
    email: 'marcus.chen@advisor.test',
    role: 'ADVISING_REPRESENTATIVE',
    professional: {
      role: 'ADVISOR',
      jobTitle: 'Advising Representative',
      designations: ['CFA'],
      bio: 'Builds portfolios for young families and professionals.',
    },
    phone: '4165550102',
    home: 'east',
    teams: ['east'],
    newcomer: true,
  },
  {
    name: 'Priya Nair',
    email: 'priya.nair@advisor.test',
    role: 'ASSOCIATE_ADVISING_REPRESENTATIVE',
    professional: {
      role: 'ADVISOR',
      jobTitle: 'Associate Advisor',
      designations: ['PFP'],
      bio: 'Helps first-time home buyers and young families with budgets and registered accounts.',
    },
    phone: '6045550103',
    home: 'west',
    teams: ['west'],
  },
  {
    name: 'Jordan Whitfield',
    email: 'jordan.whitfield@advisor.test',
    role: 'ADVISOR',
    professional: {
      role: 'ADVISOR',
      jobTitle: 'Cross-Border Wealth Advisor',
      designations: ['CFP', 'CRPC'],
      bio: 'Advises families with assets on both sides of the border.',
    },
    phone: '6045550104',
    home: 'west',
    teams: ['west'],
    crossBorder: true,
  },
  {
    name: 'Daniel Okafor',
    email: 'daniel.okafor@advisor.test',
    role: 'PM',
    professional: {
      role: 'PM',
      jobTitle: 'Portfolio Manager',
      designations: ['CFA', 'CAIA'],
      bio: 'Manages the model portfolios of both teams.',
    },
    phone: '4165550105',
    home: 'east',
    teams: ['east', 'west'],
  },
];

const TEAMS: Record<TeamKey, { name: string; timeZone: string }> = {
  east: { name: 'Toronto advisory team', timeZone: 'America/Toronto' },
  west: { name: 'Vancouver advisory team', timeZone: 'America/Vancouver' },
};

const TAGS: Record<TagKey, { name: string; type: string; emoji: string }> = {
  vip: { name: 'VIP', type: 'SEGMENT', emoji: '⭐' },
  businessOwner: { name: 'Business owner', type: 'SEGMENT', emoji: '💼' },
  retiree: { name: 'Retiree', type: 'SEGMENT', emoji: '🌅' },
  crossBorder: { name: 'Cross-border', type: 'SEGMENT', emoji: '🌎' },
  youngFamily: { name: 'Young family', type: 'SEGMENT', emoji: '🍼' },
  referralSource: { name: 'Referral source', type: 'RELATIONSHIP', emoji: '🤝' },
  estatePlanning: { name: 'Estate planning', type: 'INTEREST', emoji: '📜' },
  newsletter: { name: 'Newsletter', type: 'INTEREST', emoji: '📰' },
};

interface StaffLogin {
  userId: string;
  memberIds: Partial<Record<TeamKey, string>>;
  name: string;
  email: string;
}

export interface FirmInput {
  adminEmail: string;
  adminPasswordHash: string;
  /** Staff logins exist to populate the firm; nobody knows their password. */
  staffPasswordHash: string;
  /** What the organization's creation entry in the audit log records about the seed. */
  seedInfo: Record<string, string | number>;
}

/** Writes the firm's rows and returns the ids client rows need. */
export function seedFirm(ctx: Omit<SeedContext, 'firm'>, input: FirmInput): Firm {
  const { ids, out, organizationId: org, referenceDate } = ctx;
  const random = Random.derive(ctx.seed, 'firm');
  const founded = addYears(referenceDate, -8);
  const stamp = { createdAt: founded, updatedAt: founded };

  out.add(tables.organizations, {
    id: org,
    name: DEMO_ORGANIZATION_NAME,
    legalName: 'Maple & Pine Wealth Partners Inc.',
    nrd: '48213',
    primaryRegulator: 'OSC',
    organizationType: 'CORPORATION',
    tradeNames: ['Maple & Pine', 'Maple & Pine Private Wealth'],
    isDemo: true,
    ...stamp,
  });

  const teams = {} as Firm['teams'];
  for (const key of ['east', 'west'] as const) {
    teams[key] = { id: ids.next(EntityType.team), ...TEAMS[key] };
    out.add(tables.teams, { id: teams[key].id, organizationId: org, name: teams[key].name, ...stamp });
  }

  const adminEmail = input.adminEmail.toLowerCase();
  const advisors: Advisor[] = [];
  const portfolioManagerMemberIds = {} as Record<TeamKey, string>;
  let partner: StaffLogin | undefined;
  DEMO_STAFF.forEach((member, position) => {
    const email = member.email ?? adminEmail;
    if (position > 0 && email === adminEmail) {
      throw new Error(`DEMO_ADMIN_EMAIL ${adminEmail} is a demo staff member's address; choose another.`);
    }
    const joined = member.newcomer ? addDays(referenceDate, -42) : addDays(founded, position * 45);
    const userId = ids.next(EntityType.user);
    out.add(tables.users, {
      id: userId,
      organizationId: org,
      email,
      name: member.name,
      passwordHash: position === 0 ? input.adminPasswordHash : input.staffPasswordHash,
      role: member.role,
      createdAt: joined,
    });
    const memberIds = {} as Record<TeamKey, string>;
    for (const team of member.teams) {
      memberIds[team] = ids.next(EntityType.teamMember);
      out.add(tables.teamMembers, {
        id: memberIds[team],
        organizationId: org,
        teamId: teams[team].id,
        userId,
        createdAt: joined,
      });
    }
    const professionalId = ids.next(EntityType.professional);
    const [firstName, ...rest] = member.name.split(' ');
    out.add(tables.professionals, {
      id: professionalId,
      organizationId: org,
      userId,
      displayName: member.name,
      firstName: firstName!,
      lastName: rest.join(' '),
      role: member.professional.role,
      jobTitle: member.professional.jobTitle,
      bio: member.professional.bio,
      phoneCountryCode: '1',
      phoneNumber: member.phone,
      designations: member.professional.designations,
      createdAt: joined,
    });
    const login: StaffLogin = { userId, memberIds, name: member.name, email };
    if (position === 0) partner = login;
    if (member.professional.role === 'ADVISOR') {
      const actor = member.newcomer && partner ? partner : login;
      advisors.push({
        professionalId,
        name: member.name,
        teamId: teams[member.home].id,
        team: member.home,
        crossBorder: member.crossBorder ?? false,
        actor: {
          userId: actor.userId,
          teamMemberId: actor.memberIds[member.home]!,
          name: actor.name,
          email: actor.email,
        },
      });
    } else {
      Object.assign(portfolioManagerMemberIds, memberIds);
    }
  });

  const institutionIds = new Map<string, string>();
  for (const institution of INSTITUTIONS) {
    const id = ids.next(EntityType.institution);
    institutionIds.set(institution.name, id);
    out.add(tables.institutions, {
      id,
      organizationId: org,
      name: institution.name,
      country: institution.country,
      websiteUrl: institution.website,
      ...stamp,
    });
  }

  for (const category of TRANSACTION_CATEGORIES) {
    out.add(tables.transactionCategories, {
      id: ids.next(EntityType.transactionCategory),
      organizationId: org,
      primaryCategory: category.primary,
      detailedCategory: category.id,
      label: category.label,
      group: category.group,
      nature: category.nature,
    });
  }

  // One US dollar in Canadian dollars, at the end of each of the twelve months before the reference date.
  const firstOfMonth = day(referenceDate.getUTCFullYear(), referenceDate.getUTCMonth() + 1, 1);
  for (let monthsBack = 12; monthsBack >= 1; monthsBack -= 1) {
    const monthEnd = addDays(addMonths(firstOfMonth, 1 - monthsBack), -1);
    out.add(tables.fxRates, {
      id: ids.next(EntityType.fxRate),
      organizationId: org,
      date: monthEnd,
      baseCurrency: 'USD',
      quoteCurrency: 'CAD',
      rate: random.real(1.355, 1.415).toFixed(6),
      source: 'Demo figures',
      createdAt: monthEnd,
    });
  }

  const tagIds = {} as Record<TagKey, string>;
  for (const key of Object.keys(TAGS) as TagKey[]) {
    tagIds[key] = ids.next(EntityType.tag);
    out.add(tables.tags, { id: tagIds[key], organizationId: org, ...TAGS[key], createdAt: founded });
  }

  const offeringIds = {
    planning: catalogueService(ctx, founded, {
      name: 'Financial planning',
      description: 'A written plan for cash flow, retirement, tax and estate.',
      type: 'ONE_OFF_SERVICE',
      category: 'FINANCIAL_PLANNING',
      variant: 'Comprehensive financial plan',
      offering: 'Cash flow, retirement, tax and estate plan for the household, reviewed in person.',
    }),
    management: catalogueService(ctx, founded, {
      name: 'Investment management',
      description: 'Discretionary management of the household’s portfolios.',
      type: 'ONGOING_SERVICE',
      category: 'INVESTMENT_MANAGEMENT',
      variant: 'Discretionary managed portfolio',
      offering: 'Model portfolios managed by the firm, rebalanced quarterly, fee on assets under management.',
    }),
    insurance: catalogueService(ctx, founded, {
      name: 'Insurance review',
      description: 'An analysis of life, disability and critical illness coverage.',
      type: 'ONE_OFF_SERVICE',
      category: 'INSURANCE',
      variant: 'Insurance needs analysis',
      offering: 'Coverage needs for each adult, with quotes from several insurers.',
    }),
  };

  const meetingTemplateIds = {} as Record<TeamKey, { discovery: string; review: string }>;
  const groupIds = {} as Record<TeamKey, { retirees: string; businessOwners: string }>;
  for (const key of ['east', 'west'] as const) {
    const team = teams[key];
    meetingTemplateIds[key] = {
      discovery: bookingTemplate(ctx, team.id, team.timeZone, founded, {
        title: 'Discovery call',
        message: 'A first conversation about your goals. No preparation needed.',
        durationMinutes: 30,
        availableDaysInFuture: 30,
        minimumNoticeMinutes: 240,
        hours: [{ days: [1, 2, 3, 4, 5], startTime: '09:00', endTime: '17:00' }],
      }),
      review: bookingTemplate(ctx, team.id, team.timeZone, founded, {
        title: 'Annual review',
        message: 'Please bring your latest statements and tax assessments.',
        durationMinutes: 60,
        availableDaysInFuture: 60,
        minimumNoticeMinutes: 1440,
        hours: [
          { days: [1, 2, 3, 4], startTime: '09:30', endTime: '16:30' },
          { days: [6], startTime: '10:00', endTime: '13:00' },
        ],
      }),
    };
    const group = (name: string, description: string) => {
      const id = ids.next(EntityType.group);
      out.add(tables.groups, { id, organizationId: org, teamId: team.id, name, description, ...stamp });
      return id;
    };
    groupIds[key] = {
      retirees: group('Retirees', 'Clients drawing retirement income.'),
      businessOwners: group('Business owners', 'Clients who own a corporation.'),
    };
  }

  out.add(tables.auditLogs, {
    id: ids.next(EntityType.auditLog),
    organizationId: org,
    occurredAt: referenceDate,
    actorKind: 'SYSTEM',
    action: 'CREATE',
    entityType: EntityType.organization,
    entityId: org,
    after: { name: DEMO_ORGANIZATION_NAME, isDemo: true, seed: input.seedInfo },
  });

  return {
    teams,
    advisors,
    portfolioManagerMemberIds,
    institutionIds,
    tagIds,
    groupIds,
    offeringIds,
    meetingTemplateIds,
  };
}

function catalogueService(
  ctx: Omit<SeedContext, 'firm'>,
  createdAt: Date,
  service: {
    name: string;
    description: string;
    type: 'ONE_OFF_SERVICE' | 'ONGOING_SERVICE';
    category: 'FINANCIAL_PLANNING' | 'INVESTMENT_MANAGEMENT' | 'INSURANCE';
    variant: string;
    offering: string;
  },
): string {
  const { ids, out, organizationId } = ctx;
  const serviceId = ids.next(EntityType.service);
  out.add(tables.services, {
    id: serviceId,
    organizationId,
    name: service.name,
    description: service.description,
    type: service.type,
    category: service.category,
    createdAt,
  });
  const serviceVariantId = ids.next(EntityType.serviceVariant);
  out.add(tables.serviceVariants, {
    id: serviceVariantId,
    organizationId,
    serviceId,
    name: service.variant,
    createdAt,
  });
  const offeringId = ids.next(EntityType.offering);
  out.add(tables.offerings, {
    id: offeringId,
    organizationId,
    serviceVariantId,
    name: service.variant,
    description: service.offering,
    category: service.category,
    type: service.type,
    createdAt,
  });
  return offeringId;
}

function bookingTemplate(
  ctx: Omit<SeedContext, 'firm'>,
  teamId: string,
  timeZone: string,
  createdAt: Date,
  template: {
    title: string;
    message: string;
    durationMinutes: number;
    availableDaysInFuture: number;
    minimumNoticeMinutes: number;
    hours: readonly { days: number[]; startTime: string; endTime: string }[];
  },
): string {
  const { ids, out, organizationId } = ctx;
  const id = ids.next(EntityType.meetingTemplate);
  out.add(tables.meetingTemplates, {
    id,
    organizationId,
    teamId,
    title: template.title,
    message: template.message,
    durationMinutes: template.durationMinutes,
    availableDaysInFuture: template.availableDaysInFuture,
    beforeBufferMinutes: 10,
    afterBufferMinutes: 10,
    minimumNoticeMinutes: template.minimumNoticeMinutes,
    minimumCancellationNoticeMinutes: 1440,
    status: 'ACTIVE',
    timeZone,
    createdAt,
  });
  for (const hours of template.hours) {
    out.add(tables.meetingTemplateOpeningHours, {
      id: ids.next(EntityType.meetingTemplateOpeningHours),
      organizationId,
      templateId: id,
      ...hours,
    });
  }
  return id;
}
