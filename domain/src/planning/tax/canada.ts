import type { TaxProvince } from '../../shared/regions/regions.js';
import { TAX_PROVINCE_LABELS } from '../../shared/regions/regions.js';
import type { Arith } from '../shared/arith.js';
import type { Explanation, ExplanationInput } from '../shared/explanation.js';
import { bracketTax } from './brackets.js';
import { bracketWords, money, percent } from './format.js';
import {
  CA_CAPITAL_GAINS_INCLUSION,
  CA_ELIGIBLE_DIVIDEND_GROSS_UP,
  CA_FEDERAL,
  CA_FEDERAL_ELIGIBLE_DIVIDEND_CREDIT,
  CA_QUEBEC_ABATEMENT,
  CA_US_SOCIAL_SECURITY_INCLUSION,
} from './tables/ca-federal.js';
import type { CaProvince, CaProvinceYear } from './tables/ca-provinces.js';
import { CA_PROVINCES } from './tables/ca-provinces.js';
import { tableForYear } from './tables/year-lookup.js';
import type { TaxableIncome } from './types.js';

/** One person's figures, each rounded to the cent; total = federal + provincial + oasClawback. */
export interface PersonTaxFigures<N> {
  taxableIncome: N;
  federal: N;
  provincial: N;
  oasClawback: N;
  total: N;
  explanations: {
    federal?: Explanation;
    provincial?: Explanation;
    oasClawback?: Explanation;
    taxableIncome?: Explanation;
  };
}

export interface CanadianTaxpayer {
  age: number;
  province: TaxProvince | null;
}

/** A credit amount that falls evenly from `max` to `min` as income goes from `from` to `to`. */
function taperedAmount<N>(arith: Arith<N>, income: N, max: number, min: number, from: number, to: number): N {
  const fromN = arith.of(from);
  if (arith.lte(income, fromN)) return arith.of(max);
  if (arith.gte(income, arith.of(to))) return arith.of(min);
  const reduction = arith.div(arith.mul(arith.of(max - min), arith.sub(income, fromN)), arith.of(to - from));
  return arith.sub(arith.of(max), reduction);
}

/** The age amount at 65+: the amount less `reductionRate` of net income over the threshold, not below zero. */
function ageAmount<N>(
  arith: Arith<N>,
  age: number,
  netIncome: N,
  rule: { amount: number; threshold: number; reductionRate: number } | undefined,
): N {
  if (rule === undefined || age < 65) return arith.zero;
  const over = arith.max(arith.zero, arith.sub(netIncome, arith.of(rule.threshold)));
  return arith.max(arith.zero, arith.sub(arith.of(rule.amount), arith.mul(over, arith.of(rule.reductionRate))));
}

const positive = <N>(arith: Arith<N>, value: N): N => arith.max(arith.zero, value);

/**
 * A Canadian resident's federal and provincial income tax and OAS recovery tax of one year
 * (income already after any pension split). Not modelled: CPP/QPP and EI contribution credits,
 * other deductions and credits (RRSP deductions are the projection's, by withdrawing less), the
 * alternative minimum tax, non-eligible dividends, foreign tax credits, Quebec's own age, pension
 * and retirement credits, provincial low-income reductions (e.g. the Ontario tax reduction).
 */
