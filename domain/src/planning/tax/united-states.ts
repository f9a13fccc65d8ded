import type { UsFilingStatus } from '../plans/enums.js';
import { US_FILING_STATUS_LABELS } from '../plans/enums.js';
import type { Arith } from '../shared/arith.js';
import type { Explanation, ExplanationInput } from '../shared/explanation.js';
import { bracketTax, overlap } from './brackets.js';
import type { PersonTaxFigures } from './canada.js';
import { bracketWords, money, percent } from './format.js';
import { US_FEDERAL, US_SENIOR_DEDUCTION_LAST_YEAR, US_SOCIAL_SECURITY_BASE } from './tables/us-federal.js';
import { tableForYear } from './tables/year-lookup.js';
import type { TaxableIncome } from './types.js';

/** One person on a US return: a single filer, or one of the two spouses of a joint return. */
export interface UsReturnMember<N> {
  age: number;
  income: TaxableIncome<N>;
}

const positive = <N>(arith: Arith<N>, value: N): N => arith.max(arith.zero, value);

/** Income other than Social Security; qualified dividends and capital gains are counted in it too. */
function otherIncome<N>(arith: Arith<N>, income: TaxableIncome<N>): N {
  const ordinary = arith.add(
    arith.add(positive(arith, income.employment), positive(arith, income.eligiblePension)),
    arith.add(
      arith.add(positive(arith, income.cppQpp), positive(arith, income.oas)),
      positive(arith, income.otherOrdinary),
    ),
  );
  return arith.add(ordinary, preferentialIncome(arith, income));
}

/** Qualified dividends and capital gains (all gains are taken as long-term). */
function preferentialIncome<N>(arith: Arith<N>, income: TaxableIncome<N>): N {
  return arith.add(positive(arith, income.eligibleDividends), positive(arith, income.capitalGains));
}

/** Taxable Social Security benefits (IRC s. 86; Publication 915 worksheet 1). */
function taxableSocialSecurity<N>(arith: Arith<N>, status: UsFilingStatus, benefits: N, other: N): N {
  if (arith.isZero(benefits)) return arith.zero;
  const { base, adjustedBase } = US_SOCIAL_SECURITY_BASE[status];
  const half = arith.of(0.5);
  const provisional = arith.add(other, arith.mul(benefits, half));
  const overBase = positive(arith, arith.sub(provisional, arith.of(base)));
  const firstTier = arith.min(
    arith.mul(benefits, half),
    arith.mul(arith.min(overBase, arith.of(adjustedBase - base)), half),
  );
  const overAdjusted = positive(arith, arith.sub(provisional, arith.of(adjustedBase)));
  const upTo85 = arith.add(arith.mul(overAdjusted, arith.of(0.85)), firstTier);
  return arith.min(arith.mul(benefits, arith.of(0.85)), upTo85);
}

/**
 * The federal income tax of one US return, attributed to its members in proportion to their
 * share of its income (a joint return's tax is one figure; the projection needs it per person).
 * Not modelled: state and local tax (zero), itemised deductions, the net investment income tax,
 * the alternative minimum tax, credits, self-employment tax, short-term gains (all gains are
 * long-term), the taxation of Canadian benefits under the treaty (taken as ordinary income).
 */
