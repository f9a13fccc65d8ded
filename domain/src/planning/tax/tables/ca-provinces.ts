import type { TaxProvince } from '../../../shared/regions/regions.js';
import type { BracketSchedule } from '../brackets.js';

/** One province's income tax figures of one year. Amounts in CAD, rates as fractions. */
export interface CaProvinceYear {
  schedule: BracketSchedule;
  /** Rate of the non-refundable credits; the lowest bracket rate when absent. */
  creditRate?: number;
  basicPersonalAmount: number;
  /** A high-income reduction of the basic personal amount: evenly from `from` to `to`, down to `min`. */
  basicPersonalAmountReduction?: { from: number; to: number; min: number };
  /** The age amount (65+), reduced by `reductionRate` of net income over `threshold`; absent when not modelled. */
  ageAmount?: { amount: number; threshold: number; reductionRate: number };
  /** The pension income amount; absent when not modelled. */
  pensionAmount?: number;
  /** Dividend tax credit on eligible dividends, as a fraction of the grossed-up dividend. */
  eligibleDividendCredit: number;
  /** A surtax on provincial tax after credits: `rates[i]` of the tax over `thresholds[i]` (Ontario). */
  surtax?: { thresholds: readonly number[]; rates: readonly number[] };
  /** Ontario Health Premium tiers: in the highest tier taxable income exceeds, min(cap, base + rate x (income - from)). */
  healthPremium?: readonly { from: number; base: number; rate: number; cap: number }[];
  source: string;
}

export type CaProvince = Exclude<TaxProvince, 'FEDERAL'>;

/**
 * Ontario Health Premium (Ontario Taxation Act, 2007, s. 33.1), unchanged since 2017: nothing to
 * $20,000, then 6% up to $300 (to $36,000), 6% up to $450 (to $48,000), 25% up to $600 (to
 * $72,000), 25% up to $750 (to $200,000), 25% up to $900.
 */
const ONTARIO_HEALTH_PREMIUM = [
  { from: 20000, base: 0, rate: 0.06, cap: 300 },
  { from: 36000, base: 300, rate: 0.06, cap: 450 },
  { from: 48000, base: 450, rate: 0.25, cap: 600 },
  { from: 72000, base: 600, rate: 0.25, cap: 750 },
  { from: 200000, base: 750, rate: 0.25, cap: 900 },
] as const;

/** Ontario surtax: 20% of Ontario tax over the first threshold plus 36% over the second. */
const ontarioSurtax = (first: number, second: number) => ({ thresholds: [first, second], rates: [0.2, 0.36] });

const ON_RATES = [0.0505, 0.0915, 0.1116, 0.1216, 0.1316];
const BC_RATES = [0.0506, 0.077, 0.105, 0.1229, 0.147, 0.168, 0.205];
const SK_RATES = [0.105, 0.125, 0.145];
const MB_RATES = [0.108, 0.1275, 0.174];
const QC_RATES = [0.14, 0.19, 0.24, 0.2575];
const NB_RATES = [0.094, 0.14, 0.16, 0.195];
const NS_RATES = [0.0879, 0.1495, 0.1667, 0.175, 0.21];
const NL_RATES = [0.087, 0.145, 0.158, 0.178, 0.198, 0.208, 0.213, 0.218];

/**
 * By province and year. Sources: CRA T4127 Payroll Deductions Formulas (provincial tables) and
 * the provincial TD1 forms of each year, the provinces' budgets named per entry; Quebec:
 * Revenu Quebec TP-1015.F and TP-1015.3 of each year. Dividend tax credits: CRA T4127 /
 * the provinces' Form 428; 2026 figures checked against the provinces' 2026 budgets and the
 * TaxTips.ca 2026 credit table (confirmed there to CRA figures). Every province has 2024-2026; a
 * later year uses 2026 (see tableForYear), not indexed.
 * Age amounts: only where the year's figure was confirmed (absent: no provincial age credit that
 * year); Quebec's age, retirement-income and living-alone credits (TP-1 Schedule B, a combined
 * family-income test) and Saskatchewan's senior supplement are not modelled.
 */
