// A household's financial records: exactly `target` of them, chosen from what a household of its
// country, stage and wealth plausibly holds, with balances that follow the rules the domain knows
// (TFSA and RRSP contributions within the yearly limits, FHSA within its lifetime limit, RESP
// within the per-beneficiary limit, mortgage balances from the amortization formula). Ownership
// follows foundations §5 through the domain's own functions, checked for every record written.
import {
  EntityType,
  FHSA_ANNUAL_LIMIT,
  FHSA_FIRST_YEAR,
  FHSA_LIFETIME_LIMIT,
  FINANCIAL_RECORD_ID_TYPE,
  RESP_MAX_CONTRIBUTION_PER_BENEFICIARY,
  allowsJointOwnership,
  canBeOwnedBy,
  defaultJurisdiction,
  rrspDollarLimit,
  securedLoanPurpose,
  taxStatusOf,
  tfsaAnnualLimit,
  type FinancialRecordType,
  type InvestmentAccountType,
  type OwnerKind,
  type PaymentFrequency,
  type RealAssetType,
} from '@meridian/domain';
import type { Currency, Household, Member } from './clients.js';
import type { SeedContext } from './context.js';
import {
  addDays,
  addMonths,
  addYears,
  dateOf,
  day,
  levelPayment,
  money,
  monthsBetween,
  percent,
  periodicRate,
  remainingBalance,
  roundTo,
} from './finance.js';
import { INSTITUTION_ROLES, US_CITIES, homeAddress, pickCity, type City } from './places.js';
import type { Random } from './random.js';
import { tables } from './tables.js';

export type Owner =
  | { kind: 'Person'; id: string }
  | { kind: 'Corporation'; id: string }
  | { kind: 'Trust'; id: string }
  | { kind: 'Foundation'; id: string };

export interface Loan {
  id: string;
  type: 'MORTGAGE' | 'LOAN' | 'LINE_OF_CREDIT' | 'CREDIT_CARD';
  name: string;
  payment: number;
  frequency: PaymentFrequency;
  borrowers: string[];
}

export interface Policy {
  id: string;
  name: string;
  premium: number;
  frequency: PaymentFrequency;
  payer: string;
}

/** What the cash flows of the household refer to. */
export interface Holdings {
  count: number;
  chequing?: string;
  savings?: string;
  home?: { id: string; value: number; propertyTax: number };
  rental?: { id: string; rent: number; owners: string[] };
  cars: { id: string; name: string }[];
  loans: Loan[];
  policies: Policy[];
  /** Registered and other accounts people contribute to, with a yearly amount. */
  contributions: { id: string; name: string; personId: string; yearly: number; frequency: PaymentFrequency }[];
  /** Accounts that pay an income: RRIF, LIF minimums. */
  withdrawals: { id: string; name: string; personId: string; yearly: number }[];
  /** Defined-benefit pensions in pay, by member. */
  pensionsInPay: { id: string; name: string; personId: string; yearly: number; currency: Currency }[];
  corporateAccount?: string;
}

interface Candidate {
  /** Records it would add now (0 when it does not apply any more). */
  size: () => number;
  write: () => void;
}

/** A household's records and what its cash flows need to know of them. */
export function seedHouseholdRecords(ctx: SeedContext, household: Household, target: number): Holdings {
  const writer = new RecordWriter(ctx, household);
  const holdings = writer.holdings;
  const { random } = household;
  const plan: Candidate[] = [];
  const once = (size: number, applies: () => boolean, write: () => void): Candidate => ({
    size: () => (applies() ? size : 0),
    write,
  });
  const always = () => true;
  const adults = household.adults;
  const working = adults.filter((adult) => adult.salary > 0);
  const retired = adults.filter((adult) => adult.employment === 'RETIRED');
  const ownsHome = random.chance(
    { YOUNG_PROFESSIONAL: 0.3, YOUNG_FAMILY: 0.75, MID_CAREER: 0.85, PRE_RETIREE: 0.88, RETIREE: 0.82 }[
      household.stage
    ],
  );
  const mortgageChance = { YOUNG_PROFESSIONAL: 1, YOUNG_FAMILY: 1, MID_CAREER: 0.85, PRE_RETIREE: 0.5, RETIREE: 0.15 }[
    household.stage
  ];
  const ca = household.country === 'CA';

  plan.push(once(1, always, () => writer.bankAccount('CHECKING')));
  if (ownsHome) {
    const financed = random.chance(mortgageChance);
    plan.push(once(financed ? 2 : 1, always, () => writer.home(financed)));
  }
  for (const adult of adults) {
    if (ca) {
      plan.push(once(1, always, () => writer.tfsa(adult)));
      if (adult.employment === 'RETIRED') {
        plan.push(
          once(1, always, () =>
            writer.retirementSavings(adult, adult.age >= 71 || random.chance(0.6) ? 'RRIF' : 'RRSP'),
          ),
        );
      } else if (adult.salary > 0) {
        plan.push(once(1, always, () => writer.retirementSavings(adult, 'RRSP')));
      }
    } else {
      if (adult.employment === 'RETIRED') {
        plan.push(once(1, always, () => writer.retirementSavings(adult, 'TRADITIONAL_IRA')));
      } else if (adult.salary > 0) {
        plan.push(
          once(1, always, () => writer.retirementSavings(adult, random.chance(0.25) ? 'ROTH_401K' : 'ACCOUNT_401K')),
        );
      }
      plan.push(once(1, always, () => writer.rothIra(adult)));
    }
  }
  plan.push(once(1, always, () => writer.creditCard()));
  plan.push(once(1, always, () => writer.bankAccount('SAVINGS')));
  for (const adult of adults) {
    if (adult.employer?.publicSector) plan.push(once(1, always, () => writer.definedBenefitPension(adult)));
  }
  if (household.stage !== 'RETIREE' || random.chance(0.7)) {
    const financed = household.stage !== 'RETIREE' && random.chance(0.55);
    plan.push(once(financed ? 2 : 1, always, () => writer.car(financed)));
  }
  if (household.children.some((child) => child.age < 18)) {
    plan.push(once(1, always, () => (ca ? writer.resp() : writer.collegeSavings())));
  }
  if (household.children.length > 0 || household.stage === 'YOUNG_FAMILY' || household.stage === 'MID_CAREER') {
    for (const adult of working) plan.push(once(1, always, () => writer.termLife(adult)));
  }
  if (ca) {
    // A first home savings account, for those who do not own their home (checked when its turn comes).
    const renting = () => holdings.home === undefined;
    for (const adult of adults) if (adult.age <= 40) plan.push(once(1, renting, () => writer.fhsa(adult)));
  } else if (working.length > 0 && random.chance(0.45)) {
    plan.push(once(1, always, () => writer.healthSavings(working[0]!)));
  }
  if (household.tier !== 'MASS_AFFLUENT' || random.chance(0.35))
    plan.push(once(1, always, () => writer.taxableAccount()));
  if (household.corporation) {
    plan.push(once(1, always, () => writer.corporateBank()));
    plan.push(once(1, always, () => writer.corporateInvestments()));
    plan.push(once(1, always, () => writer.ownersShares()));
  }
  if (household.trust) plan.push(once(1, always, () => writer.entityInvestments('Trust')));
  if (household.foundation) plan.push(once(1, always, () => writer.entityInvestments('Foundation')));
  const wantsHeloc = random.chance(0.45);
  plan.push(
    once(
      1,
      () => wantsHeloc && holdings.home !== undefined,
      () => writer.heloc(),
    ),
  );
  if (household.stage === 'YOUNG_PROFESSIONAL' || household.stage === 'YOUNG_FAMILY') {
    plan.push(once(1, always, () => writer.studentLoan(adults[0]!)));
  }
  if (household.tier !== 'MASS_AFFLUENT' && household.stage !== 'YOUNG_PROFESSIONAL') {
    plan.push(once(2, always, () => writer.rentalProperty()));
  }
  if (retired.length > 0 && ca) plan.push(once(1, always, () => writer.lockedIn(retired[0]!, 'LIF')));
  else if (ca && working.some((adult) => adult.age >= 40))
    plan.push(once(1, always, () => writer.lockedIn(working[0]!, 'LIRA')));
  if (household.tier === 'HIGH_NET_WORTH') {
    plan.push(once(1, always, () => writer.recreationalProperty()));
    plan.push(once(1, always, () => writer.wholeLife(adults[0]!)));
    plan.push(once(1, always, () => writer.privateInvestment()));
  }
  plan.push(
    once(
      1,
      () => !holdings.loans.some((loan) => loan.type === 'LINE_OF_CREDIT'),
      () => writer.lineOfCredit(),
    ),
  );

  for (const candidate of plan) {
    const size = candidate.size();
    if (size > 0 && holdings.count + size <= target) candidate.write();
  }
  // Whatever is left: smaller holdings people also have.
  const fillers: (() => void)[] = [
    () => writer.bankAccount('SAVINGS', 'Emergency fund'),
    () => writer.taxableAccount(),
    () => writer.valuable('PRECIOUS_METALS'),
    () => writer.cryptoAccount(),
    () => writer.valuable('COLLECTIBLES'),
    () => writer.valuable('JEWELRY'),
    () => writer.usDollarAccount(),
    () => writer.valuable('BOAT'),
    () => writer.valuable('FURNITURE'),
    () => writer.valuable('INSTRUMENT'),
    () => writer.valuable('MOTORCYCLE'),
  ];
  for (let position = 0; holdings.count < target; position += 1) fillers[position % fillers.length]!();
  return holdings;
}

