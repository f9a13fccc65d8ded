// The advisor's side: the pipeline (leads, prospects and opportunities at every stage, proposals
// with their offers), and the practice around each household (meetings past and upcoming, tasks in
// every status, notes). Times are relative to the seed's reference date; a SCHEDULED task is
// always scheduled at least a week after it.
import {
  EntityType,
  type DiscoveryMethod,
  type LeadQualificationReason,
  type LeadSource,
  type MarketingMedium,
  type MeetingType,
  type TaskStatus,
  type Temperature,
} from '@meridian/domain';
import type { Household, Member } from './clients.js';
import { writeContact } from './clients.js';
import type { SeedContext } from './context.js';
import { addDays, dateOf, day, money, roundTo } from './finance.js';
import type { Holdings } from './records.js';
import { pickName, pickNamePool } from './names.js';
import { pickCity } from './places.js';
import { Random } from './random.js';
import { tables } from './tables.js';

type Stage = 'NEW' | 'DISCOVERY' | 'PROPOSAL' | 'WON';
type TaskKind = 'BASIC_TASK' | 'FINANCIAL_TASK' | 'QUESTIONS_TASK' | 'UPDATE_FAMILY_TASK';

const TASK_ID_TYPE = {
  BASIC_TASK: EntityType.basicTask,
  FINANCIAL_TASK: EntityType.financialTask,
  QUESTIONS_TASK: EntityType.questionsTask,
  UPDATE_FAMILY_TASK: EntityType.updateFamilyTask,
} as const;

const OFFICES = { east: 'Maple & Pine Toronto office', west: 'Maple & Pine Vancouver office' } as const;

/** Contacts of the pipeline: `count` people the household's advisor is working to win (or who refer). */
export function seedPipelineContacts(ctx: SeedContext, household: Household, count: number): void {
  const { random } = household;
  for (let position = 0; position < count; position += 1) {
    const kind = random.weighted([
      ['LEAD', 40],
      ['PROSPECT', 30],
      ['ONBOARDING', 12],
      ['OTHER', 18],
    ] as const);
    seedPipelineContact(ctx, household, kind);
  }
}

