// A client household: who lives in it, where, how they earn, which entities they own (a
// corporation, a family trust, a foundation), their family record, and a CRM contact per adult.
import {
  CANADIAN_PROVINCE_NAMES,
  EntityType,
  TAX_PROVINCE_BY_PROVINCE_CODE,
  type CanadianProvinceCode,
  type ContactType,
  type CountryCode,
  type EmploymentStatus,
  type LeadSource,
  type PortalAccess,
} from '@meridian/domain';
import type { Advisor, SeedContext, TagKey, TeamKey } from './context.js';
import { addDays, addYears, ageOn, dateOf, daysBetween } from './finance.js';
import {
  EXAMPLE_DOMAINS,
  EMPLOYERS,
  PUBLIC_EMPLOYERS,
  emailLocalPart,
  homeAddress,
  phoneNumber,
  pickCity,
  type Address,
  type City,
} from './places.js';
import { pickName, pickNamePool, type NamePool } from './names.js';
import { Random } from './random.js';
import { tables } from './tables.js';

export type LifeStage = 'YOUNG_PROFESSIONAL' | 'YOUNG_FAMILY' | 'MID_CAREER' | 'PRE_RETIREE' | 'RETIREE';
export type Tier = 'MASS_AFFLUENT' | 'AFFLUENT' | 'HIGH_NET_WORTH';
export type Currency = 'CAD' | 'USD';

export interface Member {
  personId: string;
  firstName: string;
  lastName: string;
  gender: 'FEMALE' | 'MALE';
  birth: Date;
  age: number;
  employment: 'EMPLOYED' | 'SELF_EMPLOYED' | 'RETIRED' | 'AT_HOME' | 'STUDENT' | 'CHILD';
  /** Yearly employment income in the household's currency; 0 when not working. */
  salary: number;
  employer?: { name: string; title: string; since: Date; until?: Date; publicSector: boolean; plan?: string };
  email?: string;
  phone?: string;
  contactId?: string;
}

export interface OwnedEntity {
  id: string;
  name: string;
}

export interface Household {
  index: number;
  id: string;
  random: Random;
  country: CountryCode;
  currency: Currency;
  place: City;
  address: Address;
  advisor: Advisor;
  team: TeamKey;
  teamId: string;
  stage: LifeStage;
  tier: Tier;
  /** Scales balances: 1 for mass affluent, more for wealthier households. */
  wealth: number;
  surname: string;
  name: string;
  clientSince: Date;
  adults: Member[];
  children: Member[];
  businessOwner?: Member;
  corporation?: OwnedEntity;
  trust?: OwnedEntity;
  foundation?: OwnedEntity;
  familyId: string;
}

const STAGES: readonly (readonly [LifeStage, number])[] = [
  ['YOUNG_PROFESSIONAL', 12],
  ['YOUNG_FAMILY', 24],
  ['MID_CAREER', 24],
  ['PRE_RETIREE', 20],
  ['RETIREE', 20],
];

const AGE_RANGE: Record<LifeStage, readonly [number, number]> = {
  YOUNG_PROFESSIONAL: [25, 34],
  YOUNG_FAMILY: [30, 42],
  MID_CAREER: [43, 55],
  PRE_RETIREE: [56, 64],
  RETIREE: [65, 84],
};

const COUPLE_CHANCE: Record<LifeStage, number> = {
  YOUNG_PROFESSIONAL: 0.3,
  YOUNG_FAMILY: 0.9,
  MID_CAREER: 0.8,
  PRE_RETIREE: 0.78,
  RETIREE: 0.68,
};

const TIER_WEIGHTS: Record<LifeStage, readonly [number, number, number]> = {
  YOUNG_PROFESSIONAL: [70, 25, 5],
  YOUNG_FAMILY: [60, 30, 10],
  MID_CAREER: [45, 38, 17],
  PRE_RETIREE: [40, 40, 20],
  RETIREE: [45, 38, 17],
};