const HOME_OWNERSHIP_START_AGE = 27;

/** The domain's yearly limits, looked up once per year (the large seed asks millions of times). */
function perYear(limit: (year: number) => number): (year: number) => number {
  const cache = new Map<number, number>();
  return (year) => {
    let value = cache.get(year);
    if (value === undefined) {
      value = limit(year);
      cache.set(year, value);
    }
    return value;
  };
}
const tfsaLimit = perYear(tfsaAnnualLimit);
const rrspLimit = perYear(rrspDollarLimit);

class RecordWriter {
  readonly holdings: Holdings = {
    count: 0,
    cars: [],
    loans: [],
    policies: [],
    contributions: [],
    withdrawals: [],
    pensionsInPay: [],
  };
  private readonly random: Random;
  private readonly currency: Currency;
  private readonly reference: Date;
  private readonly bank: string;
  private readonly broker: string;
  private readonly insurer: string;

  constructor(
    private readonly ctx: SeedContext,
    private readonly household: Household,
  ) {
    this.random = household.random;
    this.currency = household.currency;
    this.reference = ctx.referenceDate;
    const roles = INSTITUTION_ROLES[household.country];
    this.bank = this.random.pick(roles.banks);
    this.broker = this.random.pick(roles.brokers);
    this.insurer = this.random.pick(roles.insurers);
  }

  private get wealth(): number {
    return this.household.wealth;
  }

  private institution(name: string): string {
    const id = this.ctx.firm.institutionIds.get(name);
    if (!id) throw new Error(`Unknown institution ${name}`);
    return id;
  }

  private persons(members: readonly Member[]): Owner[] {
    return members.map((member) => ({ kind: 'Person' as const, id: member.personId }));
  }

  /** Both adults when there are two and the chance says so, otherwise the first (or `who`). */
  private jointOrSingle(chance: number, who?: Member): Member[] {
    const adults = this.household.adults;
    if (adults.length > 1 && this.random.chance(chance)) return [...adults];
    return [who ?? adults[0]!];
  }

  /** The base row and its owners; the type row is the caller's. Checks foundations §5's ownership rules. */
  private record(
    type: FinancialRecordType,
    nickname: string,
    owners: readonly Owner[],
    options: { institution?: string; accountType?: InvestmentAccountType; createdAt?: Date; managed?: boolean } = {},
  ): string {
    const { ids, out, organizationId } = this.ctx;
    if (owners.length === 0) throw new Error(`${type} ${nickname} has no owner`);
    for (const owner of owners) {
      if (!canBeOwnedBy(owner.kind as OwnerKind, type, options.accountType)) {
        throw new Error(`A ${owner.kind} cannot own a ${options.accountType ?? type}`);
      }
    }
    if (owners.length > 1 && !allowsJointOwnership(type, options.accountType)) {
      throw new Error(`A ${options.accountType ?? type} cannot be owned jointly`);
    }
    const id = ids.next(FINANCIAL_RECORD_ID_TYPE[type]);
    const createdAt = options.createdAt ?? addDays(this.household.clientSince, this.random.int(0, 60));
    out.add(tables.financialRecords, {
      id,
      organizationId,
      householdId: this.household.id,
      type,
      nickname,
      connectionType: options.managed ? 'MANAGED' : 'MANUAL',
      institutionId: options.institution ? this.institution(options.institution) : null,
      isJoint: owners.length > 1,
      asOfDate: dateOf(addDays(this.reference, -this.random.int(0, 30))),
      createdAt: createdAt > this.reference ? this.reference : createdAt,
    });
    const share = owners.length > 1 ? percent(100 / owners.length, 4) : '100';
    for (const owner of owners) {
      out.add(tables.financialRecordOwners, {
        id: ids.next(EntityType.accountOwner),
        organizationId,
        financialRecordId: id,
        recordType: type,
        ownerKind: owner.kind,
        personId: owner.kind === 'Person' ? owner.id : null,
        corporationId: owner.kind === 'Corporation' ? owner.id : null,
        trustId: owner.kind === 'Trust' ? owner.id : null,
        foundationId: owner.kind === 'Foundation' ? owner.id : null,
        ownershipPercent: share,
        createdAt,
      });
    }
    this.holdings.count += 1;
    return id;
  }

  private borrowers(recordId: string, type: Loan['type'], borrowers: readonly Member[], cosigner?: Member): void {
    const { out, organizationId } = this.ctx;
    for (const member of borrowers) {
      out.add(tables.liabilityParties, {
        organizationId,
        financialRecordId: recordId,
        recordType: type,
        personId: member.personId,
        role: 'BORROWER',
      });
    }
    if (cosigner && !borrowers.includes(cosigner)) {
      out.add(tables.liabilityParties, {
        organizationId,
        financialRecordId: recordId,
        recordType: type,
        personId: cosigner.personId,
        role: 'COSIGNER',
      });
    }
  }