function seedPipelineContact(
  ctx: SeedContext,
  household: Household,
  kind: 'LEAD' | 'PROSPECT' | 'ONBOARDING' | 'OTHER',
): void {
  const { ids, out, organizationId: org, referenceDate } = ctx;
  const { random, advisor } = household;
  const gender = random.chance(0.5) ? 'FEMALE' : 'MALE';
  const place = random.chance(0.6) ? household.place : pickCity(random, household.country);
  const pool = pickNamePool(random, place);
  const { firstName, lastName } = pickName(random, pool, gender);
  const referrer = random.chance(0.35) ? household.adults[0]! : undefined;
  const source: LeadSource = referrer
    ? 'REFERRAL'
    : random.pick([
        'LINKED_IN',
        'COMPANY_WEBSITE',
        'GOOGLE',
        'PUBLIC_SPEAKING',
        'SEO',
        'CONFERENCE',
        'SOCIAL_MEDIA',
        'DIRECT_MAIL',
        'ONLINE_DIRECTORY',
        'YOUTUBE',
      ]);
  const discoveryMethod: DiscoveryMethod = referrer
    ? 'INTRODUCTION'
    : random.pick(['INBOUND', 'INBOUND', 'OUTBOUND', 'MUTUAL']);
  const stage: Stage | undefined =
    kind === 'LEAD'
      ? random.chance(0.6)
        ? 'NEW'
        : 'DISCOVERY'
      : kind === 'PROSPECT'
        ? random.chance(0.4)
          ? 'DISCOVERY'
          : 'PROPOSAL'
        : kind === 'ONBOARDING'
          ? 'WON'
          : undefined;
  const timeline = stage
    ? stageDates(random, referenceDate, stage)
    : { createdAt: addDays(referenceDate, -random.int(30, 900)) };

  const contact = writeContact(ctx, {
    random,
    teamId: household.teamId,
    place,
    type: kind,
    firstName,
    lastName,
    gender,
    source,
    discoveryMethod,
    employment:
      kind === 'OTHER'
        ? {
            employerName: `${random.pick(pool.surnames)} ${random.pick(['CPA', 'Law', 'Notaries', 'Tax Advisors'])} ${household.country === 'CA' ? 'LLP' : 'PLLC'}`,
            jobTitle: random.pick(['Partner', 'Tax Partner', 'Estate Lawyer', 'Accountant']),
            status: 'FULL_TIME',
            startDate: addDays(referenceDate, -random.int(2, 20) * 365),
            endDate: null,
          }
        : undefined,
    tags: kind === 'OTHER' ? ['referralSource', 'newsletter'] : random.chance(0.5) ? ['newsletter'] : [],
    createdAt: timeline.createdAt,
  });
  if (!stage) {
    if (random.chance(0.5))
      note(
        ctx,
        household,
        { contactId: contact.id },
        'Referral partner',
        `${firstName} refers clients who need estate and tax planning; lunch every quarter.`,
        timeline.createdAt,
      );
    return;
  }

  const leadId = ids.next(EntityType.lead);
  const qualified = stage !== 'NEW' || random.chance(0.4);
  out.add(tables.leads, {
    id: leadId,
    organizationId: org,
    teamId: household.teamId,
    contactId: contact.id,
    qualificationReasons: qualified ? random.sample(QUALIFICATION_REASONS, random.int(1, 2)) : [],
    qualifiedAt: qualified ? addDays(timeline.createdAt, random.int(1, 5)) : null,
    disqualifiedAt: !qualified && random.chance(0.15) ? addDays(timeline.createdAt, random.int(2, 10)) : null,
    createdAt: timeline.createdAt,
  });
  let prospectId: string | null = null;
  if (kind !== 'LEAD') {
    prospectId = ids.next(EntityType.prospect);
    const currency = household.currency;
    out.add(tables.prospects, {
      id: prospectId,
      organizationId: org,
      teamId: household.teamId,
      contactId: contact.id,
      leadId,
      estimatedAssets: money(roundTo(random.real(250_000, 3_500_000), 25_000)),
      estimatedAssetsCurrency: currency,
      estimatedHouseholdIncome: money(roundTo(random.real(120_000, 450_000), 5_000)),
      estimatedHouseholdIncomeCurrency: currency,
      becameClientAt: stage === 'WON' ? timeline.wonAt! : null,
      createdAt: timeline.discoveryStartedAt ?? timeline.createdAt,
    });
  }
  const marketing = source === 'REFERRAL' ? undefined : random.pick(CAMPAIGNS);
  const opportunityId = ids.next(EntityType.opportunity);
  out.add(tables.opportunities, {
    id: opportunityId,
    organizationId: org,
    teamId: household.teamId,
    primaryAdvisorId: advisor.professionalId,
    contactId: contact.id,
    leadId,
    prospectId,
    name: `${firstName} ${lastName}: ${random.pick(['retirement plan', 'investment management', 'financial plan', 'insurance review'])}`,
    type: 'LEAD',
    discoveryMethod,
    confidence: confidenceFor(random, stage),
    temperature: temperatureFor(random, stage),
    leadSource: source,
    referrer: referrer ? `${referrer.firstName} ${referrer.lastName}` : null,
    marketingCampaign: marketing?.campaign ?? null,
    marketingContent: marketing?.content ?? null,
    marketingMedium: marketing?.medium ?? null,
    stage,
    discoveryStartedAt: timeline.discoveryStartedAt ?? null,
    proposalStartedAt: timeline.proposalStartedAt ?? null,
    wonAt: timeline.wonAt ?? null,
    createdAt: timeline.createdAt,
  });
  stageHistory(ctx, opportunityId, timeline);
  if (stage === 'PROPOSAL' || stage === 'WON') proposal(ctx, household, opportunityId, timeline);
  if (timeline.discoveryStartedAt && random.chance(0.7)) {
    meeting(ctx, household, {
      title: `Discovery call with ${firstName} ${lastName}`,
      message: 'Getting to know your goals and what you need from an advisor.',
      type: random.pick(['PHONE', 'GOOGLE_MEET', 'MICROSOFT_TEAMS'] as const),
      start: atHour(random, household, timeline.discoveryStartedAt),
      durationMinutes: 30,
      templateId: ctx.firm.meetingTemplateIds[household.team].discovery,
      contacts: [{ contactId: contact.id, email: contact.email, name: `${firstName} ${lastName}` }],
      agenda: ['Goals and timeline', 'Current advisors and accounts', 'How we work and our fees'],
    });
  }
  const followUp = {
    NEW: {
      title: `Call ${firstName} ${lastName} back`,
      statuses: [
        ['TODO', 5],
        ['SCHEDULED', 4],
        ['TRIAGE', 2],
      ],
    },
    DISCOVERY: {
      title: `Send discovery questionnaire to ${firstName}`,
      statuses: [
        ['IN_PROGRESS', 4],
        ['TODO', 3],
        ['DONE', 2],
      ],
    },
    PROPOSAL: {
      title: `Prepare proposal for ${firstName} ${lastName}`,
      statuses: [
        ['IN_REVIEW', 4],
        ['IN_PROGRESS', 3],
        ['BLOCKED', 1],
      ],
    },
    WON: {
      title: `Open accounts for ${firstName} ${lastName}`,
      statuses: [
        ['IN_PROGRESS', 4],
        ['DONE', 3],
        ['BLOCKED', 2],
      ],
    },
  } as const satisfies Record<Stage, { title: string; statuses: readonly (readonly [TaskStatus, number])[] }>;
  task(ctx, household, {
    kind: 'BASIC_TASK',
    type: 'PIPELINE_FOLLOW_UP',
    title: followUp[stage].title,
    status: random.weighted(followUp[stage].statuses),
    owner: { ownerKind: 'CONTACT', ownerContactId: contact.id },
    createdAt: timeline.createdAt,
  });
  if (random.chance(0.5)) {
    note(
      ctx,
      household,
      { contactId: contact.id },
      'Introductory call',
      INTRO_NOTES[random.int(0, INTRO_NOTES.length - 1)]!.replace('{name}', firstName),
      addDays(timeline.createdAt, 1),
    );
  }
}