const WEALTH: Record<Tier, number> = { MASS_AFFLUENT: 1, AFFLUENT: 2.2, HIGH_NET_WORTH: 6 };
const SALARY_FACTOR: Record<Tier, number> = { MASS_AFFLUENT: 1, AFFLUENT: 1.5, HIGH_NET_WORTH: 2.6 };
const SALARY_RANGE: Record<LifeStage, readonly [number, number]> = {
  YOUNG_PROFESSIONAL: [55_000, 110_000],
  YOUNG_FAMILY: [70_000, 150_000],
  MID_CAREER: [85_000, 180_000],
  PRE_RETIREE: [90_000, 190_000],
  RETIREE: [60_000, 140_000],
};
const BUSINESS_OWNER_CHANCE: Record<LifeStage, number> = {
  YOUNG_PROFESSIONAL: 0.08,
  YOUNG_FAMILY: 0.15,
  MID_CAREER: 0.28,
  PRE_RETIREE: 0.28,
  RETIREE: 0.12,
};

const CORPORATION_KINDS = ['Consulting', 'Dental', 'Engineering', 'Design', 'Contracting', 'Holdings', 'Medical'];
const WESTERN_REGIONS = new Set(['BC', 'AB', 'SK', 'MB']);

export interface HouseholdProfile {
  country: CountryCode;
  stage: LifeStage;
  tier: Tier;
}

/**
 * Country, life stage and wealth of household number `index`, from a stream of its own: the
 * seed reads them before building the household, to share records and flows out by need.
 */
export function householdProfile(seed: number, index: number): HouseholdProfile {
  const random = Random.derive(seed, 'profile', index);
  const country: CountryCode = random.chance(0.8) ? 'CA' : 'US';
  const stage = random.weighted(STAGES);
  const [lowTier, midTier, highTier] = TIER_WEIGHTS[stage];
  const tier = random.weighted<Tier>([
    ['MASS_AFFLUENT', lowTier],
    ['AFFLUENT', midTier],
    ['HIGH_NET_WORTH', highTier],
  ]);
  return { country, stage, tier };
}

/** Builds household number `index` (persons, entities, family, contacts) and writes its rows. */
export function seedHouseholdClients(ctx: SeedContext, index: number): Household {
  const { ids, out, organizationId: org, referenceDate, firm } = ctx;
  const { country, stage, tier } = householdProfile(ctx.seed, index);
  const random = Random.derive(ctx.seed, 'household', index);
  const place = pickCity(random, country);
  const advisor = chooseAdvisor(random, firm.advisors, place);
  const pool = pickNamePool(random, place);
  const surname = random.pick(pool.surnames);
  const clientSince = dateOf(addDays(referenceDate, -random.int(60, 15 * 365)));
  const household: Household = {
    index,
    id: ids.next(EntityType.household),
    random,
    country,
    currency: country === 'CA' ? 'CAD' : 'USD',
    place,
    address: homeAddress(random, place),
    advisor,
    team: advisor.team,
    teamId: advisor.teamId,
    stage,
    tier,
    wealth: WEALTH[tier] * random.real(0.75, 1.35),
    surname,
    name: '',
    clientSince,
    adults: [],
    children: [],
    familyId: ids.next(EntityType.family),
  };

  // Adults: the primary client, often a spouse or partner; children take the primary's surname.
  const [minAge, maxAge] = AGE_RANGE[stage];
  const primaryAge = random.int(minAge, maxAge);
  const primaryGender = random.chance(0.5) ? 'FEMALE' : 'MALE';
  household.adults.push(makeMember(ctx, household, primaryGender, pool, surname, primaryAge));
  if (random.chance(COUPLE_CHANCE[stage])) {
    const gender = random.chance(0.92) ? (primaryGender === 'FEMALE' ? 'MALE' : 'FEMALE') : primaryGender;
    const spousePool = random.chance(0.75) ? pool : pickNamePool(random, place);
    const lastName = random.chance(0.6) ? surname : random.pick(spousePool.surnames);
    const age = Math.max(22, primaryAge + random.int(-6, 6));
    household.adults.push(makeMember(ctx, household, gender, spousePool, lastName, age));
  }
  // No child born before its youngest parent turned 20.
  const youngestAdult = Math.min(...household.adults.map((adult) => adult.age));
  const childAges = childAgesFor(random, stage).filter((age) => age <= youngestAdult - 20);
  for (const age of childAges) {
    household.children.push(makeMember(ctx, household, random.chance(0.5) ? 'FEMALE' : 'MALE', pool, surname, age));
  }
  assignWork(household, random, referenceDate);

  const lastNames = [...new Set(household.adults.map((adult) => adult.lastName))];
  household.name = `${lastNames.join(' & ')} household`;
  const salutation = `Dear ${household.adults.map((adult) => adult.firstName).join(' and ')}`;
  out.add(tables.households, {
    id: household.id,
    organizationId: org,
    teamId: household.teamId,
    primaryAdvisorId: advisor.professionalId,
    name: household.name,
    salutation,
    // Reviewed since they became clients, within the last three years.
    lastKycUpdatedAt: addDays(
      referenceDate,
      -random.int(0, Math.min(3 * 365, daysBetween(clientSince, referenceDate))),
    ),
    createdAt: clientSince,
  });
  seedEntities(ctx, household);
  seedFamily(ctx, household);
  for (const adult of household.adults) seedClientContact(ctx, household, adult);
  for (const member of [...household.adults, ...household.children]) {
    out.add(tables.persons, {
      id: member.personId,
      organizationId: org,
      householdId: household.id,
      firstName: member.firstName,
      lastName: member.lastName,
      displayName: `${member.firstName} ${member.lastName}`,
      fullName: `${member.firstName} ${member.lastName}`,
      dateOfBirth: member.birth,
      gender: member.gender,
      email: member.email ?? null,
      createdAt: clientSince,
    });
  }
  return household;
}