  private investment(
    accountType: InvestmentAccountType,
    nickname: string,
    owners: readonly Owner[],
    marketValue: number,
    costBasis: number | null,
    options: { jurisdiction?: 'CA' | 'US'; currency?: Currency; institution?: string } = {},
  ): string {
    const currency = options.currency ?? this.currency;
    const id = this.record('INVESTMENT_ACCOUNT', nickname, owners, {
      institution: options.institution ?? this.broker,
      accountType,
      managed: this.random.chance(0.45),
    });
    this.ctx.out.add(tables.investmentAccounts, {
      id,
      organizationId: this.ctx.organizationId,
      accountType,
      taxStatus: taxStatusOf(accountType),
      jurisdiction: options.jurisdiction ?? defaultJurisdiction(accountType),
      marketValue: money(marketValue),
      marketValueCurrency: currency,
      costBasis: costBasis === null ? null : money(costBasis),
      costBasisCurrency: costBasis === null ? null : currency,
    });
    return id;
  }

  bankAccount(kind: 'CHECKING' | 'SAVINGS', label?: string): void {
    const ca = this.household.country === 'CA';
    const owners = this.persons(this.jointOrSingle(kind === 'CHECKING' ? 0.75 : 0.55));
    const base = kind === 'CHECKING' ? this.random.real(2_500, 18_000) : this.random.real(6_000, 45_000);
    const nickname =
      label ?? (kind === 'CHECKING' ? (ca ? 'Chequing account' : 'Checking account') : 'High-interest savings');
    const id = this.record('BANK_ACCOUNT', owners.length > 1 ? `Joint ${nickname.toLowerCase()}` : nickname, owners, {
      institution: this.bank,
    });
    this.ctx.out.add(tables.bankAccounts, {
      id,
      organizationId: this.ctx.organizationId,
      bankAccountType: kind,
      balance: money(base * Math.sqrt(this.wealth)),
      balanceCurrency: this.currency,
      interestRatePercent: kind === 'CHECKING' ? '0.01' : percent(this.random.real(1.5, 3.25)),
    });
    if (kind === 'CHECKING' && !this.holdings.chequing) this.holdings.chequing = id;
    if (kind === 'SAVINGS' && !this.holdings.savings) this.holdings.savings = id;
  }

  /** A US-dollar account, common for Canadians who travel or own property south of the border. */
  usDollarAccount(): void {
    const ca = this.household.country === 'CA';
    const owners = this.persons(this.jointOrSingle(0.6));
    const id = this.record('BANK_ACCOUNT', ca ? 'US dollar account' : 'Online savings account', owners, {
      institution: this.bank,
    });
    this.ctx.out.add(tables.bankAccounts, {
      id,
      organizationId: this.ctx.organizationId,
      bankAccountType: 'SAVINGS',
      balance: money(this.random.real(1_500, 25_000)),
      balanceCurrency: 'USD',
      interestRatePercent: percent(this.random.real(0.5, 2.5)),
    });
  }

  home(financed: boolean): void {
    const place = this.household.place;
    const purchase = this.purchaseDate(this.household.adults[0]!);
    const { value, price } = this.propertyValue(place, purchase);
    const owners = this.household.adults;
    const id = this.record('REAL_ESTATE_PROPERTY', 'Family home', this.persons(owners), {
      createdAt: this.household.clientSince,
    });
    this.property(id, 'RESIDENTIAL', this.household.address, value, price, purchase, true);
    this.holdings.home = { id, value, propertyTax: roundTo(value * this.random.real(0.006, 0.012), 10) };
    if (financed) this.mortgage(id, 'Mortgage', price, purchase, owners);
  }

  rentalProperty(): void {
    const place = this.household.place;
    const purchase = addYears(this.reference, -this.random.int(2, 15));
    const { value, price } = this.propertyValue(place, purchase, 0.55);
    const owners = this.jointOrSingle(0.7);
    const id = this.record('REAL_ESTATE_PROPERTY', 'Rental condo', this.persons(owners));
    this.property(id, 'RESIDENTIAL', homeAddress(this.random, place), value, price, purchase, false);
    const rent = roundTo(value * this.random.real(0.0032, 0.0045), 25);
    this.holdings.rental = { id, rent, owners: owners.map((owner) => owner.personId) };
    this.mortgage(id, 'Rental mortgage', price, purchase, owners);
  }

  recreationalProperty(): void {
    const ca = this.household.country === 'CA';
    const snowbird = ca && this.household.stage === 'RETIREE';
    const place = snowbird
      ? US_CITIES.find((city) => city.region === 'FL')!
      : pickCity(this.random, this.household.country);
    const purchase = addYears(this.reference, -this.random.int(3, 25));
    const { value, price } = this.propertyValue(place, purchase, snowbird ? 0.6 : 0.7);
    const nickname = snowbird ? 'Florida condo' : ca ? 'Cottage' : 'Vacation home';
    const id = this.record('REAL_ESTATE_PROPERTY', nickname, this.persons(this.household.adults));
    const currency = place.country === 'CA' ? 'CAD' : 'USD';
    this.property(
      id,
      snowbird ? 'RESIDENTIAL' : this.random.chance(0.8) ? 'RESIDENTIAL' : 'LAND',
      homeAddress(this.random, place),
      value,
      price,
      purchase,
      false,
      currency,
    );
  }

  private purchaseDate(owner: Member): Date {
    const earliest = Math.max(1, owner.age - HOME_OWNERSHIP_START_AGE);
    return dateOf(addDays(this.reference, -this.random.int(120, Math.min(earliest, 30) * 365)));
  }

  /** Today's value in the city's range, and a purchase price a little over 4 % a year lower. */
  private propertyValue(place: City, purchase: Date, scale = 1): { value: number; price: number } {
    const [low, high] = place.homePrice;
    const wealthy = Math.min(1, (this.wealth - 0.75) / 6);
    const value = roundTo((low + (high - low) * Math.min(1, this.random.real(0, 0.6) + wealthy)) * scale, 5_000);
    const years = monthsBetween(purchase, this.reference) / 12;
    const price = roundTo(value / Math.pow(1 + this.random.real(0.03, 0.055), years), 1_000);
    return { value, price };
  }

  private property(
    id: string,
    kind: 'RESIDENTIAL' | 'LAND',
    address: ReturnType<typeof homeAddress>,
    value: number,
    price: number,
    purchase: Date,
    primary: boolean,
    currency: Currency = this.currency,
  ): void {
    this.ctx.out.add(tables.realEstateProperties, {
      id,
      organizationId: this.ctx.organizationId,
      propertyKind: kind,
      line1: address.line1,
      city: address.city,
      province: address.province,
      postalCode: address.postalCode,
      countryName: address.countryName,
      marketValue: money(value),
      marketValueCurrency: currency,
      purchasePrice: money(price),
      purchasePriceCurrency: currency,
      purchaseDate: purchase,
      isPrimaryResidence: primary,
    });
  }