export function usReturnTax<N>(
  arith: Arith<N>,
  year: number,
  status: UsFilingStatus,
  members: UsReturnMember<N>[],
  explain: boolean,
): PersonTaxFigures<N>[] {
  const { table, tableYear, note } = tableForYear(US_FEDERAL, year);
  const married = status === 'MARRIED_FILING_JOINTLY' || status === 'MARRIED_FILING_SEPARATELY';

  const others = members.map((member) => otherIncome(arith, member.income));
  const benefits = members.map((member) => positive(arith, member.income.socialSecurity));
  const other = others.reduce((sum, value) => arith.add(sum, value), arith.zero);
  const benefitsTotal = benefits.reduce((sum, value) => arith.add(sum, value), arith.zero);
  const preferential = members.reduce(
    (sum, member) => arith.add(sum, preferentialIncome(arith, member.income)),
    arith.zero,
  );

  const socialSecurity = taxableSocialSecurity(arith, status, benefitsTotal, other);
  const agi = arith.add(other, socialSecurity);

  const seniors = members.filter((member) => member.age >= 65).length;
  const standard = arith.of(table.standardDeduction[status]);
  const additional = arith.of(seniors * (married ? table.additionalAge65.married : table.additionalAge65.unmarried));
  let seniorDeduction = arith.zero;
  const senior = table.seniorDeduction;
  if (senior !== undefined && seniors > 0 && year <= US_SENIOR_DEDUCTION_LAST_YEAR) {
    const from = status === 'MARRIED_FILING_JOINTLY' ? senior.phaseOutFrom.joint : senior.phaseOutFrom.other;
    const phaseOut = arith.mul(positive(arith, arith.sub(agi, arith.of(from))), arith.of(senior.phaseOutRate));
    const each = positive(arith, arith.sub(arith.of(senior.amount), phaseOut));
    seniorDeduction = arith.mul(each, arith.of(seniors));
  }
  const deductions = arith.add(arith.add(standard, additional), seniorDeduction);
  const taxable = positive(arith, arith.sub(agi, deductions));

  // Qualified dividends and capital gains sit on top of ordinary income and are taxed at 0/15/20%
  // by where they fall (the Qualified Dividends and Capital Gain Tax Worksheet).
  const ordinaryTaxable = positive(arith, arith.sub(taxable, preferential));
  const ordinary = bracketTax(arith, ordinaryTaxable, table.schedules[status], explain);
  const zeroTop = arith.of(table.zeroRateTop[status]);
  const fifteenTop = arith.of(table.fifteenRateTop[status]);
  const atFifteen = overlap(arith, ordinaryTaxable, taxable, zeroTop, fifteenTop);
  const atTwenty = overlap(arith, ordinaryTaxable, taxable, fifteenTop, null);
  const atZero = overlap(arith, ordinaryTaxable, taxable, arith.zero, zeroTop);
  const preferentialTax = arith.add(arith.mul(atFifteen, arith.of(0.15)), arith.mul(atTwenty, arith.of(0.2)));
  const jointTax = arith.round(arith.add(ordinary.tax, preferentialTax), 2);
  const jointTaxable = arith.round(taxable, 2);

  // Each member's share of the return's income: their other income and their part of the taxable benefits.
  const shares = members.map((_, i) => {
    if (members.length === 1) return arith.of(1);
    const benefitShare = arith.isZero(benefitsTotal)
      ? arith.zero
      : arith.div(arith.mul(socialSecurity, benefits[i] as N), benefitsTotal);
    const own = arith.add(others[i] as N, benefitShare);
    return arith.isZero(agi) ? arith.of(1 / members.length) : arith.div(own, agi);
  });

  let federalLeft = jointTax;
  let taxableLeft = jointTaxable;
  return members.map((member, i) => {
    const last = i === members.length - 1;
    const share = shares[i] as N;
    const federal = last ? federalLeft : arith.round(arith.mul(jointTax, share), 2);
    const taxableIncome = last ? taxableLeft : arith.round(arith.mul(jointTaxable, share), 2);
    federalLeft = arith.sub(federalLeft, federal);
    taxableLeft = arith.sub(taxableLeft, taxableIncome);
    const figures: PersonTaxFigures<N> = {
      taxableIncome,
      federal,
      provincial: arith.zero,
      oasClawback: arith.zero,
      total: federal,
      explanations: {},
    };
    if (!explain) return figures;

    const m = (value: N) => money(arith, value);
    const statusLabel = US_FILING_STATUS_LABELS[status];
    const rule = `US federal income tax (${table.source}; ${statusLabel.toLowerCase()}; table ${tableYear}${note})`;
    const joint = members.length > 1;
    const shareText = joint
      ? `; this person's share ${percent(Number(arith.toNumber(share).toFixed(6)))} of the joint return's income`
      : '';
    const incomeInputs: ExplanationInput[] = [
      { label: 'Income other than Social Security', value: m(others[i] as N) },
      { label: 'Social Security benefits', value: m(benefits[i] as N) },
      { label: 'Filing status', value: statusLabel },
      { label: 'Age', value: String(member.age) },
    ];
    const deductionParts = [`standard deduction ${m(standard)}`];
    if (!arith.isZero(additional)) deductionParts.push(`additional 65+ amount ${m(additional)}`);
    if (!arith.isZero(seniorDeduction)) deductionParts.push(`senior deduction ${m(seniorDeduction)}`);
    const ssText = arith.isZero(benefitsTotal)
      ? ''
      : `, taxable Social Security ${m(socialSecurity)} of ${m(benefitsTotal)} (provisional income ${m(arith.add(other, arith.mul(benefitsTotal, arith.of(0.5))))})`;
    const taxableExplanation: Explanation = {
      rule: `US taxable income (IRC ss. 63, 86; ${table.source}; table ${tableYear}${note})`,
      text: `${joint ? 'Joint income' : 'Income'} ${m(other)}${ssText}: adjusted gross income ${m(agi)}, less ${deductionParts.join(' + ')} = taxable income ${m(jointTaxable)}${shareText}`,
      inputs: incomeInputs,
    };
    const preferentialText = arith.isZero(preferential)
      ? ''
      : `; qualified dividends and capital gains: 0% of ${m(atZero)} + 15% of ${m(atFifteen)} + 20% of ${m(atTwenty)} = ${m(preferentialTax)}`;
    const federalExplanation: Explanation = {
      rule,
      text:
        `Federal tax on ${m(jointTaxable)} taxable income (${year}, ${statusLabel.toLowerCase()}): ordinary income ${m(ordinaryTaxable)}: ` +
        `${bracketWords(arith, ordinary.parts)} = ${m(ordinary.tax)}${preferentialText}; ` +
        (joint ? `joint tax ${m(jointTax)}${shareText} = ${m(federal)}` : `total ${m(federal)}`),
      inputs: [{ label: 'Taxable income', value: m(jointTaxable) }, ...incomeInputs],
    };
    figures.explanations = {
      federal: federalExplanation,
      taxableIncome: taxableExplanation,
      provincial: {
        rule: 'US state income tax (not modelled)',
        text: 'State and local income tax is not modelled: zero',
        inputs: [],
      },
      oasClawback: {
        rule: 'OAS pension recovery tax (Canada only)',
        text: 'Not applicable to a US taxpayer: zero',
        inputs: [],
      },
    };
    return figures;
  });
}