export const CA_PROVINCES: Readonly<Record<CaProvince, Readonly<Record<number, CaProvinceYear>>>> = {
  ONTARIO: {
    2024: {
      schedule: { thresholds: [51446, 102894, 150000, 220000], rates: ON_RATES },
      basicPersonalAmount: 12399,
      ageAmount: { amount: 6054, threshold: 45068, reductionRate: 0.15 },
      pensionAmount: 1714,
      eligibleDividendCredit: 0.1,
      surtax: ontarioSurtax(5554, 7108),
      healthPremium: ONTARIO_HEALTH_PREMIUM,
      source: 'CRA T4032ON and TD1ON 2024',
    },
    2025: {
      schedule: { thresholds: [52886, 105775, 150000, 220000], rates: ON_RATES },
      basicPersonalAmount: 12747,
      ageAmount: { amount: 6223, threshold: 46330, reductionRate: 0.15 },
      pensionAmount: 1762,
      eligibleDividendCredit: 0.1,
      surtax: ontarioSurtax(5710, 7307),
      healthPremium: ONTARIO_HEALTH_PREMIUM,
      source: 'CRA T4032ON and TD1ON 2025',
    },
    2026: {
      schedule: { thresholds: [53891, 107785, 150000, 220000], rates: ON_RATES },
      basicPersonalAmount: 12989,
      // Age and pension amounts: the 2025 figures indexed 1.9% (Ontario's 2026 factor).
      ageAmount: { amount: 6341, threshold: 47210, reductionRate: 0.15 },
      pensionAmount: 1795,
      eligibleDividendCredit: 0.1,
      surtax: ontarioSurtax(5818, 7446),
      healthPremium: ONTARIO_HEALTH_PREMIUM,
      source: 'CRA T4032ON and TD1ON 2026',
    },
  },
  BRITISH_COLUMBIA: {
    2024: {
      schedule: { thresholds: [47937, 95875, 110076, 133664, 181232, 252752], rates: BC_RATES },
      basicPersonalAmount: 12580,
      pensionAmount: 1000,
      eligibleDividendCredit: 0.12,
      source: 'CRA T4032BC and TD1BC 2024',
    },
    2025: {
      schedule: { thresholds: [49279, 98560, 113158, 137407, 186306, 259829], rates: BC_RATES },
      basicPersonalAmount: 12932,
      ageAmount: { amount: 5799, threshold: 43169, reductionRate: 0.15 },
      pensionAmount: 1000,
      eligibleDividendCredit: 0.12,
      source: 'CRA T4032BC and TD1BC 2025',
    },
    2026: {
      // B.C. Budget 2026 (17 February 2026): lowest rate 5.06% -> 5.60% from 2026, credits at the
      // same rate; brackets indexed 2.2% (gov.bc.ca "Personal income tax rates").
      schedule: {
        thresholds: [50363, 100728, 115648, 140430, 190405, 265545],
        rates: [0.056, 0.077, 0.105, 0.1229, 0.147, 0.168, 0.205],
      },
      basicPersonalAmount: 13216,
      ageAmount: { amount: 5927, threshold: 44119, reductionRate: 0.15 },
      pensionAmount: 1000,
      eligibleDividendCredit: 0.12,
      source: 'gov.bc.ca personal income tax rates 2026; B.C. Budget 2026',
    },
  },
  ALBERTA: {
    2024: {
      schedule: { thresholds: [148269, 177922, 237230, 355845], rates: [0.1, 0.12, 0.13, 0.14, 0.15] },
      basicPersonalAmount: 21885,
      // AB428 2024: age amount $6,099.
      ageAmount: { amount: 6099, threshold: 45400, reductionRate: 0.15 },
      eligibleDividendCredit: 0.0812,
      source: 'CRA T4032AB and TD1AB 2024; AB428 2024',
    },
    2025: {
      // Alberta Budget 2025: a new 8% bracket on the first $60,000 from 2025, and credits at the
      // same 8%; the supplemental credit (2% of credit amounts over $60,000) never applies to the
      // credits modelled here (their sum stays far below $60,000). Indexation 2% (Bill 32, 2024).
      schedule: {
        thresholds: [60000, 151234, 181481, 241974, 362961],
        rates: [0.08, 0.1, 0.12, 0.13, 0.14, 0.15],
      },
      basicPersonalAmount: 22323,
      // AB428 2025: age amount $6,221, pension amount $1,685.
      ageAmount: { amount: 6221, threshold: 46308, reductionRate: 0.15 },
      pensionAmount: 1685,
      eligibleDividendCredit: 0.0812,
      source: 'CRA T4032AB and TD1AB 2025; Alberta Budget 2025',
    },
    2026: {
      schedule: {
        thresholds: [61200, 154259, 185111, 246813, 370220],
        rates: [0.08, 0.1, 0.12, 0.13, 0.14, 0.15],
      },
      basicPersonalAmount: 22769,
      // TaxTips.ca 2026 credit table (confirmed to CRA): age amount $6,345 over $47,234.
      ageAmount: { amount: 6345, threshold: 47234, reductionRate: 0.15 },
      pensionAmount: 1719,
      eligibleDividendCredit: 0.0812,
      source: 'CRA T4032AB and TD1AB 2026 (Alberta indexation 2.0%)',
    },
  },
  SASKATCHEWAN: {
    2024: {
      schedule: { thresholds: [52057, 148734], rates: SK_RATES },
      basicPersonalAmount: 18491,
      pensionAmount: 1000,
      eligibleDividendCredit: 0.11,
      source: 'CRA T4032SK and TD1SK 2024',
    },
    2025: {
      // Saskatchewan Affordability Act (2024): the basic amount rises $500 a year from 2025, on top of indexation.
      schedule: { thresholds: [53463, 152750], rates: SK_RATES },
      basicPersonalAmount: 19491,
      pensionAmount: 1000,
      eligibleDividendCredit: 0.11,
      source: 'CRA T4032SK and TD1SK 2025',
    },
    2026: {
      schedule: { thresholds: [54532, 155805], rates: SK_RATES },
      basicPersonalAmount: 20381,
      pensionAmount: 1000,
      eligibleDividendCredit: 0.11,
      source: 'CRA T4032SK 2026 (Saskatchewan indexation 2.0% plus the $500 step)',
    },
  },
  MANITOBA: {
    2024: {
      schedule: { thresholds: [47000, 100000], rates: MB_RATES },
      basicPersonalAmount: 15780,
      ageAmount: { amount: 3728, threshold: 27749, reductionRate: 0.15 },
      pensionAmount: 1000,
      eligibleDividendCredit: 0.08,
      source: 'CRA T4032MB and TD1MB 2024',
    },
    2025: {
      // Manitoba Budget 2025: brackets and basic amount not indexed for 2025; the basic amount
      // phases out between $200,000 and $400,000 of net income.
      schedule: { thresholds: [47000, 100000], rates: MB_RATES },
      basicPersonalAmount: 15780,
      basicPersonalAmountReduction: { from: 200000, to: 400000, min: 0 },
      ageAmount: { amount: 3728, threshold: 27749, reductionRate: 0.15 },
      pensionAmount: 1000,
      eligibleDividendCredit: 0.08,
      source: 'CRA T4032MB and TD1MB 2025; Manitoba Budget 2025',
    },
    2026: {
      // Brackets and basic amount unchanged (no indexation); the age amount is not indexed.
      schedule: { thresholds: [47000, 100000], rates: MB_RATES },
      basicPersonalAmount: 15780,
      basicPersonalAmountReduction: { from: 200000, to: 400000, min: 0 },
      ageAmount: { amount: 3728, threshold: 27749, reductionRate: 0.15 },
      pensionAmount: 1000,
      eligibleDividendCredit: 0.08,
      source: 'CRA T4032MB 2026',
    },
  },
  QUEBEC: {
    2024: {
      schedule: { thresholds: [51780, 103545, 126000], rates: QC_RATES },
      basicPersonalAmount: 18056,
      eligibleDividendCredit: 0.117,
      source: 'Revenu Quebec TP-1015.F 2024',
    },
    2025: {
      schedule: { thresholds: [53255, 106495, 129590], rates: QC_RATES },
      basicPersonalAmount: 18571,
      eligibleDividendCredit: 0.117,
      source: 'Revenu Quebec TP-1015.F 2025',
    },
    2026: {
      schedule: { thresholds: [54345, 108680, 132245], rates: QC_RATES },
      basicPersonalAmount: 18952,
      eligibleDividendCredit: 0.117,
      source: 'Revenu Quebec TP-1015.F 2026',
    },
  },
  NEW_BRUNSWICK: {
    2024: {
      schedule: { thresholds: [49958, 99916, 185064], rates: NB_RATES },
      basicPersonalAmount: 13044,
      pensionAmount: 1000,
      eligibleDividendCredit: 0.14,
      source: 'CRA T4032NB and TD1NB 2024',
    },
    2025: {
      schedule: { thresholds: [51306, 102614, 190060], rates: NB_RATES },
      basicPersonalAmount: 13396,
      ageAmount: { amount: 6037, threshold: 44945, reductionRate: 0.15 },
      pensionAmount: 1000,
      eligibleDividendCredit: 0.14,
      source: 'CRA T4032NB and TD1NB 2025',
    },
    2026: {
      schedule: { thresholds: [52333, 104666, 193861], rates: NB_RATES },
      basicPersonalAmount: 13664,
      ageAmount: { amount: 6158, threshold: 45844, reductionRate: 0.15 },
      pensionAmount: 1000,
      eligibleDividendCredit: 0.14,
      source: 'CRA T4032NB and TD1NB 2026',
    },
  },
  NOVA_SCOTIA: {
    2024: {
      schedule: { thresholds: [29590, 59180, 93000, 150000], rates: NS_RATES },
      basicPersonalAmount: 8744,
      pensionAmount: 1173,
      eligibleDividendCredit: 0.0885,
      source: 'CRA T4032NS and TD1NS 2024',
    },
    2025: {
      // Nova Scotia Budget 2025: brackets indexed from 2025 and the basic amount raised to $11,744.
      schedule: { thresholds: [30507, 61015, 95883, 154650], rates: NS_RATES },
      basicPersonalAmount: 11744,
      ageAmount: { amount: 4269, threshold: 30828, reductionRate: 0.15 },
      pensionAmount: 1173,
      eligibleDividendCredit: 0.0885,
      source: 'CRA T4032NS and TD1NS 2025; Nova Scotia Budget 2025',
    },
    2026: {
      // Indexed 1.6% (Nova Scotia Budget 2026: no rate change).
      schedule: { thresholds: [30995, 61991, 97417, 157124], rates: NS_RATES },
      basicPersonalAmount: 11932,
      ageAmount: { amount: 5826, threshold: 30828, reductionRate: 0.15 },
      pensionAmount: 1173,
      eligibleDividendCredit: 0.0885,
      source: 'CRA T4032NS and TD1NS 2026; Nova Scotia Budget 2026',
    },
  },
  PEI: {
    2024: {
      schedule: {
        thresholds: [32656, 64313, 105000, 140000],
        rates: [0.0965, 0.1363, 0.1665, 0.18, 0.1875],
      },
      basicPersonalAmount: 13500,
      pensionAmount: 1000,
      eligibleDividendCredit: 0.105,
      source: 'CRA T4032PE and TD1PE 2024',
    },
    2025: {
      schedule: {
        thresholds: [33328, 64656, 105000, 140000],
        rates: [0.095, 0.1347, 0.166, 0.1762, 0.19],
      },
      basicPersonalAmount: 14250,
      ageAmount: { amount: 6510, threshold: 36600, reductionRate: 0.15 },
      pensionAmount: 1000,
      eligibleDividendCredit: 0.105,
      source: 'CRA T4032PE and TD1PE 2025; PEI Budget 2024 (Bill 66)',
    },
    2026: {
      // PEI 2025-26 budget (Income Tax Act amendments, fall 2025): basic amount $15,000 from 2026.
      schedule: {
        thresholds: [33928, 65820, 106890, 142250],
        rates: [0.095, 0.1347, 0.166, 0.1762, 0.19],
      },
      basicPersonalAmount: 15000,
      pensionAmount: 1000,
      eligibleDividendCredit: 0.105,
      source: 'CRA T4032PE 2026; PEI 2025-26 budget',
    },
  },
  NEWFOUNDLAND_AND_LABRADOR: {
    2024: {
      schedule: { thresholds: [43198, 86395, 154244, 215943, 275870, 551739, 1103478], rates: NL_RATES },
      basicPersonalAmount: 10818,
      pensionAmount: 1000,
      eligibleDividendCredit: 0.063,
      source: 'CRA T4032NL and TD1NL 2024',
    },
    2025: {
      schedule: { thresholds: [44192, 88382, 157792, 220910, 282214, 564429, 1128858], rates: NL_RATES },
      basicPersonalAmount: 11067,
      ageAmount: { amount: 7064, threshold: 38712, reductionRate: 0.15 },
      pensionAmount: 1000,
      eligibleDividendCredit: 0.063,
      source: 'CRA T4032NL and TD1NL 2025',
    },
    2026: {
      schedule: { thresholds: [44678, 89354, 159528, 223340, 285319, 570638, 1141275], rates: NL_RATES },
      basicPersonalAmount: 11188,
      ageAmount: { amount: 7142, threshold: 39138, reductionRate: 0.15 },
      pensionAmount: 1000,
      eligibleDividendCredit: 0.063,
      source: 'CRA T4032NL and TD1NL 2026',
    },
  },
};