export function canadianPersonTax<N>(
  arith: Arith<N>,
  year: number,
  person: CanadianTaxpayer,
  income: TaxableIncome<N>,
  explain: boolean,
): PersonTaxFigures<N> {
  const { table: federalTable, tableYear: federalYear, note: federalNote } = tableForYear(CA_FEDERAL, year);

  // Net income (ITA s. 3): ordinary income, 85% of US Social Security, grossed-up eligible
  // dividends and the taxable half of capital gains.
  const socialSecurity = arith.mul(positive(arith, income.socialSecurity), arith.of(CA_US_SOCIAL_SECURITY_INCLUSION));
  const pension = positive(arith, income.eligiblePension);
  const ordinary = arith.add(
    arith.add(arith.add(positive(arith, income.employment), pension), positive(arith, income.cppQpp)),
    arith.add(arith.add(positive(arith, income.oas), positive(arith, income.otherOrdinary)), socialSecurity),
  );
  const dividends = positive(arith, income.eligibleDividends);
  const grossedUpDividends = arith.mul(dividends, arith.of(1 + CA_ELIGIBLE_DIVIDEND_GROSS_UP));
  const gains = positive(arith, income.capitalGains);
  const taxableGains = arith.mul(gains, arith.of(CA_CAPITAL_GAINS_INCLUSION));
  const netBeforeRecovery = arith.add(arith.add(ordinary, grossedUpDividends), taxableGains);

  // OAS recovery tax (ITA s. 180.2), deducted in computing net income (line 23500), so the
  // credits below read the net income after it.
  const oas = positive(arith, income.oas);
  const recovery = federalTable.oasRecovery;
  const overRecovery = positive(arith, arith.sub(netBeforeRecovery, arith.of(recovery.threshold)));
  const oasClawbackExact = arith.min(oas, arith.mul(overRecovery, arith.of(recovery.rate)));
  const oasClawback = arith.round(oasClawbackExact, 2);
  const taxableIncomeExact = arith.sub(netBeforeRecovery, oasClawbackExact);
  const taxableIncome = arith.round(taxableIncomeExact, 2);

  // Federal tax: brackets, then non-refundable credits at the lowest rate, the dividend tax credit,
  // and the Quebec abatement.
  const federalBrackets = bracketTax(arith, taxableIncomeExact, federalTable.schedule, explain);
  const lowestRate = federalTable.schedule.rates[0] as number;
  const bpa = federalTable.basicPersonalAmount;
  const federalBpa = taperedAmount(arith, taxableIncomeExact, bpa.max, bpa.min, bpa.reductionFrom, bpa.reductionTo);
  const federalAge = ageAmount(arith, person.age, taxableIncomeExact, federalTable.ageAmount);
  const federalPension = arith.min(pension, arith.of(federalTable.pensionAmount));
  const federalCreditBase = arith.add(arith.add(federalBpa, federalAge), federalPension);
  const federalCredits = arith.mul(federalCreditBase, arith.of(lowestRate));
  const federalDividendCredit = arith.mul(grossedUpDividends, arith.of(CA_FEDERAL_ELIGIBLE_DIVIDEND_CREDIT));
  const federalAfterCredits = positive(
    arith,
    arith.sub(arith.sub(federalBrackets.tax, federalCredits), federalDividendCredit),
  );
  const quebec = person.province === 'QUEBEC';
  const abatement = quebec ? arith.mul(federalAfterCredits, arith.of(CA_QUEBEC_ABATEMENT)) : arith.zero;
  const federal = arith.round(arith.sub(federalAfterCredits, abatement), 2);

  const province = person.province === null || person.province === 'FEDERAL' ? null : person.province;
  const provincialResult =
    province === null
      ? null
      : provincialTax(arith, year, province, person.age, taxableIncomeExact, pension, grossedUpDividends, explain);
  const provincial = provincialResult === null ? arith.zero : arith.round(provincialResult.tax, 2);

  const total = arith.add(arith.add(federal, provincial), oasClawback);
  if (!explain) return { taxableIncome, federal, provincial, oasClawback, total, explanations: {} };

  const m = (value: N) => money(arith, value);
  const yearLabel = `${year}${federalNote}`;
  const incomeInputs: ExplanationInput[] = [];
  const incomeParts: string[] = [];
  const addIncome = (label: string, value: N, words: string) => {
    if (arith.isZero(value)) return;
    incomeInputs.push({ label, value: m(value) });
    incomeParts.push(words);
  };
  const employment = positive(arith, income.employment);
  addIncome('Employment income', employment, `employment income ${m(employment)}`);
  addIncome('Eligible pension income', pension, `eligible pension income ${m(pension)}`);
  addIncome(
    'CPP/QPP benefits',
    positive(arith, income.cppQpp),
    `CPP/QPP benefits ${m(positive(arith, income.cppQpp))}`,
  );
  addIncome('OAS pension', oas, `OAS pension ${m(oas)}`);
  addIncome(
    'Other income',
    positive(arith, income.otherOrdinary),
    `other income ${m(positive(arith, income.otherOrdinary))}`,
  );
  addIncome(
    'US Social Security',
    positive(arith, income.socialSecurity),
    `US Social Security ${m(positive(arith, income.socialSecurity))} at ${percent(CA_US_SOCIAL_SECURITY_INCLUSION)} = ${m(socialSecurity)}`,
  );
  addIncome(
    'Eligible dividends',
    dividends,
    `eligible dividends ${m(dividends)} grossed up ${percent(CA_ELIGIBLE_DIVIDEND_GROSS_UP)} = ${m(grossedUpDividends)}`,
  );
  addIncome(
    'Capital gains',
    gains,
    `capital gains ${m(gains)} at ${percent(CA_CAPITAL_GAINS_INCLUSION)} inclusion = ${m(taxableGains)}`,
  );

  const recoveryText = arith.isZero(oasClawback) ? '' : `, less the OAS recovery tax ${m(oasClawback)}`;
  const taxableIncomeExplanation: Explanation = {
    rule: `Canadian taxable income (Income Tax Act ss. 3, 38, 82; ${yearLabel})`,
    text: `${incomeParts.length === 0 ? 'No income' : capitalise(incomeParts.join(', '))}: net income ${m(netBeforeRecovery)}${recoveryText} = taxable income ${m(taxableIncome)}`,
    inputs: incomeInputs,
  };

  const creditParts = [`basic personal amount ${m(federalBpa)}`];
  if (!arith.isZero(federalAge)) creditParts.push(`age amount ${m(federalAge)}`);
  if (!arith.isZero(federalPension)) creditParts.push(`pension amount ${m(federalPension)}`);
  const dividendText = arith.isZero(federalDividendCredit)
    ? ''
    : `, less the dividend tax credit ${percent(CA_FEDERAL_ELIGIBLE_DIVIDEND_CREDIT)} of ${m(grossedUpDividends)} = ${m(federalDividendCredit)}`;
  const abatementText = quebec
    ? `, less the Quebec abatement ${percent(CA_QUEBEC_ABATEMENT)} of ${m(federalAfterCredits)} = ${m(abatement)}`
    : '';
  const federalExplanation: Explanation = {
    rule: `Canadian federal income tax (${federalTable.source}; table ${federalYear}${federalNote}; CPP/QPP and EI credits not modelled)`,
    text:
      `Federal tax on ${m(taxableIncome)} taxable income (${year}): ${bracketWords(arith, federalBrackets.parts)} = ${m(federalBrackets.tax)}, ` +
      `less credits of ${m(federalCredits)} (${percent(lowestRate)} of ${creditParts.join(' + ')})${dividendText}${abatementText} = ${m(federal)}`,
    inputs: [
      { label: 'Taxable income', value: m(taxableIncome) },
      { label: 'Age', value: String(person.age) },
      ...(quebec ? [{ label: 'Province', value: TAX_PROVINCE_LABELS.QUEBEC }] : []),
    ],
  };

  const overText = `net income ${m(netBeforeRecovery)} over the threshold ${m(arith.of(recovery.threshold))}`;
  const oasExplanation: Explanation = {
    rule: `OAS pension recovery tax (Income Tax Act s. 180.2; ${federalTable.source}; ${yearLabel})`,
    text: arith.isZero(oas)
      ? 'No OAS pension received: no recovery tax'
      : `${percent(recovery.rate)} of ${overText} = ${m(arith.mul(overRecovery, arith.of(recovery.rate)))}, at most the OAS received ${m(oas)}: ${m(oasClawback)}`,
    inputs: [
      { label: 'Net income before the recovery', value: m(netBeforeRecovery) },
      { label: 'OAS pension', value: m(oas) },
      { label: 'Threshold', value: m(arith.of(recovery.threshold)) },
    ],
  };

  const provincialExplanation: Explanation =
    province === null || provincialResult === null || provincialResult.explanation === null
      ? {
          rule: 'Provincial income tax',
          text: 'No province of residence: provincial tax not computed',
          inputs: [],
        }
      : provincialResult.explanation(m(taxableIncome), m(provincial));

  return {
    taxableIncome,
    federal,
    provincial,
    oasClawback,
    total,
    explanations: {
      federal: federalExplanation,
      provincial: provincialExplanation,
      oasClawback: oasExplanation,
      taxableIncome: taxableIncomeExplanation,
    },
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

interface ProvincialResult<N> {
  tax: N;
  /** Only when explanations are asked for (a closure per call costs the Monte Carlo); the words need the rounded figures. */
  explanation: ((taxableIncome: string, provincial: string) => Explanation) | null;
}

/**
 * Provincial tax (each province's Form 428, Quebec's TP-1): brackets, non-refundable credits at the
 * province's credit rate, Ontario's surtax, the dividend tax credit, Ontario's health premium.
 */
function provincialTax<N>(
  arith: Arith<N>,
  year: number,
  province: CaProvince,
  age: number,
  taxableIncome: N,
  pension: N,
  grossedUpDividends: N,
  explain: boolean,
): ProvincialResult<N> {
  const { table, tableYear, note } = tableForYear<CaProvinceYear>(CA_PROVINCES[province], year);
  const brackets = bracketTax(arith, taxableIncome, table.schedule, explain);
  const creditRate = table.creditRate ?? (table.schedule.rates[0] as number);
  const reduction = table.basicPersonalAmountReduction;
  const bpa =
    reduction === undefined
      ? arith.of(table.basicPersonalAmount)
      : taperedAmount(arith, taxableIncome, table.basicPersonalAmount, reduction.min, reduction.from, reduction.to);
  const age65 = ageAmount(arith, age, taxableIncome, table.ageAmount);
  const pensionAmount =
    table.pensionAmount === undefined ? arith.zero : arith.min(pension, arith.of(table.pensionAmount));
  const credits = arith.mul(arith.add(arith.add(bpa, age65), pensionAmount), arith.of(creditRate));
  const afterCredits = positive(arith, arith.sub(brackets.tax, credits));

  let surtax = arith.zero;
  if (table.surtax !== undefined) {
    const { thresholds, rates } = table.surtax;
    for (let i = 0; i < thresholds.length; i++) {
      const over = positive(arith, arith.sub(afterCredits, arith.of(thresholds[i] as number)));
      surtax = arith.add(surtax, arith.mul(over, arith.of(rates[i] as number)));
    }
  }
  const dividendCredit = arith.mul(grossedUpDividends, arith.of(table.eligibleDividendCredit));
  const afterDividendCredit = positive(arith, arith.sub(arith.add(afterCredits, surtax), dividendCredit));

  let healthPremium = arith.zero;
  if (table.healthPremium !== undefined) {
    for (const tier of table.healthPremium) {
      if (!arith.gt(taxableIncome, arith.of(tier.from))) break;
      const rising = arith.add(
        arith.of(tier.base),
        arith.mul(arith.sub(taxableIncome, arith.of(tier.from)), arith.of(tier.rate)),
      );
      healthPremium = arith.min(arith.of(tier.cap), rising);
    }
  }
  const tax = arith.add(afterDividendCredit, healthPremium);
  if (!explain) return { tax, explanation: null };

  const explanation = (taxable: string, provincial: string): Explanation => {
    const m = (value: N) => money(arith, value);
    const label = TAX_PROVINCE_LABELS[province];
    const creditParts = [`basic personal amount ${m(bpa)}`];
    if (!arith.isZero(age65)) creditParts.push(`age amount ${m(age65)}`);
    if (!arith.isZero(pensionAmount)) creditParts.push(`pension amount ${m(pensionAmount)}`);
    const parts = [
      `${label} tax on ${taxable} taxable income (${year}): ${bracketWords(arith, brackets.parts)} = ${m(brackets.tax)}`,
      `less credits of ${m(credits)} (${percent(creditRate)} of ${creditParts.join(' + ')})`,
    ];
    if (!arith.isZero(surtax)) parts.push(`plus surtax ${m(surtax)}`);
    if (!arith.isZero(dividendCredit)) {
      parts.push(
        `less the dividend tax credit ${percent(table.eligibleDividendCredit)} of ${m(grossedUpDividends)} = ${m(dividendCredit)}`,
      );
    }
    if (!arith.isZero(healthPremium)) parts.push(`plus the Ontario Health Premium ${m(healthPremium)}`);
    return {
      rule: `${label} income tax (${table.source}; table ${tableYear}${note})`,
      text: `${parts.join(', ')} = ${provincial}`,
      inputs: [
        { label: 'Province', value: label },
        { label: 'Taxable income', value: taxable },
        { label: 'Age', value: String(age) },
      ],
    };
  };
  return { tax, explanation };
}