  /**
   * Canada: 25-year amortization, 5-year fixed terms renewed at the rates of the renewal year,
   * semi-annual compounding. United States: a 30-year fixed loan for the whole amortization.
   */
  private mortgage(
    propertyId: string,
    nickname: string,
    price: number,
    purchase: Date,
    borrowers: readonly Member[],
  ): void {
    const ca = this.household.country === 'CA';
    let principal = roundTo(price * this.random.real(0.65, 0.8), 1_000);
    const amortizationMonths = ca ? (this.random.chance(0.85) ? 300 : 360) : 360;
    let start = purchase;
    let rate = ca
      ? canadianFiveYearRate(
          this.random,
          addYears(purchase, Math.floor(monthsBetween(purchase, this.reference) / 60) * 5).getUTCFullYear(),
        )
      : usThirtyYearRate(this.random, purchase.getUTCFullYear());
    // Most US owners who bought before 2020 refinanced at the 2020-2021 lows: a new 30-year loan.
    if (!ca && purchase.getUTCFullYear() < 2020 && this.random.chance(0.7)) {
      const refinanced = dateOf(addDays(day(2020, 6, 1), this.random.int(0, 540)));
      const oldRate = periodicRate(rate, 12, false);
      const oldPayment = levelPayment(principal, oldRate, amortizationMonths);
      principal = roundTo(remainingBalance(principal, oldRate, oldPayment, monthsBetween(purchase, refinanced)), 100);
      start = refinanced;
      rate = usThirtyYearRate(this.random, refinanced.getUTCFullYear());
    }
    const elapsed = monthsBetween(start, this.reference);
    const termYears = ca ? 5 : 30;
    const termStart = ca ? addYears(start, Math.floor(elapsed / 60) * 5) : start;
    const biWeekly = ca && this.random.chance(0.35);
    const monthlyRate = periodicRate(rate, 12, ca);
    const monthly = levelPayment(principal, monthlyRate, amortizationMonths);
    const balance = remainingBalance(principal, monthlyRate, monthly, Math.min(elapsed, amortizationMonths));
    if (balance < 1_000) return;
    const owners = this.persons(borrowers);
    const id = this.record('MORTGAGE', nickname, owners, { institution: this.bank, createdAt: start });
    const payment = biWeekly ? monthly / 2 : monthly;
    this.ctx.out.add(tables.mortgages, {
      id,
      organizationId: this.ctx.organizationId,
      propertyId,
      propertyRecordType: 'REAL_ESTATE_PROPERTY',
      originalAmount: money(principal),
      originalAmountCurrency: this.currency,
      balance: money(balance),
      balanceCurrency: this.currency,
      interestRatePercent: percent(rate),
      paymentAmount: money(payment),
      paymentAmountCurrency: this.currency,
      paymentFrequency: biWeekly ? 'BI_WEEKLY' : 'MONTHLY',
      termStartDate: termStart,
      termEndDate: addYears(termStart, termYears),
      amortizationMonths,
    });
    this.borrowers(id, 'MORTGAGE', borrowers);
    this.holdings.loans.push({
      id,
      type: 'MORTGAGE',
      name: nickname,
      payment,
      frequency: biWeekly ? 'BI_WEEKLY' : 'MONTHLY',
      borrowers: borrowers.map((member) => member.personId),
    });
  }

  heloc(): void {
    const home = this.holdings.home!;
    const owners = this.household.adults;
    const limit = roundTo(home.value * this.random.real(0.15, 0.35), 5_000);
    const balance = this.random.chance(0.5) ? roundTo(limit * this.random.real(0.05, 0.6), 100) : 0;
    const id = this.record('LINE_OF_CREDIT', 'Home equity line of credit', this.persons(owners), {
      institution: this.bank,
    });
    const rate = this.household.country === 'CA' ? this.random.real(4.95, 5.7) : this.random.real(7.25, 8.75);
    this.ctx.out.add(tables.linesOfCredit, {
      id,
      organizationId: this.ctx.organizationId,
      balance: money(balance),
      balanceCurrency: this.currency,
      creditLimit: money(limit),
      creditLimitCurrency: this.currency,
      interestRatePercent: percent(rate),
      securedByRecordId: home.id,
      securedByRecordType: 'REAL_ESTATE_PROPERTY',
      securedType: securedLoanPurpose('LINE_OF_CREDIT', { recordType: 'REAL_ESTATE_PROPERTY' }),
    });
    this.borrowers(id, 'LINE_OF_CREDIT', owners);
    if (balance > 0) this.interestOnly(id, 'LINE_OF_CREDIT', 'Home equity line of credit', balance, rate, owners);
  }

  lineOfCredit(): void {
    const owner = this.household.adults[0]!;
    const limit = roundTo(this.random.real(10_000, 50_000), 1_000);
    const balance = this.random.chance(0.4) ? roundTo(limit * this.random.real(0.1, 0.5), 50) : 0;
    const rate = this.household.country === 'CA' ? this.random.real(8.45, 10.95) : this.random.real(10.5, 13.5);
    const id = this.record('LINE_OF_CREDIT', 'Personal line of credit', this.persons([owner]), {
      institution: this.bank,
    });
    this.ctx.out.add(tables.linesOfCredit, {
      id,
      organizationId: this.ctx.organizationId,
      balance: money(balance),
      balanceCurrency: this.currency,
      creditLimit: money(limit),
      creditLimitCurrency: this.currency,
      interestRatePercent: percent(rate),
    });
    this.borrowers(id, 'LINE_OF_CREDIT', [owner]);
    if (balance > 0) this.interestOnly(id, 'LINE_OF_CREDIT', 'Personal line of credit', balance, rate, [owner]);
  }

  private interestOnly(
    id: string,
    type: Loan['type'],
    name: string,
    balance: number,
    rate: number,
    owners: readonly Member[],
  ): void {
    this.holdings.loans.push({
      id,
      type,
      name,
      payment: Math.max(25, (balance * rate) / 100 / 12),
      frequency: 'MONTHLY',
      borrowers: owners.map((member) => member.personId),
    });
  }

  creditCard(): void {
    const holder = this.household.adults[0]!;
    const ca = this.household.country === 'CA';
    const limit = roundTo(Math.min(50_000, this.random.real(5_000, 18_000) * Math.sqrt(this.wealth)), 500);
    const balance = roundTo(this.random.real(0, 0.35) * limit, 1) + this.random.int(0, 99) / 100;
    const id = this.record('CREDIT_CARD', ca ? 'Visa Infinite' : 'Rewards Visa', this.persons([holder]), {
      institution: this.bank,
    });
    this.ctx.out.add(tables.creditCards, {
      id,
      organizationId: this.ctx.organizationId,
      balance: money(balance),
      balanceCurrency: this.currency,
      creditLimit: money(limit),
      creditLimitCurrency: this.currency,
      interestRatePercent: ca ? this.random.pick(['19.99', '20.99']) : percent(this.random.real(21.5, 27.99)),
      lastFourDigits: this.random.digits(4),
    });
    this.borrowers(id, 'CREDIT_CARD', [holder]);
    const spouse = this.household.adults[1];
    if (spouse && this.random.chance(0.6)) {
      this.ctx.out.add(tables.additionalCards, {
        id: this.ctx.ids.next(EntityType.additionalCard),
        organizationId: this.ctx.organizationId,
        creditCardId: id,
        description: `${spouse.firstName}'s card`,
        firstFourDigits: '4' + this.random.digits(3),
        lastFourDigits: this.random.digits(4),
      });
    }
    // Paid in full each month: the payment is the balance.
    if (balance > 0) {
      this.holdings.loans.push({
        id,
        type: 'CREDIT_CARD',
        name: 'Credit card',
        payment: balance,
        frequency: 'MONTHLY',
        borrowers: [holder.personId],
      });
    }
  }