interface Timeline {
  createdAt: Date;
  discoveryStartedAt?: Date;
  proposalStartedAt?: Date;
  wonAt?: Date;
}

/** The dates of each step up to `stage`, counted back from the reference date so none is in the future. */
function stageDates(random: Random, reference: Date, stage: Stage): Timeline {
  const last = addDays(reference, -random.int(1, 45));
  const steps = { NEW: 0, DISCOVERY: 1, PROPOSAL: 2, WON: 3 }[stage];
  const dates: Date[] = [last];
  for (let step = 0; step < steps; step += 1) dates.unshift(addDays(dates[0]!, -random.int(6, 30)));
  return {
    createdAt: dates[0]!,
    discoveryStartedAt: steps >= 1 ? dates[1] : undefined,
    proposalStartedAt: steps >= 2 ? dates[2] : undefined,
    wonAt: steps >= 3 ? dates[3] : undefined,
  };
}

/**
 * The stages an opportunity went through, each on the date of its timeline, as the pipeline's
 * conversion reads them: created as NEW, then each step it reached (no user: the seed's history).
 */
function stageHistory(ctx: SeedContext, opportunityId: string, timeline: Timeline): void {
  const steps = [
    [null, 'NEW', timeline.createdAt],
    ['NEW', 'DISCOVERY', timeline.discoveryStartedAt],
    ['DISCOVERY', 'PROPOSAL', timeline.proposalStartedAt],
    ['PROPOSAL', 'WON', timeline.wonAt],
  ] as const;
  for (const [fromStage, toStage, changedAt] of steps) {
    if (!changedAt) break;
    ctx.out.add(tables.opportunityStageChanges, {
      id: ctx.ids.next(EntityType.opportunityStageChange),
      organizationId: ctx.organizationId,
      opportunityId,
      fromStage,
      toStage,
      changedAt,
      changedByUserId: null,
    });
  }
}

function confidenceFor(random: Random, stage: Stage): number {
  const [low, high] = { NEW: [5, 25], DISCOVERY: [20, 50], PROPOSAL: [45, 85], WON: [100, 100] }[stage];
  return random.int(low!, high!);
}

function temperatureFor(random: Random, stage: Stage): Temperature {
  const weights: Record<Stage, readonly [number, number, number]> = {
    NEW: [5, 3, 1],
    DISCOVERY: [2, 5, 2],
    PROPOSAL: [1, 4, 5],
    WON: [0, 1, 5],
  };
  const [cold, warm, hot] = weights[stage];
  return random.weighted<Temperature>([
    ['COLD', cold],
    ['WARM', warm],
    ['HOT', hot],
  ]);
}

/**
 * A proposal with an AUM-fee management offer and a one-time planning fee: accepted when the sale
 * was won, revoked on the day it was lost (`lostAt`), sent back for changes, sent, or a draft.
 */
function proposal(
  ctx: SeedContext,
  household: Household,
  opportunityId: string,
  timeline: Timeline,
  lostAt?: Date,
): void {
  const { ids, out, organizationId: org, firm } = ctx;
  const { random } = household;
  const id = ids.next(EntityType.proposal);
  const reference = ctx.referenceDate;
  const sentAt =
    random.chance(0.7) || timeline.wonAt
      ? notAfter(addDays(timeline.proposalStartedAt!, random.int(2, 5)), reference)
      : null;
  const modification = !timeline.wonAt && sentAt && random.chance(0.2);
  out.add(tables.proposals, {
    id,
    organizationId: org,
    teamId: household.teamId,
    opportunityId,
    status: lostAt
      ? 'REVOKED'
      : timeline.wonAt
        ? 'ACCEPTED'
        : modification
          ? 'MODIFICATION_REQUESTED'
          : sentAt
            ? 'SENT'
            : 'DRAFT',
    sentAt,
    acceptedAt: timeline.wonAt ?? null,
    revokedAt: lostAt ?? null,
    modificationRequest: modification ? 'Could the fee on the first million be lower if we move the RRSPs too?' : null,
    modificationRequestedAt: modification ? notAfter(addDays(sentAt, random.int(1, 4)), reference) : null,
    createdAt: timeline.proposalStartedAt!,
  });
  const currency = household.currency;
  const management = ids.next(EntityType.offer);
  out.add(tables.offers, {
    id: management,
    organizationId: org,
    proposalId: id,
    position: 0,
    billingStartType: 'ON_START',
    pricingType: 'AUM_FEE',
    paymentMethod: 'BILLED_FROM_CUSTODIAN',
    createdAt: timeline.proposalStartedAt!,
  });
  [
    [1_000_000, '1.000000'],
    [2_500_000, '0.800000'],
    [5_000_000, '0.600000'],
  ].forEach(([breakpoint, fee], position) => {
    out.add(tables.offerFeeTiers, {
      id: ids.next(EntityType.offerFeeTier),
      organizationId: org,
      offerId: management,
      position,
      breakpoint: money(breakpoint as number),
      breakpointCurrency: currency,
      fee: fee as string,
    });
  });
  out.add(tables.offerOfferings, { organizationId: org, offerId: management, offeringId: firm.offeringIds.management });
  const planning = ids.next(EntityType.offer);
  out.add(tables.offers, {
    id: planning,
    organizationId: org,
    proposalId: id,
    position: 1,
    billingStartType: 'ON_COMPLETION',
    pricingType: 'ONE_TIME_FEE',
    paymentMethod: 'MANUAL',
    oneTimeFeeAmount: money(roundTo(random.real(2_000, 6_000), 250)),
    oneTimeFeeAmountCurrency: currency,
    oneTimeFeeIsUpfront: false,
    createdAt: timeline.proposalStartedAt!,
  });
  out.add(tables.offerOfferings, { organizationId: org, offerId: planning, offeringId: firm.offeringIds.planning });
  if (random.chance(0.4))
    out.add(tables.offerOfferings, { organizationId: org, offerId: planning, offeringId: firm.offeringIds.insurance });
}