function chooseAdvisor(random: Random, advisors: readonly Advisor[], place: City): Advisor {
  const crossBorder = advisors.filter((advisor) => advisor.crossBorder);
  if (place.country === 'US' && crossBorder.length > 0) return random.pick(crossBorder);
  const team: TeamKey = WESTERN_REGIONS.has(place.region) ? 'west' : 'east';
  const candidates = advisors.filter((advisor) => advisor.team === team);
  // The cross-border advisor keeps some Canadian clients; the managing partner fewer than the others.
  return random.weighted(
    candidates.map((advisor, position) => [
      advisor,
      advisor.crossBorder ? 1 : position === 0 && team === 'east' ? 1 : 3,
    ]),
  );
}

function childAgesFor(random: Random, stage: LifeStage): number[] {
  switch (stage) {
    case 'YOUNG_FAMILY':
      return Array.from({ length: random.int(1, 3) }, () => random.int(0, 12));
    case 'MID_CAREER':
      return Array.from({ length: random.int(0, 3) }, () => random.int(8, 22));
    case 'PRE_RETIREE':
      return random.chance(0.35) ? [random.int(18, 30)] : [];
    default:
      return [];
  }
}

function makeMember(
  ctx: SeedContext,
  household: Household,
  gender: 'FEMALE' | 'MALE',
  pool: NamePool,
  lastName: string,
  age: number,
): Member {
  const { random } = household;
  const birth = dateOf(addDays(addYears(ctx.referenceDate, -age), -random.int(0, 364)));
  return {
    personId: ctx.ids.next(EntityType.person),
    ...pickName(
      random,
      pool,
      gender,
      lastName,
      [...household.adults, ...household.children].map((member) => member.firstName),
    ),
    gender,
    birth,
    age: ageOn(birth, ctx.referenceDate),
    employment: age < 18 ? 'CHILD' : 'EMPLOYED',
    salary: 0,
  };
}