  car(financed: boolean): void {
    const driver = this.household.adults[0]!;
    const affordable = CAR_MODELS.filter(([, low]) => low < 40_000 * Math.sqrt(this.wealth));
    const [model, low, high] = this.random.pick(affordable.length > 0 ? affordable : CAR_MODELS);
    const ageYears = this.random.int(0, 7);
    const year = this.reference.getUTCFullYear() - ageYears;
    const price = roundTo(this.random.real(low, high), 500);
    const value = roundTo(price * Math.pow(0.85, ageYears + 0.5), 100);
    const purchase = dateOf(addDays(day(year, 1, 1), this.random.int(0, 300)));
    const name = `${year} ${model}`;
    const owners = this.jointOrSingle(0.4);
    const id = this.record('REAL_ASSET', name, this.persons(owners));
    this.ctx.out.add(tables.realAssets, {
      id,
      organizationId: this.ctx.organizationId,
      assetType: 'CAR',
      description: name,
      value: money(value),
      valueCurrency: this.currency,
      purchasePrice: money(price),
      purchasePriceCurrency: this.currency,
      purchaseDate: purchase,
    });
    this.holdings.cars.push({ id, name });
    if (!financed) return;
    const termMonths = this.random.pick([60, 72, 84]);
    const elapsed = monthsBetween(purchase, this.reference);
    if (elapsed >= termMonths - 2) return this.valuable('OTHER_VEHICLE');
    const principal = roundTo(price * this.random.real(0.7, 0.9), 100);
    const rate = this.household.country === 'CA' ? this.random.real(5.49, 8.99) : this.random.real(6.25, 9.75);
    const monthlyRate = periodicRate(rate, 12, false);
    const payment = levelPayment(principal, monthlyRate, termMonths);
    const loanId = this.record('LOAN', `${model} loan`, this.persons([driver]), {
      institution: this.bank,
      createdAt: purchase,
    });
    this.ctx.out.add(tables.loans, {
      id: loanId,
      organizationId: this.ctx.organizationId,
      originalAmount: money(principal),
      originalAmountCurrency: this.currency,
      balance: money(remainingBalance(principal, monthlyRate, payment, elapsed)),
      balanceCurrency: this.currency,
      interestRatePercent: percent(rate),
      paymentAmount: money(payment),
      paymentAmountCurrency: this.currency,
      paymentFrequency: 'MONTHLY',
      startDate: purchase,
      maturityDate: addMonths(purchase, termMonths),
      securedByRecordId: id,
      securedByRecordType: 'REAL_ASSET',
      securedType: securedLoanPurpose('LOAN', { recordType: 'REAL_ASSET', realAssetType: 'CAR' }),
    });
    const spouse = this.household.adults[1];
    this.borrowers(loanId, 'LOAN', [driver], spouse && this.random.chance(0.2) ? spouse : undefined);
    this.holdings.loans.push({
      id: loanId,
      type: 'LOAN',
      name: `${model} loan`,
      payment,
      frequency: 'MONTHLY',
      borrowers: [driver.personId],
    });
  }

  studentLoan(borrower: Member): void {
    const ca = this.household.country === 'CA';
    const start = addYears(borrower.birth, 22);
    const termMonths = 120;
    const elapsed = monthsBetween(start, this.reference);
    if (elapsed >= termMonths - 6) return this.lineOfCredit();
    const principal = roundTo(this.random.real(15_000, ca ? 38_000 : 60_000), 100);
    const rate = ca ? this.random.real(5.45, 7.2) : this.random.real(4.99, 6.8);
    const monthlyRate = periodicRate(rate, 12, false);
    const payment = levelPayment(principal, monthlyRate, termMonths);
    const id = this.record('LOAN', 'Student loan', this.persons([borrower]), { createdAt: start });
    this.ctx.out.add(tables.loans, {
      id,
      organizationId: this.ctx.organizationId,
      originalAmount: money(principal),
      originalAmountCurrency: this.currency,
      balance: money(remainingBalance(principal, monthlyRate, payment, elapsed)),
      balanceCurrency: this.currency,
      interestRatePercent: percent(rate),
      paymentAmount: money(payment),
      paymentAmountCurrency: this.currency,
      paymentFrequency: 'MONTHLY',
      startDate: start,
      maturityDate: addMonths(start, termMonths),
    });
    this.borrowers(id, 'LOAN', [borrower]);
    this.holdings.loans.push({
      id,
      type: 'LOAN',
      name: 'Student loan',
      payment,
      frequency: 'MONTHLY',
      borrowers: [borrower.personId],
    });
  }

  /** TFSA: each year's contribution within that year's limit (so the cost basis never exceeds the room). */
  tfsa(owner: Member): void {
    const { invested, value } = this.yearlyContributions(
      Math.max(2009, owner.birth.getUTCFullYear() + 18),
      tfsaLimit,
      this.participation(),
    );
    if (invested === 0) return this.taxableAccount();
    const id = this.investment('TFSA', `${owner.firstName}'s TFSA`, this.persons([owner]), value, invested);
    if (owner.salary > 0) this.contribution('TFSA contribution', owner, tfsaLimit(this.reference.getUTCFullYear()), id);
  }

  /** RRSP, RRIF, 401(k), Roth 401(k) or traditional IRA from a working life of contributions. */
  retirementSavings(owner: Member, type: 'RRSP' | 'RRIF' | 'ACCOUNT_401K' | 'ROTH_401K' | 'TRADITIONAL_IRA'): void {
    const salary = owner.salary > 0 ? owner.salary : this.random.real(60_000, 130_000) * Math.sqrt(this.wealth);
    const firstYear = Math.max(1991, owner.birth.getUTCFullYear() + 24);
    const lastYear =
      owner.employment === 'RETIRED' ? (owner.employer?.until?.getUTCFullYear() ?? firstYear + 30) : undefined;
    const canadian = type === 'RRSP' || type === 'RRIF';
    const limit = (year: number) =>
      canadian ? Math.min(0.18 * salary * 0.9, rrspLimit(year)) : Math.min(0.12 * salary, elective401kLimit(year));
    const { invested, value } = this.yearlyContributions(firstYear, limit, this.participation(), lastYear);
    const drawn = type === 'RRIF' ? this.random.real(0.6, 0.9) : 1;
    const labels = {
      RRSP: 'RRSP',
      RRIF: 'RRIF',
      ACCOUNT_401K: '401(k)',
      ROTH_401K: 'Roth 401(k)',
      TRADITIONAL_IRA: 'Rollover IRA',
    };
    const id = this.investment(
      type,
      `${owner.firstName}'s ${labels[type]}`,
      this.persons([owner]),
      Math.max(5_000, value * drawn),
      type === 'RRIF' ? null : invested,
    );
    if (owner.salary > 0)
      this.contribution(
        `${labels[type]} contribution`,
        owner,
        limit(this.reference.getUTCFullYear()) * 0.75,
        id,
        type === 'RRSP' ? 'MONTHLY' : 'BI_WEEKLY',
      );
    if (type === 'RRIF' || type === 'TRADITIONAL_IRA') {
      this.holdings.withdrawals.push({
        id,
        name: `${labels[type]} withdrawals`,
        personId: owner.personId,
        yearly: roundTo(value * drawn * 0.055, 100),
      });
    }
  }