/** Meetings, tasks, notes and the occasional new opportunity of a client household. */
export function seedHouseholdPractice(ctx: SeedContext, household: Household, holdings: Holdings): void {
  const { referenceDate, firm } = ctx;
  const { random } = household;
  const contacts = household.adults.filter((adult) => adult.contactId);
  const participants = contacts.map((adult) => ({
    contactId: adult.contactId!,
    email: adult.email!,
    name: `${adult.firstName} ${adult.lastName}`,
  }));
  const templateId = firm.meetingTemplateIds[household.team].review;
  const agenda = [
    'Changes in the family and at work',
    'Portfolio performance and allocation',
    household.country === 'CA' ? 'TFSA and RRSP room for next year' : '401(k) and IRA contributions',
    'Insurance coverage',
    'Estate documents',
  ];

  const reviewType = meetingType(random, household);
  meeting(ctx, household, {
    title: 'Annual review',
    message: 'Our yearly review of your plan and portfolio.',
    type: reviewType,
    start: atHour(random, household, addDays(referenceDate, -random.int(10, 330))),
    durationMinutes: 60,
    templateId,
    contacts: participants,
    agenda: random.sample(agenda, random.int(2, 4)),
    viewed: true,
  });
  if (random.chance(0.45)) {
    const cancelled = random.chance(0.08);
    const upcomingDay = addDays(referenceDate, random.int(7, 75));
    const upcoming = meeting(ctx, household, {
      title: random.pick(['Annual review', 'Retirement income check-in', 'Portfolio review', 'Tax planning meeting']),
      message: 'Please bring your latest statements.',
      type: meetingType(random, household),
      start: atHour(random, household, upcomingDay),
      durationMinutes: random.pick([45, 60, 90]),
      templateId,
      contacts: participants,
      agenda: random.sample(agenda, random.int(2, 3)),
      confirmed: random.chance(0.7),
      cancelled,
    });
    if (!cancelled) {
      task(ctx, household, {
        kind: 'BASIC_TASK',
        type: 'MEETING_PREPARATION',
        title: 'Prepare the review package',
        status: random.pick(['TODO', 'IN_PROGRESS'] as const),
        meeting: { id: upcoming, timing: 'PRE' },
        dueDate: addDays(upcomingDay, -random.int(1, 5)),
        owner: { ownerKind: 'HOUSEHOLD', ownerHouseholdId: household.id },
      });
    }
  }

  const statuses = TASK_STATUSES;
  const templates: {
    kind: TaskKind;
    type: string;
    title: string;
    financialRecordId?: string;
    familyId?: string;
    questions?: { question: string; answer: string | null }[];
    pm?: boolean;
  }[] = [
    { kind: 'BASIC_TASK', type: 'KYC_UPDATE', title: 'Update KYC information' },
    {
      kind: 'UPDATE_FAMILY_TASK',
      type: 'FAMILY_UPDATE',
      title: 'Confirm family members and beneficiaries',
      familyId: household.familyId,
    },
    {
      kind: 'QUESTIONS_TASK',
      type: 'RISK_PROFILE',
      title: 'Risk tolerance questionnaire',
      questions: [
        { question: 'How would you react to a 20 % drop in your portfolio?', answer: null },
        { question: 'When do you expect to start withdrawals?', answer: null },
      ],
    },
    { kind: 'BASIC_TASK', type: 'REBALANCE', title: 'Rebalance to the model portfolio', pm: true },
    { kind: 'BASIC_TASK', type: 'TAX_SLIPS', title: 'Send tax slips to the accountant' },
  ];
  const account = holdings.contributions[0] ?? holdings.withdrawals[0];
  if (account) {
    templates.push({
      kind: 'FINANCIAL_TASK',
      type: 'BENEFICIARY_REVIEW',
      title: `Review the beneficiary of ${account.name.replace(/ (contribution|withdrawals|payments)$/, '')}`,
      financialRecordId: account.id,
    });
  }
  const mortgage = holdings.loans.find((loan) => loan.type === 'MORTGAGE');
  if (mortgage && household.country === 'CA') {
    templates.push({
      kind: 'FINANCIAL_TASK',
      type: 'MORTGAGE_RENEWAL',
      title: 'Compare mortgage renewal offers',
      financialRecordId: mortgage.id,
    });
  }
  for (const template of random.sample(templates, random.int(2, 3))) {
    task(ctx, household, {
      kind: template.kind,
      type: template.type,
      title: template.title,
      status: random.weighted(statuses),
      financialRecordId: template.financialRecordId,
      familyId: template.familyId,
      questions: template.questions,
      assignee: template.pm ? firm.portfolioManagerMemberIds[household.team] : undefined,
      owner: { ownerKind: 'HOUSEHOLD', ownerHouseholdId: household.id },
    });
  }
  if (household.country === 'CA' && household.adults.some((adult) => adult.salary > 0)) {
    task(ctx, household, {
      kind: 'BASIC_TASK',
      type: 'CONTRIBUTION_REMINDER',
      title: 'Remind about the RRSP deadline',
      status: 'SCHEDULED',
      // The deadline for a year's contributions is 60 days after it ends: 1 March.
      scheduledFor: addDays(day(referenceDate.getUTCFullYear() + 1, 2, 1), random.int(0, 14)),
      dueDate: day(referenceDate.getUTCFullYear() + 1, 3, 1),
      owner: { ownerKind: 'PERSON', ownerPersonId: household.adults[0]!.personId },
    });
  }
  if (household.corporation && random.chance(0.6)) {
    task(ctx, household, {
      kind: 'BASIC_TASK',
      type: 'CORPORATE_REVIEW',
      title: `Plan ${household.corporation.name}'s salary and dividend mix`,
      status: random.weighted(statuses),
      owner: { ownerKind: 'CORPORATION', ownerCorporationId: household.corporation.id },
    });
  }

  const primary = household.adults[0]!;
  random.sample(HOUSEHOLD_NOTES, random.int(1, 3)).forEach(([title, body], position) => {
    const text = body.replace('{name}', primary.firstName).replace('{household}', household.name);
    const owner =
      position === 0
        ? { householdId: household.id }
        : random.chance(0.5) && primary.contactId
          ? { contactId: primary.contactId }
          : { personId: primary.personId };
    note(ctx, household, owner, title, text, addDays(referenceDate, -random.int(3, 400)), random.chance(0.12));
  });

  if (random.chance(0.15)) crossSell(ctx, household, primary);
}