/** Who works, for whom, and for how much; who owns the business; who retired from the public service. */
function assignWork(household: Household, random: Random, referenceDate: Date): void {
  const { stage, tier } = household;
  const [low, high] = SALARY_RANGE[stage];
  const currencyFactor = household.currency === 'USD' ? 1.15 : 1;
  household.adults.forEach((adult, position) => {
    const retired = stage === 'RETIREE' || (stage === 'PRE_RETIREE' && adult.age >= 60 && random.chance(0.3));
    if (position === 1 && !retired && random.chance(0.1)) {
      adult.employment = 'AT_HOME';
      return;
    }
    const share = position === 0 ? 1 : random.real(0.45, 1);
    adult.salary = Math.round((random.real(low, high) * SALARY_FACTOR[tier] * currencyFactor * share) / 500) * 500;
    const publicSector = random.chance(0.22);
    const since = retired
      ? addYears(adult.birth, random.int(23, 35))
      : addYears(referenceDate, -random.int(1, Math.max(1, Math.min(25, adult.age - 22))));
    if (publicSector) {
      const usEmployer = household.country === 'US';
      const employer = random.pick(PUBLIC_EMPLOYERS.filter((entry) => entry.name.startsWith('State') === usEmployer));
      adult.employer = { name: employer.name, title: 'Public servant', since, publicSector: true, plan: employer.plan };
    } else {
      const employer = random.pick(EMPLOYERS);
      adult.employer = { name: employer.name, title: random.pick(employer.titles), since, publicSector: false };
    }
    if (retired) {
      adult.employment = 'RETIRED';
      adult.salary = 0;
      const until = addYears(adult.birth, random.int(58, 65));
      adult.employer.until = until < referenceDate ? until : addDays(referenceDate, -random.int(30, 700));
    }
  });
  const [primary] = household.adults;
  if (primary && !primary.employer?.publicSector && random.chance(BUSINESS_OWNER_CHANCE[stage])) {
    household.businessOwner = primary;
    if (primary.employment === 'EMPLOYED') primary.employment = 'SELF_EMPLOYED';
  }
}

function seedEntities(ctx: SeedContext, household: Household): void {
  const { ids, out, organizationId: org, referenceDate } = ctx;
  const { random, surname, country } = household;
  const createdAt = household.clientSince;
  if (household.businessOwner) {
    const kind = random.pick(CORPORATION_KINDS);
    const region = household.place.region;
    const suffix = country === 'US' ? 'LLC' : 'Inc.';
    const name = `${surname} ${kind} ${suffix}`;
    let legalName = name;
    if (country === 'CA' && random.chance(0.6)) {
      const province = region as CanadianProvinceCode;
      legalName =
        province === 'BC'
          ? `${random.int(1_000_000, 1_499_999)} B.C. Ltd.`
          : `${random.int(1_000_000, 2_999_999)} ${CANADIAN_PROVINCE_NAMES[province]} Inc.`;
    }
    household.corporation = { id: ids.next(EntityType.corporation), name };
    out.add(tables.corporations, {
      id: household.corporation.id,
      organizationId: org,
      householdId: household.id,
      name,
      legalName,
      businessNumber: country === 'CA' ? `${random.digits(9)}RC0001` : `${random.digits(2)}-${random.digits(7)}`,
      incorporationJurisdiction:
        country === 'CA' ? (TAX_PROVINCE_BY_PROVINCE_CODE[region as CanadianProvinceCode] ?? null) : null,
      incorporationDate: addYears(referenceDate, -random.int(2, 25)),
      createdAt,
    });
  }
  const trustChance = { MASS_AFFLUENT: 0.02, AFFLUENT: 0.1, HIGH_NET_WORTH: 0.45 }[household.tier];
  if (random.chance(trustChance)) {
    const senior = household.adults.every((adult) => adult.age >= 65);
    const trustType =
      country === 'US'
        ? random.pick(['Revocable living trust', 'Irrevocable life insurance trust'])
        : senior
          ? random.pick(['Alter ego trust', 'Joint partner trust'])
          : 'Discretionary family trust';
    household.trust = { id: ids.next(EntityType.trust), name: `${surname} Family Trust` };
    out.add(tables.trusts, {
      id: household.trust.id,
      organizationId: org,
      householdId: household.id,
      name: household.trust.name,
      trustType,
      country,
      settlementDate: addYears(referenceDate, -random.int(1, 20)),
      createdAt,
    });
  }
  if (household.tier === 'HIGH_NET_WORTH' && random.chance(0.15)) {
    household.foundation = { id: ids.next(EntityType.foundation), name: `${surname} Family Foundation` };
    out.add(tables.foundations, {
      id: household.foundation.id,
      organizationId: org,
      householdId: household.id,
      name: household.foundation.name,
      registrationNumber: country === 'CA' ? `${random.digits(9)}RR0001` : `${random.digits(2)}-${random.digits(7)}`,
      country,
      establishedDate: addYears(referenceDate, -random.int(2, 30)),
      createdAt,
    });
  }
}

