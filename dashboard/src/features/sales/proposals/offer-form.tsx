import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Dialog, DialogPanel } from '@tremor/react';
import { enumLabel, enumerationOptions, type OfferingResponse, type OfferResponse } from '@meridian/domain';
import { toApiError } from '../../../api';
import { CheckboxInput, FormMessages, InputField, SelectInput } from '../../../components/fields';
import { errorsByField, NO_ERRORS, type FormErrors } from '../../../lib/form-errors';
import { AumFeeChart } from './fee-chart';
import { draftOfOffer, emptyTier, newOfferDraft, offerBody, type OfferDraft, type TierDraft } from './offer-draft';
import { proposalCalls } from './proposals-api';

const BILLING_START_OPTIONS = enumerationOptions('BillingStart');
const PAYMENT_SOURCE_OPTIONS = enumerationOptions('PaymentSource');
const FEE_TYPE_OPTIONS = enumerationOptions('FeeType');
const CURRENCY_OPTIONS = enumerationOptions('Currency');
const FREQUENCY_OPTIONS = enumerationOptions('PaymentFrequency');
const TIMING_OPTIONS = [
  { value: 'UPFRONT', label: 'Upfront' },
  { value: 'ON_COMPLETION', label: 'On completion' },
];

// The API answers an offer's problems at `offer.<path>`; the form shows them by `<path>`.
const TIERS = 'pricingPlan.aumFee.feeRubric.tiers';
const ONE_TIME = 'pricingPlan.oneTimeFee';
const RECURRING = 'pricingPlan.recurringPayment';