/** A new opportunity with an existing client: an estate plan, or the corporation's investments. */
function crossSell(ctx: SeedContext, household: Household, primary: Member): void {
  const { ids, out, organizationId: org, referenceDate } = ctx;
  const { random } = household;
  const corporate = household.corporation !== undefined && random.chance(0.6);
  const stage = random.pick(['NEW', 'DISCOVERY', 'PROPOSAL', 'WON'] as const);
  const timeline = stageDates(random, referenceDate, stage);
  const id = ids.next(EntityType.opportunity);
  out.add(tables.opportunities, {
    id,
    organizationId: org,
    teamId: household.teamId,
    primaryAdvisorId: household.advisor.professionalId,
    contactId: primary.contactId ?? null,
    householdId: household.id,
    name: corporate ? `${household.corporation!.name}: corporate investment account` : `${household.name}: estate plan`,
    type: corporate ? 'CORPORATION' : 'FAMILY',
    isCorporation: corporate,
    discoveryMethod: 'MUTUAL',
    confidence: confidenceFor(random, stage),
    temperature: temperatureFor(random, stage),
    leadSource: 'INTERNAL',
    stage,
    discoveryStartedAt: timeline.discoveryStartedAt ?? null,
    proposalStartedAt: timeline.proposalStartedAt ?? null,
    wonAt: timeline.wonAt ?? null,
    createdAt: timeline.createdAt,
  });
  stageHistory(ctx, id, timeline);
  if (stage === 'PROPOSAL' || stage === 'WON') proposal(ctx, household, id, timeline);
}

/**
 * How many more sales each client household of the large firm has beyond its contacts' and the
 * cross-sell (weights): 0.82 on average, which brings the large firm's pipeline to some two
 * opportunities a household (about 20,000 for 10,000 households), at every stage, lost included.
 */
