import type { ReactNode } from 'react';
import { Button, Card } from '@tremor/react';
import {
  enumLabel,
  formatMoney,
  formatShortDate,
  type OfferFeeSummaryResponse,
  type OfferResponse,
} from '@meridian/domain';

export type PricedOffer = OfferResponse & { feeSummary: OfferFeeSummaryResponse | null };

const money = (value: string, currency: string | null) => `${formatMoney(value)}${currency ? ` ${currency}` : ''}`;
const percent = (value: string) => `${value}%`;
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-tremor-label text-tremor-content">{label}</dt>
      <dd className="text-tremor-default text-tremor-content-strong" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The tiers in words: "Up to $500,000: 1%", "$500,000 to $1,000,000: 0.75%", "Above $500,000: 0.5%". */
export function tierLines(tiers: NonNullable<OfferResponse['pricingPlan']['aumFee']>['feeRubric']['tiers']): string[] {
  return tiers.map((tier, index) => {
    const currency = tier.currency;
    const from = index === 0 ? null : tiers[index - 1]!.breakpoint;
    const isLast = index === tiers.length - 1;
    const range =
      isLast && from !== null
        ? `Above ${money(from, currency)}`
        : isLast
          ? 'All assets'
          : from === null
            ? `Up to ${money(tier.breakpoint, currency)}`
            : `${money(from, currency)} to ${money(tier.breakpoint, currency)}`;
    return `${range}: ${percent(tier.fee)} a year`;
  });
}

function billingStartWords(offer: OfferResponse): string {
  const label = enumLabel('BillingStart', offer.billingStartType);
  return offer.billingStartDate ? `${label}: ${formatShortDate(offer.billingStartDate, true)}` : label;
}

function recurringWords(plan: OfferResponse['pricingPlan']): string | null {
  const recurring = plan.recurringPayment;
  if (!recurring) return null;
  const amount = recurring.amount ? money(recurring.amount.value, recurring.amount.currency) : 'No amount yet';
  const frequency = enumLabel('PaymentFrequency', recurring.frequency.common).toLowerCase();
  const duration = recurring.frequency.duration
    ? `, ${recurring.frequency.duration} payment${recurring.frequency.duration === 1 ? '' : 's'}`
    : ', until the engagement ends';
  return `${amount}, ${frequency}${duration}`;
}

/** What the first year costs, from the API's fee summary, and what it leaves out. */
function FirstYear({ offer }: { offer: PricedOffer }) {
  const summary = offer.feeSummary;
  const hasAumFee = offer.pricingPlan.aumFee !== null;
  if (!summary) {
    return (
      <p className="text-tremor-default text-tremor-content" data-testid="offer-first-year">
        The first year cannot be priced: the one-time fee and the recurring payment are in different currencies.
      </p>
    );
  }
  const currency = summary.currency ?? offer.pricingPlan.aumFee?.feeRubric.tiers[0]?.currency ?? null;
  const totals = summary.firstYearTotals;
  const parts = [
    summary.aumFee ? `AUM fee ${money(totals.aumFee, currency)}` : null,
    summary.oneTimeFee ? `one-time fee ${money(totals.oneTimeFee, currency)}` : null,
    summary.recurringPayment
      ? `recurring payments ${money(totals.recurringPayment, currency)} (${summary.recurringPayment.charges} in the year)`
      : null,
  ].filter((part): part is string => part !== null);
  const aumLeftOut = hasAumFee && summary.aumFee === null;
  return (
    <div data-testid="offer-first-year">
      <p className="text-tremor-label text-tremor-content">
        First-year fees, {formatShortDate(summary.firstYear.from, true)} to{' '}
        {formatShortDate(summary.firstYear.until, true)}
      </p>
      <p className="text-xl font-semibold text-tremor-content-strong" data-testid="offer-first-year-total">
        {money(totals.total, currency)}
        {aumLeftOut && <span className="text-tremor-default font-normal text-tremor-content"> plus the AUM fee</span>}
      </p>
      {parts.length > 0 && <p className="text-tremor-label text-tremor-content">{sentence(parts.join(', '))}</p>}
      {aumLeftOut && (
        <p className="text-tremor-label text-tremor-content" data-testid="offer-aum-not-priced">
          The AUM fee depends on the household’s investable assets, which are not known to the proposal yet: it is
          charged by the tiers above.
        </p>
      )}
    </div>
  );
}

/** One offer of a proposal: its offerings, billing, pricing and first-year fees; edit and remove when allowed. */
export function OfferCard({
  offer,
  position,
  onEdit,
  onRemove,
}: {
  offer: PricedOffer;
  position: number;
  /** Absent when the proposal is not changed any more. */
  onEdit?: (() => void) | undefined;
  onRemove?: (() => void) | undefined;
}) {
  const plan = offer.pricingPlan;
  const oneTime = plan.oneTimeFee;
  return (
    <Card className="p-4" data-testid="offer-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-tremor-label text-tremor-content">Offer {position}</p>
          <h3 className="text-tremor-default font-semibold text-tremor-content-strong" data-testid="offer-offerings">
            {offer.offerings.map((offering) => offering.name).join(', ')}
          </h3>
          <p className="text-tremor-label text-tremor-content">
            {offer.offerings
              .map(
                (offering) =>
                  `${enumLabel('ServiceCategory', offering.category)}, ${enumLabel('ServiceType', offering.type).toLowerCase()}`,
              )
              .join(' · ')}
          </p>
        </div>
        {(onEdit || onRemove) && (
          <div className="flex gap-2">
            {onEdit && (
              <Button variant="secondary" onClick={onEdit} data-testid="offer-edit">
                Edit
              </Button>
            )}
            {onRemove && (
              <Button variant="secondary" color="rose" onClick={onRemove} data-testid="offer-remove">
                Remove
              </Button>
            )}
          </div>
        )}
      </div>
      <div className="mt-3 grid grid-cols-1 gap-4 md:grid-cols-[2fr_1fr]">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Fact label="Billing starts">{billingStartWords(offer)}</Fact>
          <Fact label="Payment source">{enumLabel('PaymentSource', plan.paymentMethod)}</Fact>
          <Fact label="Main pricing">{enumLabel('FeeType', plan.type)}</Fact>
          {plan.aumFee && (
            <Fact label="AUM fee tiers" testId="offer-tiers">
              <ul>
                {tierLines(plan.aumFee.feeRubric.tiers).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </Fact>
          )}
          {oneTime && (
            <Fact label="One-time fee" testId="offer-one-time-fee">
              {oneTime.amount ? money(oneTime.amount.value, oneTime.amount.currency) : 'No amount yet'},{' '}
              {oneTime.isUpfront ? 'upfront' : 'on completion'}
            </Fact>
          )}
          {plan.recurringPayment && (
            <Fact label="Recurring payment" testId="offer-recurring-payment">
              {recurringWords(plan)}
            </Fact>
          )}
        </dl>
        <FirstYear offer={offer} />
      </div>
    </Card>
  );
}