  rothIra(owner: Member): void {
    const { invested, value } = this.yearlyContributions(
      Math.max(2008, owner.birth.getUTCFullYear() + 25),
      (year) => iraLimit(year),
      this.participation() * 0.8,
    );
    if (invested === 0) return this.taxableAccount();
    const id = this.investment('ROTH_IRA', `${owner.firstName}'s Roth IRA`, this.persons([owner]), value, invested);
    if (owner.salary > 0)
      this.contribution('Roth IRA contribution', owner, iraLimit(this.reference.getUTCFullYear()), id);
  }

  fhsa(owner: Member): void {
    const years = this.reference.getUTCFullYear() - FHSA_FIRST_YEAR + 1;
    const invested = Math.min(
      FHSA_LIFETIME_LIMIT,
      roundTo(FHSA_ANNUAL_LIMIT * this.random.int(1, years) * this.random.real(0.6, 1), 100),
    );
    const id = this.investment(
      'FHSA',
      `${owner.firstName}'s FHSA`,
      this.persons([owner]),
      invested * this.random.real(1, 1.12),
      invested,
    );
    this.contribution('FHSA contribution', owner, FHSA_ANNUAL_LIMIT, id);
  }

  resp(): void {
    const children = this.household.children.filter((child) => child.age < 18);
    const subscribers = this.jointOrSingle(0.5);
    let invested = 0;
    for (const child of children)
      invested += Math.min(RESP_MAX_CONTRIBUTION_PER_BENEFICIARY, 2_500 * child.age * this.random.real(0.5, 1));
    invested = roundTo(invested, 50);
    // Canada Education Savings Grant: 20 % of contributions, paid into the plan.
    const value = invested * 1.2 * this.random.real(1.05, 1.35);
    const id = this.investment('RESP', 'Family RESP', this.persons(subscribers), Math.max(1_000, value), invested);
    this.contribution('RESP contribution', subscribers[0]!, 2_500 * children.length, id);
  }

  collegeSavings(): void {
    const parent = this.household.adults[0]!;
    const child = this.household.children.find((member) => member.age < 18)!;
    const invested = roundTo(child.age * this.random.real(1_500, 6_000), 100);
    const id = this.investment(
      'ACCOUNT_529',
      `${child.firstName}'s 529 plan`,
      this.persons([parent]),
      Math.max(1_000, invested * this.random.real(1.05, 1.45)),
      invested,
    );
    this.contribution('529 plan contribution', parent, roundTo(this.random.real(2_400, 9_000), 100), id);
  }

  healthSavings(owner: Member): void {
    const invested = roundTo(this.random.real(3_000, 30_000), 100);
    const id = this.investment(
      'HSA',
      `${owner.firstName}'s HSA`,
      this.persons([owner]),
      invested * this.random.real(1, 1.3),
      invested,
    );
    this.contribution('HSA contribution', owner, this.household.adults.length > 1 ? 8_750 : 4_400, id);
  }

  lockedIn(owner: Member, type: 'LIRA' | 'LIF'): void {
    const value = roundTo(this.random.real(35_000, 260_000) * Math.sqrt(this.wealth), 100);
    const id = this.investment(type, `${owner.firstName}'s ${type}`, this.persons([owner]), value, null);
    if (type === 'LIF')
      this.holdings.withdrawals.push({
        id,
        name: 'LIF payments',
        personId: owner.personId,
        yearly: roundTo(value * 0.06, 100),
      });
  }

  /** A non-registered account: NRSP in Canada, a cash (brokerage) account in the United States. */
  taxableAccount(): void {
    const ca = this.household.country === 'CA';
    const type: InvestmentAccountType = ca ? 'NRSP' : 'CASH';
    const owners = this.persons(this.jointOrSingle(0.6));
    const invested = roundTo(this.random.real(25_000, 180_000) * this.wealth, 100);
    const nickname =
      owners.length > 1 ? 'Joint investment account' : ca ? 'Non-registered account' : 'Brokerage account';
    this.investment(type, nickname, owners, invested * this.random.real(0.95, 1.6), invested, {
      jurisdiction: ca ? 'CA' : 'US',
    });
  }

  cryptoAccount(): void {
    const owner = this.household.adults[this.household.adults.length - 1]!;
    const invested = roundTo(this.random.real(1_000, 20_000), 50);
    this.investment('CRYPTO', 'Crypto wallet', this.persons([owner]), invested * this.random.real(0.4, 2.5), invested, {
      jurisdiction: this.household.country,
      institution: this.household.country === 'CA' ? 'Wealthsimple' : 'Fidelity Investments',
    });
  }

  corporateBank(): void {
    const corporation = this.household.corporation!;
    const id = this.record(
      'BANK_ACCOUNT',
      `${corporation.name} operating account`,
      [{ kind: 'Corporation', id: corporation.id }],
      {
        institution: this.bank,
      },
    );
    this.ctx.out.add(tables.bankAccounts, {
      id,
      organizationId: this.ctx.organizationId,
      bankAccountType: 'CHECKING',
      balance: money(this.random.real(20_000, 180_000) * Math.sqrt(this.wealth)),
      balanceCurrency: this.currency,
      interestRatePercent: '0.05',
    });
    this.holdings.corporateAccount = id;
  }

  corporateInvestments(): void {
    const corporation = this.household.corporation!;
    const ca = this.household.country === 'CA';
    const invested = roundTo(this.random.real(150_000, 900_000) * this.wealth, 1_000);
    this.investment(
      ca ? 'NRSP' : 'CASH',
      `${corporation.name} investment account`,
      [{ kind: 'Corporation', id: corporation.id }],
      invested * this.random.real(1, 1.5),
      invested,
      {
        jurisdiction: this.household.country,
      },
    );
  }

  /** The owner's shares of the family corporation. */
  ownersShares(): void {
    const corporation = this.household.corporation!;
    const owner = this.household.businessOwner!;
    const value = roundTo(this.random.real(120_000, 1_500_000) * Math.sqrt(this.wealth), 1_000);
    const shares = this.random.pick([100, 1_000, 10_000]);
    const id = this.record('COMPANY_EQUITY', `Shares of ${corporation.name}`, this.persons([owner]));
    this.ctx.out.add(tables.companyEquities, {
      id,
      organizationId: this.ctx.organizationId,
      companyName: corporation.name,
      securityType: 'COMMON_STOCK',
      quantity: String(shares),
      pricePerShare: money(value / shares),
      pricePerShareCurrency: this.currency,
      currentValue: money(value),
      currentValueCurrency: this.currency,
      grantDate: addYears(this.reference, -this.random.int(2, 20)),
    });
  }

  entityInvestments(kind: 'Trust' | 'Foundation'): void {
    const entity = kind === 'Trust' ? this.household.trust! : this.household.foundation!;
    const ca = this.household.country === 'CA';
    const type: InvestmentAccountType = kind === 'Foundation' || !ca ? 'CASH' : 'NRSP';
    const invested = roundTo(this.random.real(250_000, 1_200_000) * Math.sqrt(this.wealth), 1_000);
    this.investment(
      type,
      `${entity.name} portfolio`,
      [{ kind, id: entity.id }],
      invested * this.random.real(1, 1.4),
      invested,
      {
        jurisdiction: this.household.country,
      },
    );
  }