/** Every path the form shows a message beside; the API's other messages go above its buttons. */
function shownPaths(draft: OfferDraft): string[] {
  return [
    'billingStartType',
    'billingStartDate',
    'offerings',
    'pricingPlan',
    'pricingPlan.type',
    'pricingPlan.paymentMethod',
    'pricingPlan.aumFee',
    'pricingPlan.aumFee.feeRubric',
    TIERS,
    ...draft.tiers.flatMap((_, index) => [
      `${TIERS}.${index}`,
      `${TIERS}.${index}.breakpoint`,
      `${TIERS}.${index}.fee`,
    ]),
    `${ONE_TIME}.amount`,
    `${ONE_TIME}.amount.value`,
    `${ONE_TIME}.amount.currency`,
    `${RECURRING}.amount`,
    `${RECURRING}.amount.value`,
    `${RECURRING}.amount.currency`,
    `${RECURRING}.frequency`,
    `${RECURRING}.frequency.common`,
    `${RECURRING}.frequency.duration`,
  ];
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <fieldset className="space-y-3 rounded-tremor-default border border-tremor-border p-4" data-testid={testId}>
      <legend className="px-1 text-tremor-default font-semibold text-tremor-content-strong">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The fee tiers as rows of breakpoint and annual percent, rows added and removed. */
function TierEditor({
  id,
  tiers,
  onChange,
  error,
}: {
  id: string;
  tiers: TierDraft[];
  onChange: (tiers: TierDraft[]) => void;
  error: (path: string) => string | undefined;
}) {
  const update = (key: number, change: Partial<TierDraft>) =>
    onChange(tiers.map((tier) => (tier.key === key ? { ...tier, ...change } : tier)));
  return (
    <div className="space-y-3" data-testid="tier-editor">
      <p className="text-tremor-label text-tremor-content">
        Each tier charges its annual percent on the assets between the previous breakpoint and its own, like tax
        brackets; the last tier’s percent also applies to all assets above its breakpoint.
      </p>
      {tiers.map((tier, index) => {
        const rowError = error(`${TIERS}.${index}`);
        return (
          <div key={tier.key} data-testid="tier-row">
            <div className="grid grid-cols-[1fr_8rem_auto] items-start gap-2">
              <InputField
                id={`${id}-tier-${tier.key}-breakpoint`}
                label={`Tier ${index + 1}: assets up to`}
                value={tier.breakpoint}
                onChange={(breakpoint) => update(tier.key, { breakpoint })}
                error={error(`${TIERS}.${index}.breakpoint`)}
                prefix="$"
                testId={`tier-${index}-breakpoint`}
              />
              <InputField
                id={`${id}-tier-${tier.key}-fee`}
                label="Annual fee (%)"
                value={tier.fee}
                onChange={(fee) => update(tier.key, { fee })}
                error={error(`${TIERS}.${index}.fee`)}
                testId={`tier-${index}-fee`}
              />
              <div className="pt-7">
                <Button
                  type="button"
                  variant="light"
                  color="rose"
                  disabled={tiers.length === 1}
                  onClick={() => onChange(tiers.filter((other) => other.key !== tier.key))}
                  aria-label={`Remove tier ${index + 1}`}
                  data-testid={`tier-${index}-remove`}
                >
                  Remove
                </Button>
              </div>
            </div>
            {rowError && (
              <p className="mt-1 text-tremor-label text-red-600" data-testid={`tier-${index}-error`}>
                {rowError}
              </p>
            )}
          </div>
        );
      })}
      {(error(TIERS) ?? error('pricingPlan.aumFee.feeRubric') ?? error('pricingPlan.aumFee')) && (
        <p className="text-tremor-label text-red-600" data-testid="tiers-error">
          {error(TIERS) ?? error('pricingPlan.aumFee.feeRubric') ?? error('pricingPlan.aumFee')}
        </p>
      )}
      <Button
        type="button"
        variant="secondary"
        onClick={() => onChange([...tiers, emptyTier()])}
        data-testid="tier-add"
      >
        Add a tier
      </Button>
    </div>
  );
}

/**
 * An offer's form in a wide panel over the page: its offerings, when billing starts, how it is
 * paid, and its pricing (an AUM fee with its tiers and a live chart of the fee, a one-time fee, a
 * recurring payment). Added to the proposal or replacing `offer`; the API's messages beside their fields.
 */
export function OfferDrawer({
  proposalId,
  offer,
  offerings,
  investableAssets,
  onClose,
  onSaved,
}: {
  proposalId: string;
  /** The offer being edited; a new one when absent. */
  offer?: OfferResponse;
  offerings: readonly OfferingResponse[];
  investableAssets: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<OfferDraft>(() => (offer ? draftOfOffer(offer) : newOfferDraft()));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const title = offer ? 'Edit the offer' : 'Add an offer';
  const set = (change: Partial<OfferDraft>) => setDraft((current) => ({ ...current, ...change }));
  const error = (path: string) => errors.fields[path];
  // The tiers' messages were about the rows as they were sent: a changed row list drops them.
  const changeTiers = (tiers: TierDraft[]) => {
    set({ tiers });
    setErrors((current) => ({
      ...current,
      fields: Object.fromEntries(Object.entries(current.fields).filter(([path]) => !path.startsWith(TIERS))),
    }));
  };
  // An offering that is no longer in the firm's list is still shown while the offer names it.
  const choices = [
    ...offerings.map((offering) => ({ id: offering.id, name: offering.name, category: offering.category })),
    ...(offer?.offerings ?? []).filter((named) => !offerings.some((offering) => offering.id === named.id)),
  ];
  const currency = draft.hasOneTimeFee
    ? draft.oneTimeCurrency
    : draft.hasRecurringPayment
      ? draft.recurringCurrency
      : 'CAD';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const body = offerBody(draft);
      await (offer ? proposalCalls.editOffer(proposalId, offer.id, body) : proposalCalls.addOffer(proposalId, body));
      onSaved();
    } catch (failure) {
      const apiError = toApiError(failure);
      const details = apiError.details.map((detail) => ({ ...detail, path: detail.path.replace(/^offer\.?/, '') }));
      const { fields, rest } = errorsByField(details, shownPaths(draft));
      const form = details.length === 0 ? [apiError.message] : rest;
      setErrors({ fields, form: [...new Set(form)] });
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} static aria-label={title}>
      <DialogPanel
        className="fixed inset-y-0 right-0 flex h-full w-full max-w-5xl flex-col overflow-y-auto rounded-none p-0 sm:rounded-l-tremor-default"
        data-testid="offer-drawer"
      >
        <form className="flex min-h-full flex-col" onSubmit={(event) => void submit(event)} noValidate>
          <div className="sticky top-0 z-10 flex items-center justify-between border-b border-tremor-border bg-tremor-background px-6 py-4">
            <h2 className="text-tremor-title font-semibold text-tremor-content-strong">{title}</h2>
            <button
              type="button"
              onClick={onClose}
              className="rounded-tremor-small px-2 py-1 text-tremor-default text-tremor-content hover:bg-tremor-background-subtle"
            >
              Close
            </button>
          </div>
          <div className="flex-1 space-y-4 px-6 py-5">
            <Section title="Offerings" testId="offer-offering-choices">
              {choices.length === 0 ? (
                <p className="text-tremor-default text-tremor-content">
                  The firm has no offerings yet. Offerings (the services and products a proposal sells) are added by the
                  firm before they can be offered.
                </p>
              ) : (
                <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                  {choices.map((offering) => (
                    <CheckboxInput
                      key={offering.id}
                      id={`${id}-offering-${offering.id}`}
                      label={`${offering.name} (${enumLabel('ServiceCategory', offering.category).toLowerCase()})`}
                      checked={draft.offeringIds.includes(offering.id)}
                      onChange={(checked) =>
                        set({
                          offeringIds: checked
                            ? [...draft.offeringIds, offering.id]
                            : draft.offeringIds.filter((chosen) => chosen !== offering.id),
                        })
                      }
                      testId="offer-offering"
                    />
                  ))}
                </div>
              )}
              {error('offerings') && (
                <p className="text-tremor-label text-red-600" data-testid="offer-offering-choices-error">
                  {error('offerings')}
                </p>
              )}
            </Section>

            <Section title="Billing">
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                <SelectInput
                  id={`${id}-billing-start`}
                  label="Billing starts"
                  value={draft.billingStartType}
                  options={BILLING_START_OPTIONS}
                  onChange={(value) => set({ billingStartType: value as OfferDraft['billingStartType'] })}
                  error={error('billingStartType')}
                  testId="offer-billing-start"
                  required
                />
                {draft.billingStartType === 'CUSTOM_DATE' && (
                  <InputField
                    id={`${id}-billing-date`}
                    label="Billing start date"
                    type="date"
                    value={draft.billingStartDate}
                    onChange={(billingStartDate) => set({ billingStartDate })}
                    error={error('billingStartDate')}
                    testId="offer-billing-date"
                    required
                  />
                )}
                <SelectInput
                  id={`${id}-payment-source`}
                  label="Payment source"
                  value={draft.paymentMethod}
                  options={PAYMENT_SOURCE_OPTIONS}
                  onChange={(value) => set({ paymentMethod: value as OfferDraft['paymentMethod'] })}
                  error={error('pricingPlan.paymentMethod')}
                  hint="Billed from the custodian goes with an AUM fee, and only with one."
                  testId="offer-payment-source"
                  required
                />
                <SelectInput
                  id={`${id}-pricing-type`}
                  label="Main pricing"
                  value={draft.pricingType}
                  options={FEE_TYPE_OPTIONS}
                  onChange={(value) => set({ pricingType: value as OfferDraft['pricingType'] })}
                  error={error('pricingPlan.type')}
                  hint="The fee the offer is sold by; it must be one of those below."
                  testId="offer-pricing-type"
                  required
                />
              </div>
            </Section>

            <Section title="Pricing" testId="offer-pricing">
              {error('pricingPlan') && (
                <p className="text-tremor-label text-red-600" data-testid="offer-pricing-error">
                  {error('pricingPlan')}
                </p>
              )}
              <CheckboxInput
                id={`${id}-has-aum`}
                label="AUM fee: a yearly percent of the assets managed, by tier"
                checked={draft.hasAumFee}
                onChange={(hasAumFee) => set({ hasAumFee })}
                testId="offer-has-aum-fee"
              />
              {draft.hasAumFee && (
                <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
                  <TierEditor id={id} tiers={draft.tiers} onChange={changeTiers} error={error} />
                  <AumFeeChart tiers={draft.tiers} investableAssets={investableAssets} currency={currency} />
                </div>
              )}

              <CheckboxInput
                id={`${id}-has-one-time`}
                label="One-time fee"
                checked={draft.hasOneTimeFee}
                onChange={(hasOneTimeFee) => set({ hasOneTimeFee })}
                testId="offer-has-one-time-fee"
              />
              {draft.hasOneTimeFee && (
                <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                  <InputField
                    id={`${id}-one-time-value`}
                    label="One-time fee amount"
                    value={draft.oneTimeValue}
                    onChange={(oneTimeValue) => set({ oneTimeValue })}
                    error={error(`${ONE_TIME}.amount.value`) ?? error(`${ONE_TIME}.amount`)}
                    prefix="$"
                    testId="offer-one-time-value"
                  />
                  <SelectInput
                    id={`${id}-one-time-currency`}
                    label="Currency"
                    value={draft.oneTimeCurrency}
                    options={CURRENCY_OPTIONS}
                    onChange={(value) => set({ oneTimeCurrency: value as OfferDraft['oneTimeCurrency'] })}
                    error={error(`${ONE_TIME}.amount.currency`)}
                    testId="offer-one-time-currency"
                  />
                  <SelectInput
                    id={`${id}-one-time-timing`}
                    label="Charged"
                    value={draft.oneTimeUpfront ? 'UPFRONT' : 'ON_COMPLETION'}
                    options={TIMING_OPTIONS}
                    onChange={(value) => set({ oneTimeUpfront: value === 'UPFRONT' })}
                    testId="offer-one-time-timing"
                  />
                </div>
              )}

              <CheckboxInput
                id={`${id}-has-recurring`}
                label="Recurring payment"
                checked={draft.hasRecurringPayment}
                onChange={(hasRecurringPayment) => set({ hasRecurringPayment })}
                testId="offer-has-recurring-payment"
              />
              {draft.hasRecurringPayment && (
                <div className="grid grid-cols-1 gap-3 sm:grid-cols-4">
                  <InputField
                    id={`${id}-recurring-value`}
                    label="Amount each time"
                    value={draft.recurringValue}
                    onChange={(recurringValue) => set({ recurringValue })}
                    error={error(`${RECURRING}.amount.value`) ?? error(`${RECURRING}.amount`)}
                    prefix="$"
                    testId="offer-recurring-value"
                  />
                  <SelectInput
                    id={`${id}-recurring-currency`}
                    label="Currency"
                    value={draft.recurringCurrency}
                    options={CURRENCY_OPTIONS}
                    onChange={(value) => set({ recurringCurrency: value as OfferDraft['recurringCurrency'] })}
                    error={error(`${RECURRING}.amount.currency`)}
                    testId="offer-recurring-currency"
                  />
                  <SelectInput
                    id={`${id}-recurring-frequency`}
                    label="Frequency"
                    value={draft.frequency}
                    options={FREQUENCY_OPTIONS}
                    onChange={(value) => set({ frequency: value as OfferDraft['frequency'] })}
                    error={error(`${RECURRING}.frequency.common`) ?? error(`${RECURRING}.frequency`)}
                    testId="offer-recurring-frequency"
                  />
                  <InputField
                    id={`${id}-recurring-duration`}
                    label="Number of payments"
                    type="number"
                    value={draft.duration}
                    onChange={(duration) => set({ duration })}
                    error={error(`${RECURRING}.frequency.duration`)}
                    hint="Empty: until the engagement ends."
                    testId="offer-recurring-duration"
                  />
                </div>
              )}
            </Section>
          </div>
          <div className="sticky bottom-0 space-y-3 border-t border-tremor-border bg-tremor-background px-6 py-4">
            <FormMessages messages={errors.form} testId="offer-form-errors" />
            <div className="flex justify-end gap-3">
              <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={busy} data-testid="offer-save">
                {offer ? 'Save the offer' : 'Add the offer'}
              </Button>
            </div>
          </div>
        </form>
      </DialogPanel>
    </Dialog>
  );
}
