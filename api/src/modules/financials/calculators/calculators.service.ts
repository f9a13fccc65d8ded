import { Injectable } from '@nestjs/common';
import {
  accountCreatability,
  allowsJointOwnership,
  conversionTargetAt71,
  defaultJurisdiction,
  investmentAccountTypeLabel,
  MINIMUM_AGE,
  ownerKindsFor,
  RMD_ACCOUNT_TYPES,
  RMD_START_AGE,
  taxStatusOf,
  type AccountRules,
  type InvestmentAccountType,
  calculatePension,
  dpspLimit,
  FHSA_LIFETIME_LIMIT,
  fhsaAnnualLimit,
  lifMaximumRate,
  RESP_GRANT_RATE_PERCENT,
  RESP_LIFETIME_GRANT_MAX,
  RESP_MAX_CONTRIBUTION_PER_BENEFICIARY,
  RESP_MAX_GRANT_PER_YEAR,
  RESP_TAX_PENALTY_RATE_PERCENT,
  RRSP_EARNED_INCOME_PERCENT,
  rrifMinimumRate,
  rrspDollarLimit,
  rrspRoomFromEarnedIncome,
  tfsaAnnualLimit,
  tfsaCumulativeRoom,
  WITHDRAWAL_TABLES,
  type ContributionRoom,
  type ContributionRoomQuery,
  type PensionResult,
  type RegisteredLimits,
  type WithdrawalAccountType,
  type WithdrawalRate,
  describeUsContributionLimit,
  requiredMinimumDistribution,
  US_ACCOUNT_TYPES,
  usAnnualContributionLimit,
  type UsContributionLimitResult,
  type UsContributionLimitsQuery,
  type UsRmd,
  type UsRmdQuery,
} from '@meridian/domain';

/** The registered-account and pension calculators of foundations §4 and §9, for advisors. */
@Injectable()
export class CalculatorsService {
  registeredLimits(year: number): RegisteredLimits {
    return {
      year,
      tfsa: tfsaAnnualLimit(year),
      rrsp: { dollarLimit: rrspDollarLimit(year), earnedIncomePercent: RRSP_EARNED_INCOME_PERCENT },
      fhsa: { annual: fhsaAnnualLimit(year), lifetime: FHSA_LIFETIME_LIMIT },
      dpsp: dpspLimit(year),
      resp: {
        grantRate: RESP_GRANT_RATE_PERCENT,
        maxGrantPerYear: RESP_MAX_GRANT_PER_YEAR,
        lifetimeGrantMax: RESP_LIFETIME_GRANT_MAX,
        maxContributionPerBeneficiary: RESP_MAX_CONTRIBUTION_PER_BENEFICIARY,
        taxPenaltyRate: RESP_TAX_PENALTY_RATE_PERCENT,
      },
    };
  }

  withdrawalRate(type: WithdrawalAccountType, age: number): WithdrawalRate {
    const { kind } = WITHDRAWAL_TABLES[type];
    return { type, age, kind, ratePercent: kind === 'MINIMUM' ? rrifMinimumRate(age) : lifMaximumRate(age) };
  }

  pension(input: unknown): PensionResult {
    const result = calculatePension(input);
    return {
      yearsOfService: result.yearsOfService.toFixed(1),
      accruedAnnualBenefit: result.accruedAnnualBenefit.toFixed(2),
      earlyRetirementReduction: result.earlyRetirementPenaltyPercent.toFixed(2),
      annualPayout: result.annualPayout.toFixed(2),
      commutedValue: result.commutedValue.toFixed(2),
    };
  }

  /** Every rule of foundations §4-§5 that applies to one investment account type. */
  accountRules(type: InvestmentAccountType): AccountRules {
    const minimumAge = (MINIMUM_AGE as Record<string, number | undefined>)[type];
    return {
      type,
      label: investmentAccountTypeLabel(type),
      ownerKinds: ownerKindsFor('INVESTMENT_ACCOUNT', type),
      jointAllowed: allowsJointOwnership('INVESTMENT_ACCOUNT', type),
      creatable: accountCreatability(type),
      taxStatus: taxStatusOf(type),
      jurisdiction: defaultJurisdiction(type),
      convertsAt71To: conversionTargetAt71(type) ?? null,
      minimumAge: minimumAge ?? null,
      minimumDistributionFromAge: (RMD_ACCOUNT_TYPES as readonly string[]).includes(type) ? RMD_START_AGE : null,
    };
  }

  contributionRoom(query: ContributionRoomQuery): ContributionRoom {
    if (query.account === 'TFSA') {
      return { account: 'TFSA', year: query.year, room: tfsaCumulativeRoom(query.birthYear, query.year).toFixed(2) };
    }
    const room = rrspRoomFromEarnedIncome(query.previousYearEarnedIncome, query.year, query.pensionAdjustment);
    return { account: 'RRSP', year: query.year, room: room.toFixed(2) };
  }

  /** The contribution limits of one US account type, or of every one, for a year and age. */
  usContributionLimits(query: UsContributionLimitsQuery): UsContributionLimitResult[] {
    const types = query.accountType === undefined ? US_ACCOUNT_TYPES : [query.accountType];
    return types.map((accountType) => {
      const result = usAnnualContributionLimit({ ...query, accountType });
      return {
        accountType,
        label: investmentAccountTypeLabel(accountType),
        year: result.year,
        age: result.age,
        limit: result.limit?.toFixed(2) ?? null,
        parts: result.parts.map((part) => ({ label: part.label, amount: part.amount.toFixed(2) })),
        notes: [...result.notes],
        explanation: describeUsContributionLimit(result),
      };
    });
  }

  usRequiredMinimumDistribution(query: UsRmdQuery): UsRmd {
    const rmd = requiredMinimumDistribution(query.balance, query.age, query.birthYear, query.accountType);
    return {
      accountType: query.accountType,
      label: investmentAccountTypeLabel(query.accountType),
      year: rmd.year,
      age: query.age,
      birthYear: query.birthYear,
      startingAge: rmd.startingAge,
      required: rmd.required,
      divisor: rmd.divisor?.toFixed(1) ?? null,
      amount: rmd.amount.toFixed(2),
      reason: rmd.reason,
    };
  }
}