const MORE_SALES: readonly (readonly [number, number])[] = [
  [0, 30],
  [1, 58],
  [2, 12],
];

const MORE_SALE_NAMES = [
  'RRSP consolidation',
  'estate plan',
  'RESP for the grandchildren',
  'spousal RRSP',
  'rollover of a workplace pension',
  'insurance review',
  'tax-loss harvesting',
  'retirement income plan',
] as const;

const LOST_REASONS = [
  'Went with their bank’s advisor',
  'Fees too high for the assets',
  'Decided to wait until next year',
  'Chose a robo-advisor',
  'No reply after the proposal',
] as const;

/**
 * The large firm's further sales with its client households (a rollover, an estate plan, a
 * corporate account...), so its pipeline is the size of a real firm's: MORE_SALES of them per
 * household, at every stage, one in six lost (a lost proposal revoked). Drawn from a stream of the
 * household's own, so the rest of the seed is the same with or without them.
 */
export function seedMoreSales(ctx: SeedContext, household: Household): void {
  const random = Random.derive(ctx.seed, 'more-sales', household.index);
  const own = { ...household, random };
  const count = random.weighted(MORE_SALES);
  for (let position = 0; position < count; position += 1) moreSale(ctx, own);
}

function moreSale(ctx: SeedContext, household: Household): void {
  const { ids, out, organizationId: org, referenceDate } = ctx;
  const { random } = household;
  const lost = random.chance(1 / 6);
  // A lost sale ends before it is won.
  const reached: Stage = random.weighted<Stage>(
    lost
      ? [
          ['NEW', 3],
          ['DISCOVERY', 4],
          ['PROPOSAL', 4],
        ]
      : [
          ['NEW', 25],
          ['DISCOVERY', 30],
          ['PROPOSAL', 25],
          ['WON', 20],
        ],
  );
  const timeline = stageDates(random, referenceDate, reached);
  const last = timeline.wonAt ?? timeline.proposalStartedAt ?? timeline.discoveryStartedAt ?? timeline.createdAt;
  const lostAt = lost ? notAfter(addDays(last, random.int(3, 40)), referenceDate) : undefined;
  const corporate = household.corporation !== undefined && random.chance(0.3);
  const id = ids.next(EntityType.opportunity);
  out.add(tables.opportunities, {
    id,
    organizationId: org,
    teamId: household.teamId,
    primaryAdvisorId: household.advisor.professionalId,
    contactId: household.adults.find((adult) => adult.contactId)?.contactId ?? null,
    householdId: household.id,
    name: corporate
      ? `${household.corporation!.name}: corporate investment account`
      : `${household.name}: ${random.pick(MORE_SALE_NAMES)}`,
    type: corporate ? 'CORPORATION' : 'FAMILY',
    isCorporation: corporate,
    discoveryMethod: random.pick(['MUTUAL', 'INTRODUCTION', 'OUTBOUND'] as const),
    confidence: lost ? random.int(0, 20) : confidenceFor(random, reached),
    temperature: lost ? 'COLD' : temperatureFor(random, reached),
    leadSource: random.pick(['INTERNAL', 'REFERRAL'] as const),
    stage: lost ? 'LOST' : reached,
    discoveryStartedAt: timeline.discoveryStartedAt ?? null,
    proposalStartedAt: timeline.proposalStartedAt ?? null,
    wonAt: timeline.wonAt ?? null,
    lostAt: lostAt ?? null,
    lostReason: lostAt ? random.pick(LOST_REASONS) : null,
    createdAt: timeline.createdAt,
  });
  stageHistory(ctx, id, timeline);
  if (lostAt) {
    out.add(tables.opportunityStageChanges, {
      id: ids.next(EntityType.opportunityStageChange),
      organizationId: org,
      opportunityId: id,
      fromStage: reached,
      toStage: 'LOST',
      changedAt: lostAt,
      changedByUserId: null,
    });
  }
  if (reached === 'PROPOSAL' || reached === 'WON') proposal(ctx, household, id, timeline, lostAt);
}

interface MeetingSpec {
  title: string;
  message: string;
  type: MeetingType;
  start: Date;
  durationMinutes: number;
  templateId: string;
  contacts: readonly { contactId: string; email: string; name: string }[];
  agenda: readonly string[];
  confirmed?: boolean;
  cancelled?: boolean;
  viewed?: boolean;
}