function seedFamily(ctx: SeedContext, household: Household): void {
  const { out, organizationId: org, firm } = ctx;
  const createdAt = household.clientSince;
  out.add(tables.families, {
    id: household.familyId,
    organizationId: org,
    householdId: household.id,
    name: household.surname,
    createdAt,
  });
  [...household.adults, ...household.children].forEach((member, position) => {
    out.add(tables.familyMembers, {
      organizationId: org,
      familyId: household.familyId,
      personId: member.personId,
      role: position === 0 ? 'HEAD' : 'MEMBER',
      createdAt,
    });
  });
  out.add(tables.familyAddresses, {
    id: ctx.ids.next(EntityType.familyAddress),
    organizationId: org,
    familyId: household.familyId,
    label: 'Home',
    ...household.address,
    isPrimary: true,
    createdAt,
  });
  const groups = firm.groupIds[household.team];
  for (const adult of household.adults) {
    if (adult.employment === 'RETIRED') {
      out.add(tables.groupMembers, {
        organizationId: org,
        groupId: groups.retirees,
        personId: adult.personId,
        createdAt,
      });
    }
  }
  if (household.businessOwner) {
    out.add(tables.groupMembers, {
      organizationId: org,
      groupId: groups.businessOwners,
      personId: household.businessOwner.personId,
      createdAt,
    });
  }
}

function seedClientContact(ctx: SeedContext, household: Household, adult: Member): void {
  const { random } = household;
  const tags: TagKey[] = [];
  if (household.tier === 'HIGH_NET_WORTH') tags.push('vip');
  if (household.businessOwner === adult) tags.push('businessOwner');
  if (adult.employment === 'RETIRED') tags.push('retiree');
  if (household.country === 'US') tags.push('crossBorder');
  if (household.stage === 'YOUNG_FAMILY') tags.push('youngFamily');
  if (household.trust || household.foundation) tags.push('estatePlanning');
  if (random.chance(0.4)) tags.push('newsletter');
  const status: EmploymentStatus =
    adult.employment === 'RETIRED'
      ? 'RETIRED'
      : adult.employment === 'SELF_EMPLOYED'
        ? 'SELF_EMPLOYED'
        : adult.employment === 'AT_HOME'
          ? 'UNEMPLOYED'
          : random.chance(0.9)
            ? 'FULL_TIME'
            : 'PART_TIME';
  const contact = writeContact(ctx, {
    random,
    teamId: household.teamId,
    place: household.place,
    type: 'CLIENT',
    firstName: adult.firstName,
    lastName: adult.lastName,
    gender: adult.gender,
    personId: adult.personId,
    householdId: household.id,
    address: household.address,
    employment: adult.employer
      ? {
          employerName:
            household.businessOwner === adult && household.corporation
              ? household.corporation.name
              : adult.employer.name,
          jobTitle: household.businessOwner === adult ? 'Owner' : adult.employer.title,
          status,
          startDate: adult.employer.since,
          endDate: adult.employer.until ?? null,
        }
      : undefined,
    employmentStatus: status,
    portalAccess: random.weighted<PortalAccess>([
      ['ACTIVE', 40],
      ['INVITED', 15],
      ['NONE', 42],
      ['REVOKED', 3],
    ]),
    source: random.weighted<LeadSource>([
      ['REFERRAL', 50],
      ['COMPANY_WEBSITE', 10],
      ['PUBLIC_SPEAKING', 8],
      ['LINKED_IN', 8],
      ['COMMUNITY_INVOLVEMENT', 8],
      ['GOOGLE', 6],
      ['INTERNAL', 10],
    ]),
    discoveryMethod: random.pick(['INTRODUCTION', 'INBOUND', 'MUTUAL'] as const),
    tags,
    createdAt: household.clientSince,
  });
  adult.contactId = contact.id;
  adult.email = contact.email;
  adult.phone = contact.phone;
}