  definedBenefitPension(member: Member): void {
    const employer = member.employer!;
    const start = dateOf(employer.since);
    const retired = member.employment === 'RETIRED';
    const end = retired ? dateOf(employer.until!) : null;
    const serviceYears = monthsBetween(start, end ?? this.reference) / 12;
    const formula = this.random.weighted([
      ['FINAL_AVERAGE_EARNINGS', 6],
      ['CAREER_AVERAGE_EARNINGS', 3],
      ['FLAT_BENEFIT', 1],
    ] as const);
    const salary = member.salary > 0 ? member.salary : roundTo(this.random.real(70_000, 115_000), 500);
    const finalAverage = roundTo(salary * this.random.real(0.92, 1), 100);
    const careerAverage = roundTo(salary * this.random.real(0.72, 0.85), 100);
    const accrual = formula === 'FINAL_AVERAGE_EARNINGS' ? 2 : 1.5;
    const flatPerYear = roundTo(this.random.real(600, 1_100), 10);
    const cappedYears = Math.min(35, serviceYears);
    const yearly =
      formula === 'FLAT_BENEFIT'
        ? flatPerYear * cappedYears
        : ((formula === 'FINAL_AVERAGE_EARNINGS' ? finalAverage : careerAverage) * accrual * cappedYears) / 100;
    const id = this.record('DEFINED_BENEFIT_PENSION', employer.plan ?? 'Pension plan', this.persons([member]), {
      createdAt: this.household.clientSince,
    });
    const currency = this.currency;
    this.ctx.out.add(tables.definedBenefitPensions, {
      id,
      organizationId: this.ctx.organizationId,
      formulaType: formula,
      planName: employer.plan ?? null,
      employerName: employer.name,
      serviceStartDate: start,
      serviceEndDate: end,
      fullRetirementDate: dateOf(addYears(member.birth, 65)),
      retirementDate: end ?? dateOf(addYears(member.birth, this.random.int(60, 65))),
      averageSalary: formula === 'CAREER_AVERAGE_EARNINGS' ? money(careerAverage) : null,
      averageSalaryCurrency: formula === 'CAREER_AVERAGE_EARNINGS' ? currency : null,
      finalAverageSalary: formula === 'FINAL_AVERAGE_EARNINGS' ? money(finalAverage) : null,
      finalAverageSalaryCurrency: formula === 'FINAL_AVERAGE_EARNINGS' ? currency : null,
      accrualRatePercent: formula === 'FLAT_BENEFIT' ? null : percent(accrual),
      amountPerYear: formula === 'FLAT_BENEFIT' ? money(flatPerYear) : null,
      amountPerYearCurrency: formula === 'FLAT_BENEFIT' ? currency : null,
      perYearAmountCap: formula === 'FINAL_AVERAGE_EARNINGS' && currency === 'CAD' ? '3900.00' : null,
      perYearAmountCapCurrency: formula === 'FINAL_AVERAGE_EARNINGS' && currency === 'CAD' ? 'CAD' : null,
      yearsOfServiceCap: '35',
      earlyRetirementPenaltyPercentPerYear: percent(this.random.pick([3, 4, 5, 6])),
      earlyRetirementPenaltyCapPercent: '30',
      expectedYearsInRetirement: String(this.random.int(20, 28)),
      discountRatePercent: percent(this.random.real(3.5, 5)),
    });
    if (retired) {
      this.holdings.pensionsInPay.push({
        id,
        name: employer.plan ?? 'Pension',
        personId: member.personId,
        yearly: roundTo(yearly, 10),
        currency,
      });
    }
  }

  termLife(insured: Member): void {
    const face = roundTo(this.random.real(250_000, 1_500_000) * Math.min(2, Math.sqrt(this.wealth)), 50_000);
    const term = this.random.pick([10, 20, 20, 30]);
    const monthly = Math.max(18, (face / 1_000) * (0.03 + Math.max(0, insured.age - 30) * 0.006));
    const id = this.record('INSURANCE_POLICY', `${insured.firstName}'s term life`, this.persons([insured]), {
      institution: this.insurer,
    });
    this.ctx.out.add(tables.insurancePolicies, {
      id,
      organizationId: this.ctx.organizationId,
      insuredPersonId: insured.personId,
      policyType: `TERM_${term}`,
      insurer: this.insurer,
      policyNumber: `${this.insurer.slice(0, 2).toUpperCase()}-${this.random.digits(8)}`,
      issueDate: addYears(this.reference, -this.random.int(0, term - 1)),
      faceAmount: money(face),
      faceAmountCurrency: this.currency,
      premium: money(monthly),
      premiumCurrency: this.currency,
      premiumFrequency: 'MONTHLY',
    });
    this.holdings.policies.push({
      id,
      name: `${insured.firstName}'s term life premium`,
      premium: monthly,
      frequency: 'MONTHLY',
      payer: insured.personId,
    });
  }

  wholeLife(insured: Member): void {
    const face = roundTo(this.random.real(500_000, 3_000_000), 100_000);
    const annual = roundTo((face / 1_000) * this.random.real(9, 18), 10);
    const issued = addYears(this.reference, -this.random.int(3, 25));
    const years = monthsBetween(issued, this.reference) / 12;
    const owner: Owner = this.household.corporation
      ? { kind: 'Corporation', id: this.household.corporation.id }
      : { kind: 'Person', id: insured.personId };
    const id = this.record('INSURANCE_POLICY', `${insured.firstName}'s whole life`, [owner], {
      institution: this.insurer,
    });
    this.ctx.out.add(tables.insurancePolicies, {
      id,
      organizationId: this.ctx.organizationId,
      insuredPersonId: insured.personId,
      policyType: 'WHOLE_LIFE',
      insurer: this.insurer,
      policyNumber: `${this.insurer.slice(0, 2).toUpperCase()}-${this.random.digits(8)}`,
      issueDate: issued,
      faceAmount: money(face),
      faceAmountCurrency: this.currency,
      premium: money(annual),
      premiumCurrency: this.currency,
      premiumFrequency: 'ANNUALLY',
      cashValue: money(annual * years * this.random.real(0.55, 0.85)),
      cashValueCurrency: this.currency,
    });
    this.holdings.policies.push({
      id,
      name: `${insured.firstName}'s whole life premium`,
      premium: annual,
      frequency: 'ANNUALLY',
      payer: insured.personId,
    });
  }

  privateInvestment(): void {
    const owners = this.persons(this.jointOrSingle(0.5));
    const name = this.random.pick(PRIVATE_FUNDS);
    const invested = roundTo(this.random.real(50_000, 500_000), 5_000);
    const id = this.record('PRIVATE_INVESTMENT', name, owners);
    this.ctx.out.add(tables.privateInvestments, {
      id,
      organizationId: this.ctx.organizationId,
      investmentName: name,
      investmentDate: addYears(this.reference, -this.random.int(1, 9)),
      investedAmount: money(invested),
      investedAmountCurrency: this.currency,
      currentValue: money(invested * this.random.real(0.8, 1.7)),
      currentValueCurrency: this.currency,
      ownershipPercent: percent(this.random.real(0.2, 4), 4),
    });
  }