function meeting(ctx: SeedContext, household: Household, spec: MeetingSpec): string {
  const { ids, out, organizationId: org, referenceDate } = ctx;
  const { random, advisor } = household;
  const id = ids.next(EntityType.meeting);
  // Requested before it happens, and never after the reference date.
  const requestedAt = notAfter(addDays(spec.start, -random.int(7, 30)), addDays(referenceDate, -random.int(0, 10)));
  const confirmed = spec.confirmed ?? true;
  out.add(tables.meetings, {
    id,
    organizationId: org,
    teamId: household.teamId,
    householdId: household.id,
    templateId: spec.templateId,
    organizerTeamMemberId: advisor.actor.teamMemberId,
    title: spec.title.slice(0, 100),
    message: spec.message,
    type: spec.type,
    location: spec.type === 'IN_PERSON' ? OFFICES[household.team] : null,
    startTime: spec.start,
    durationMinutes: spec.durationMinutes,
    timeZone: household.place.timeZone,
    requestedAt,
    confirmedAt: confirmed ? notAfter(addDays(requestedAt, random.int(0, 2)), referenceDate) : null,
    cancelledAt: spec.cancelled ? notAfter(spec.start, referenceDate) : null,
    viewedAt: spec.viewed ? addDays(spec.start, -1) : null,
    createdAt: requestedAt,
  });
  const emails = new Set<string>([advisor.actor.email]);
  out.add(tables.meetingParticipants, {
    id: ids.next(EntityType.meetingParticipant),
    organizationId: org,
    meetingId: id,
    role: 'TEAM_MEMBER',
    email: advisor.actor.email,
    name: advisor.actor.name,
    teamMemberId: advisor.actor.teamMemberId,
    createdAt: requestedAt,
  });
  for (const contact of spec.contacts) {
    if (emails.has(contact.email)) continue;
    emails.add(contact.email);
    out.add(tables.meetingParticipants, {
      id: ids.next(EntityType.meetingParticipant),
      organizationId: org,
      meetingId: id,
      role: 'CONTACT',
      email: contact.email,
      name: contact.name,
      contactId: contact.contactId,
      createdAt: requestedAt,
    });
  }
  spec.agenda.forEach((value, position) => {
    out.add(tables.meetingAgendaItems, {
      id: ids.next(EntityType.meetingAgendaItem),
      organizationId: org,
      meetingId: id,
      position,
      value,
    });
  });
  return id;
}

interface TaskSpec {
  kind: TaskKind;
  type: string;
  title: string;
  status: TaskStatus;
  owner:
    | { ownerKind: 'HOUSEHOLD'; ownerHouseholdId: string }
    | { ownerKind: 'CONTACT'; ownerContactId: string }
    | { ownerKind: 'PERSON'; ownerPersonId: string }
    | { ownerKind: 'CORPORATION'; ownerCorporationId: string };
  meeting?: { id: string; timing: 'PRE' | 'DURING' | 'POST' };
  financialRecordId?: string;
  familyId?: string;
  questions?: { question: string; answer: string | null }[];
  assignee?: string;
  createdAt?: Date;
  dueDate?: Date;
  /** The day a SCHEDULED task is scheduled for (default: 7 to 100 days after the reference date). */
  scheduledFor?: Date;
}

function task(ctx: SeedContext, household: Household, spec: TaskSpec): void {
  const { ids, out, organizationId: org, referenceDate } = ctx;
  const { random } = household;
  const createdAt = notAfter(spec.createdAt ?? addDays(referenceDate, -random.int(5, 120)), referenceDate);
  const finished = spec.status === 'DONE' || spec.status === 'CANCELLED';
  // Closed between its creation and the reference date.
  const closedAt = finished
    ? new Date(createdAt.getTime() + random.next() * (referenceDate.getTime() - createdAt.getTime()))
    : null;
  // crm §4: a SCHEDULED task carries a scheduled time, in the future; no other status has one.
  const scheduledTime =
    spec.status === 'SCHEDULED'
      ? atHour(random, household, spec.scheduledFor ?? addDays(referenceDate, random.int(7, 100)))
      : null;
  out.add(tables.tasks, {
    id: ids.next(TASK_ID_TYPE[spec.kind]),
    organizationId: org,
    teamId: household.teamId,
    householdId: spec.owner.ownerKind === 'CONTACT' ? null : household.id,
    kind: spec.kind,
    type: spec.type,
    title: spec.title,
    dueDate: dateOf(
      spec.dueDate ??
        (finished
          ? addDays(closedAt!, random.int(0, 10))
          : scheduledTime
            ? addDays(scheduledTime, random.int(0, 14))
            : addDays(referenceDate, random.int(-10, 60))),
    ),
    scheduledTime,
    status: spec.status,
    priority: random.pick(['LOW', 'MEDIUM', 'MEDIUM', 'HIGH']),
    questions: spec.questions,
    assigneeTeamMemberId: spec.assignee ?? household.advisor.actor.teamMemberId,
    meetingId: spec.meeting?.id ?? null,
    meetingTaskType: spec.meeting?.timing ?? null,
    financialRecordId: spec.financialRecordId ?? null,
    familyId: spec.familyId ?? null,
    ...spec.owner,
    completedAt: spec.status === 'DONE' ? closedAt : null,
    cancelledAt: spec.status === 'CANCELLED' ? closedAt : null,
    createdAt,
  });
}