export interface ContactSpec {
  random: Random;
  teamId: string;
  place: City;
  type: ContactType;
  firstName: string;
  lastName: string;
  gender: 'FEMALE' | 'MALE';
  personId?: string;
  householdId?: string;
  address?: Address;
  employment?: {
    employerName: string;
    jobTitle: string;
    status: EmploymentStatus;
    startDate: Date;
    endDate: Date | null;
  };
  employmentStatus?: EmploymentStatus;
  portalAccess?: PortalAccess;
  source?: LeadSource;
  discoveryMethod?: 'INBOUND' | 'INTRODUCTION' | 'MUTUAL' | 'OUTBOUND';
  tags: readonly TagKey[];
  createdAt: Date;
}

/** A contact with one primary e-mail, phone number and (when known) address and employment. */
export function writeContact(ctx: SeedContext, spec: ContactSpec): { id: string; email: string; phone: string } {
  const { ids, out, organizationId: org, firm } = ctx;
  const { random, createdAt } = spec;
  const id = ids.next(EntityType.contact);
  const local = emailLocalPart(spec.firstName, spec.lastName);
  const email = `${local}${random.chance(0.5) ? random.int(1, 99) : ''}@${random.pick(EXAMPLE_DOMAINS)}`;
  const phone = phoneNumber(random, spec.place);
  const linkedIn = random.chance(0.3) ? `${local.replace('.', '-')}-${random.digits(4)}` : null;
  out.add(tables.contacts, {
    id,
    organizationId: org,
    teamId: spec.teamId,
    personId: spec.personId ?? null,
    householdId: spec.householdId ?? null,
    type: spec.type,
    firstName: spec.firstName,
    lastName: spec.lastName,
    gender: spec.gender,
    source: spec.source ?? null,
    discoveryMethod: spec.discoveryMethod ?? null,
    linkedinUrlBranch: linkedIn,
    employmentStatus: spec.employmentStatus ?? null,
    portalAccess: spec.portalAccess ?? 'NONE',
    createdAt,
  });
  out.add(tables.contactEmails, {
    id: ids.next(EntityType.contactEmail),
    organizationId: org,
    contactId: id,
    email,
    label: 'Personal',
    isPrimary: true,
    createdAt,
  });
  if (spec.employment && spec.employment.status !== 'RETIRED' && random.chance(0.35)) {
    const workDomain = `${emailLocalPart(spec.employment.employerName).replace(/\./g, '-')}.example`;
    out.add(tables.contactEmails, {
      id: ids.next(EntityType.contactEmail),
      organizationId: org,
      contactId: id,
      email: `${local}@${workDomain}`,
      label: 'Work',
      isPrimary: false,
      createdAt,
    });
  }
  out.add(tables.contactPhoneNumbers, {
    id: ids.next(EntityType.contactPhoneNumber),
    organizationId: org,
    contactId: id,
    countryCode: '1',
    number: phone,
    type: 'MOBILE',
    label: 'Mobile',
    isPrimary: true,
    createdAt,
  });
  if (random.chance(0.25)) {
    out.add(tables.contactPhoneNumbers, {
      id: ids.next(EntityType.contactPhoneNumber),
      organizationId: org,
      contactId: id,
      countryCode: '1',
      number: phoneNumber(random, spec.place),
      type: 'LANDLINE',
      label: 'Home',
      isPrimary: false,
      createdAt,
    });
  }
  if (spec.address) {
    out.add(tables.contactAddresses, {
      id: ids.next(EntityType.contactAddress),
      organizationId: org,
      contactId: id,
      label: 'Home',
      ...spec.address,
      isPrimary: true,
      createdAt,
    });
  }
  if (spec.employment) {
    out.add(tables.contactEmployments, {
      id: ids.next(EntityType.contactEmployment),
      organizationId: org,
      contactId: id,
      ...spec.employment,
      isPrimary: true,
      createdAt,
    });
  }
  if (linkedIn) {
    out.add(tables.contactSocialLinks, {
      id: ids.next(EntityType.contactSocialLink),
      organizationId: org,
      contactId: id,
      type: 'LinkedIn',
      branch: linkedIn,
      createdAt,
    });
  }
  for (const tag of new Set(spec.tags)) {
    out.add(tables.contactTags, { organizationId: org, contactId: id, tagId: firm.tagIds[tag], createdAt });
  }
  return { id, email, phone };
}