  valuable(type: Exclude<RealAssetType, 'CAR' | 'REAL_ESTATE' | 'CASH' | 'CUSTOM' | 'MACHINERY'>): void {
    const spec = VALUABLES[type];
    const owners = this.persons(this.jointOrSingle(0.5));
    const price = roundTo(this.random.real(spec.price[0], spec.price[1]) * Math.min(3, Math.sqrt(this.wealth)), 100);
    const id = this.record('REAL_ASSET', spec.name, owners);
    this.ctx.out.add(tables.realAssets, {
      id,
      organizationId: this.ctx.organizationId,
      assetType: type,
      description: spec.name,
      value: money(price * this.random.real(spec.change[0], spec.change[1])),
      valueCurrency: this.currency,
      purchasePrice: money(price),
      purchasePriceCurrency: this.currency,
      purchaseDate: addYears(this.reference, -this.random.int(1, 15)),
    });
  }

  /** Contributions to an account, as a CONTRIBUTION cash flow later; `yearly` in the household's currency. */
  private contribution(
    name: string,
    member: Member,
    yearly: number,
    accountId: string,
    frequency: PaymentFrequency = 'MONTHLY',
  ): void {
    this.holdings.contributions.push({
      id: accountId,
      name,
      personId: member.personId,
      yearly: roundTo(yearly * this.random.real(0.5, 1), 100),
      frequency,
    });
  }

  /** How much of each year's room a household uses. */
  private participation(): number {
    const base = { MASS_AFFLUENT: [0.25, 0.75], AFFLUENT: [0.55, 1], HIGH_NET_WORTH: [0.9, 1] }[this.household.tier];
    return this.random.real(base[0]!, base[1]!);
  }

  /**
   * Contributions of `share` of each year's limit from `firstYear` to the year before the reference
   * year (or `lastYear`), each grown at one yearly return to the reference date.
   */
  private yearlyContributions(
    firstYear: number,
    limit: (year: number) => number,
    share: number,
    lastYear = this.reference.getUTCFullYear(),
  ): { invested: number; value: number } {
    const growth = this.random.real(0.035, 0.065);
    const referenceYear = this.reference.getUTCFullYear();
    let invested = 0;
    let value = 0;
    for (let year = firstYear; year <= Math.min(lastYear, referenceYear); year += 1) {
      const amount = Math.floor(limit(year) * share);
      invested += amount;
      value += amount * Math.pow(1 + growth, referenceYear - year);
    }
    return { invested, value: roundTo(value, 1) };
  }
}

/** The 401(k) elective deferral limit (IRS), by year; earlier years use 2019's. */
function elective401kLimit(year: number): number {
  if (year >= 2026) return 24_500;
  return { 2025: 23_500, 2024: 23_000, 2023: 22_500, 2022: 20_500, 2021: 19_500, 2020: 19_500 }[year] ?? 19_000;
}

/** The IRA contribution limit (IRS), by year; earlier years use 2008's. */
function iraLimit(year: number): number {
  if (year >= 2026) return 7_500;
  if (year >= 2024) return 7_000;
  if (year >= 2023) return 6_500;
  if (year >= 2019) return 6_000;
  if (year >= 2013) return 5_500;
  return 5_000;
}

/** Five-year fixed rates Canadian lenders offered, by the year a term started (approximate). */
function canadianFiveYearRate(random: Random, year: number): number {
  const ranges: Record<number, readonly [number, number]> = {
    2016: [2.39, 2.89],
    2017: [2.59, 3.09],
    2018: [3.19, 3.69],
    2019: [2.69, 3.19],
    2020: [1.99, 2.59],
    2021: [1.89, 2.79],
    2022: [3.99, 5.29],
    2023: [4.89, 5.89],
    2024: [4.29, 5.19],
    2025: [3.89, 4.49],
    2026: [3.79, 4.29],
  };
  const [low, high] = ranges[Math.min(2026, Math.max(2016, year))]!;
  return random.real(low, high);
}

/** Thirty-year fixed rates in the United States, by the year of the loan (approximate). */
function usThirtyYearRate(random: Random, year: number): number {
  const ranges: Record<number, readonly [number, number]> = {
    1996: [7.2, 8.2],
    2001: [6.5, 7.2],
    2006: [6.1, 6.8],
    2010: [4.3, 5.1],
    2013: [3.5, 4.5],
    2016: [3.5, 4.2],
    2019: [3.7, 4.5],
    2020: [2.7, 3.4],
    2021: [2.7, 3.2],
    2022: [4.9, 6.9],
    2023: [6.3, 7.6],
    2024: [6.1, 7.2],
    2025: [6.0, 6.9],
    2026: [5.9, 6.5],
  };
  const years = Object.keys(ranges).map(Number);
  const key = years.filter((candidate) => candidate <= year).pop() ?? years[0]!;
  const [low, high] = ranges[key]!;
  return random.real(low, high);
}

/** Models and their price new, roughly, in the household's currency. */
const CAR_MODELS: readonly (readonly [string, number, number])[] = [
  ['Toyota RAV4', 36_000, 48_000],
  ['Honda CR-V', 37_000, 49_000],
  ['Honda Civic', 27_000, 36_000],
  ['Ford F-150', 50_000, 80_000],
  ['Subaru Outback', 38_000, 50_000],
  ['Mazda CX-5', 33_000, 45_000],
  ['Hyundai Tucson', 32_000, 44_000],
  ['Tesla Model 3', 50_000, 65_000],
  ['Volvo XC60', 58_000, 72_000],
  ['BMW X3', 60_000, 75_000],
  ['Toyota Sienna', 45_000, 60_000],
  ['Kia Telluride', 48_000, 62_000],
];

const PRIVATE_FUNDS = [
  'Private real estate fund LP',
  'Mortgage investment corporation',
  'Private credit fund',
  'Venture capital fund II LP',
  'Infrastructure fund LP',
];

const VALUABLES: Record<
  'PRECIOUS_METALS' | 'COLLECTIBLES' | 'JEWELRY' | 'BOAT' | 'FURNITURE' | 'INSTRUMENT' | 'MOTORCYCLE' | 'OTHER_VEHICLE',
  { name: string; price: readonly [number, number]; change: readonly [number, number] }
> = {
  PRECIOUS_METALS: { name: 'Gold bullion', price: [5_000, 40_000], change: [1.1, 2] },
  COLLECTIBLES: { name: 'Art collection', price: [8_000, 60_000], change: [0.8, 1.6] },
  JEWELRY: { name: 'Jewellery', price: [4_000, 30_000], change: [0.7, 1.1] },
  BOAT: { name: 'Sailboat', price: [25_000, 120_000], change: [0.45, 0.8] },
  FURNITURE: { name: 'Antique furniture', price: [3_000, 20_000], change: [0.6, 1.2] },
  INSTRUMENT: { name: 'Grand piano', price: [15_000, 90_000], change: [0.6, 0.95] },
  MOTORCYCLE: { name: 'Motorcycle', price: [9_000, 28_000], change: [0.45, 0.8] },
  OTHER_VEHICLE: { name: 'Travel trailer', price: [20_000, 60_000], change: [0.4, 0.75] },
};