function note(
  ctx: SeedContext,
  household: Household,
  owner: { householdId?: string; contactId?: string; personId?: string },
  title: string,
  body: string,
  date: Date,
  starred = false,
): void {
  const { ids, out, organizationId: org } = ctx;
  const ownerColumns = owner.householdId
    ? { ownerKind: 'HOUSEHOLD' as const, ownerHouseholdId: owner.householdId }
    : owner.contactId
      ? { ownerKind: 'CONTACT' as const, ownerContactId: owner.contactId }
      : { ownerKind: 'PERSON' as const, ownerPersonId: owner.personId! };
  out.add(tables.notes, {
    id: ids.next(EntityType.note),
    organizationId: org,
    teamId: household.teamId,
    authorUserId: household.advisor.actor.userId,
    title,
    body,
    date,
    starredAt: starred ? addDays(date, 1) : null,
    ...ownerColumns,
    createdAt: date,
  });
}

function notAfter(date: Date, limit: Date): Date {
  return date > limit ? limit : date;
}

/** In person only for clients near an office (Canadian ones); the others by video or phone. */
function meetingType(random: Random, household: Household): MeetingType {
  return random.weighted<MeetingType>([
    ['IN_PERSON', household.country === 'CA' ? 45 : 0],
    ['MICROSOFT_TEAMS', 25],
    ['GOOGLE_MEET', 10],
    ['PHONE', 20],
  ]);
}

/** Hours behind UTC in winter, by time zone of the demo's cities (close enough for office hours). */
const UTC_OFFSET_HOURS: Readonly<Record<string, number>> = {
  'America/St_Johns': -3.5,
  'America/Halifax': -4,
  'America/Moncton': -4,
  'America/Toronto': -5,
  'America/New_York': -5,
  'America/Detroit': -5,
  'America/Winnipeg': -6,
  'America/Chicago': -6,
  'America/Regina': -6,
  'America/Edmonton': -7,
  'America/Denver': -7,
  'America/Phoenix': -7,
  'America/Vancouver': -8,
  'America/Los_Angeles': -8,
};

/** Office hours (9:00 to 16:30, on the hour or half hour) that day in the household's time zone. */
function atHour(random: Random, household: Household, date: Date): Date {
  const offset = UTC_OFFSET_HOURS[household.place.timeZone] ?? -5;
  const localMinutes = random.int(9, 16) * 60 + random.pick([0, 30]);
  return new Date(dateOf(date).getTime() + (localMinutes - offset * 60) * 60_000);
}

const TASK_STATUSES: readonly (readonly [TaskStatus, number])[] = [
  ['TODO', 25],
  ['IN_PROGRESS', 15],
  ['DONE', 25],
  ['SCHEDULED', 12],
  ['BLOCKED', 5],
  ['IN_REVIEW', 8],
  ['TRIAGE', 5],
  ['CANCELLED', 5],
];

const QUALIFICATION_REASONS: readonly LeadQualificationReason[] = [
  'MEETS_AUM',
  'MEETS_HH_INCOME',
  'MATCHES_NICHE',
  'WILLING_TO_PAY',
  'RELATIVE_OF_CLIENT',
  'FRIEND_AND_FAMILY',
];

const CAMPAIGNS: readonly { campaign: string; content: string; medium: MarketingMedium }[] = [
  { campaign: 'Retirement income webinar', content: 'Webinar replay', medium: 'EMAIL' },
  { campaign: 'RRSP season', content: 'Contribution checklist', medium: 'PAID_SEARCH' },
  { campaign: 'Business owner breakfast', content: 'Invitation', medium: 'DIRECT' },
  { campaign: 'Cross-border guide', content: 'Moving to the US: a tax guide', medium: 'SOCIAL' },
  { campaign: 'Newsletter', content: 'Quarterly market letter', medium: 'ORGANIC' },
  { campaign: 'Local radio', content: 'Ask an advisor segment', medium: 'DISPLAY' },
];

const INTRO_NOTES = [
  '{name} is changing jobs and wants to know what to do with the group RRSP.',
  '{name} inherited a portfolio and would like a second opinion on it.',
  '{name} and their partner are planning to retire within five years.',
  '{name} sold a business last year and is looking for a discretionary manager.',
  '{name} asked about fees and how we are paid; sent the fee schedule.',
];

const HOUSEHOLD_NOTES: readonly (readonly [string, string])[] = [
  ['Annual review', 'Reviewed goals with {name}. No change in risk tolerance; keep the current allocation.'],
  ['Phone call', '{name} called about a large expense next spring; plan to hold cash in the savings account.'],
  ['Estate', '{name} updated the wills last month. Ask for copies for the file.'],
  ['Tax season', 'Collected the slips for {household}; sent to the accountant.'],
  ['Portfolio', 'Moved new contributions to the balanced model, as discussed with {name}.'],
  ['Insurance', '{name} wants to compare term life quotes before the renewal.'],
  ['Family', '{household}: first grandchild expected in the summer; talk about an RESP.'],
];
