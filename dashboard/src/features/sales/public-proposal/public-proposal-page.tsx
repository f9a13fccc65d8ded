import { type ReactNode, useEffect, useId, useState } from 'react';
import { useParams } from 'react-router';
import { Badge, Button, Callout, Card } from '@tremor/react';
import { enumLabel, formatMoney, formatShortDate, formatTimestamp, type ProposalLinkView } from '@meridian/domain';
import { type ApiError, toApiError } from '../../../api';
import { FieldShell, FormMessages, controlClass } from '../../../components/fields';
import { proposalLinkCalls } from './public-proposal-api';

type Offer = ProposalLinkView['offers'][number];
type Load = { state: 'loading' } | { state: 'ready'; view: ProposalLinkView } | { state: 'refused'; error: ApiError };

const money = (value: string, currency: string | null) => `${formatMoney(value)}${currency ? ` ${currency}` : ''}`;

/** The tiers of an AUM fee in words: "Up to $1,000,000: 1% a year", "Above $1,000,000: 0.5% a year". */
function tierLines(tiers: NonNullable<Offer['pricingPlan']['aumFee']>['tiers']): string[] {
  return tiers.map((tier, index) => {
    const from = index === 0 ? null : tiers[index - 1]!.breakpoint;
    const last = index === tiers.length - 1;
    const range =
      last && from !== null
        ? `Above ${money(from, tier.currency)}`
        : last
          ? 'On all assets'
          : from === null
            ? `Up to ${money(tier.breakpoint, tier.currency)}`
            : `${money(from, tier.currency)} to ${money(tier.breakpoint, tier.currency)}`;
    return `${range}: ${tier.fee}% a year`;
  });
}

function Line({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 py-1">
      <dt className="text-tremor-default text-tremor-content">{label}</dt>
      <dd className="text-tremor-default font-medium text-tremor-content-strong" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** One offer: what it includes, how it is priced and billed, what its first year costs. */
function OfferSection({ offer, position }: { offer: Offer; position: number }) {
  const plan = offer.pricingPlan;
  const summary = offer.feeSummary;
  const currency = summary?.currency ?? plan.oneTimeFee?.amount?.currency ?? plan.aumFee?.tiers[0]?.currency ?? null;
  const recurring = plan.recurringPayment;
  return (
    <Card className="space-y-3 p-5" data-testid="public-offer">
      <div>
        <p className="text-tremor-label text-tremor-content">Offer {position}</p>
        <h2 className="text-tremor-title font-semibold text-tremor-content-strong">
          {offer.offerings.map((offering) => offering.name).join(', ')}
        </h2>
        <p className="mt-1 flex flex-wrap gap-2">
          {offer.offerings.map((offering) => (
            <Badge key={offering.name} color="gray">
              {enumLabel('ServiceCategory', offering.category)} · {enumLabel('ServiceType', offering.type)}
            </Badge>
          ))}
        </p>
      </div>
      <dl className="divide-y divide-tremor-border">
        <Line label="Fee type">{enumLabel('FeeType', plan.type)}</Line>
        <Line label="Paid by">{enumLabel('PaymentSource', plan.paymentMethod)}</Line>
        <Line label="Billing starts">
          {offer.billingStartDate
            ? `${enumLabel('BillingStart', offer.billingStartType)}: ${formatShortDate(offer.billingStartDate, true)}`
            : enumLabel('BillingStart', offer.billingStartType)}
        </Line>
        {plan.oneTimeFee?.amount && (
          <Line label="One-time fee" testId="public-offer-one-time">
            {money(plan.oneTimeFee.amount.value, plan.oneTimeFee.amount.currency)},{' '}
            {plan.oneTimeFee.isUpfront ? 'paid upfront' : 'paid on completion'}
          </Line>
        )}
        {recurring?.amount && (
          <Line label="Recurring payment">
            {money(recurring.amount.value, recurring.amount.currency)},{' '}
            {enumLabel('PaymentFrequency', recurring.frequency.common).toLowerCase()}
            {recurring.frequency.duration
              ? `, ${recurring.frequency.duration} payment${recurring.frequency.duration === 1 ? '' : 's'}`
              : ', for as long as the engagement lasts'}
          </Line>
        )}
        {plan.aumFee && (
          <Line label="Fee on assets under management">
            <ul className="text-right">
              {tierLines(plan.aumFee.tiers).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </Line>
        )}
        {summary?.aumFee && (
          <Line label="On your investments today" testId="public-offer-aum">
            {money(summary.aumFee.annual, currency)} a year on {money(summary.aumFee.assets, currency)}
          </Line>
        )}
        {summary && (
          <Line label="First year, in total" testId="public-offer-first-year">
            {money(summary.firstYearTotals.total, currency)}
            {plan.aumFee && !summary.aumFee ? ' plus the fee on your assets' : ''}
          </Line>
        )}
      </dl>
    </Card>
  );
}

/** Why the link cannot be used, and what to do: the advisor sends a new one. */
function Refused({ error }: { error: ApiError }) {
  const title =
    error.status === 404
      ? error.message
      : error.status === 429
        ? 'Too many attempts'
        : 'The proposal could not be opened';
  return (
    <Callout title={title} color="rose" role="alert" data-testid="public-proposal-refused">
      {error.status === 429
        ? error.message
        : 'Please contact your advisor: they can send you a new link to the proposal.'}
    </Callout>
  );
}

/** Accept, or ask for changes with a comment; each confirmed before it is sent. */
function Decide({ token, onDecided }: { token: string; onDecided: (view: ProposalLinkView) => void }) {
  const ids = useId();
  const [mode, setMode] = useState<'idle' | 'confirm-accept' | 'changes'>('idle');
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ comment?: string; form: string[] }>({ form: [] });

  async function run(call: () => Promise<ProposalLinkView>) {
    setBusy(true);
    setErrors({ form: [] });
    try {
      onDecided(await call());
    } catch (failure) {
      const error = toApiError(failure);
      const fields = error.fieldErrors();
      setErrors({
        ...(fields.comment ? { comment: fields.comment } : {}),
        form: fields.comment ? [] : [error.message],
      });
    } finally {
      setBusy(false);
    }
  }

  if (mode === 'confirm-accept') {
    return (
      <Card className="space-y-3 p-5" data-testid="public-accept-confirm">
        <p className="text-tremor-default text-tremor-content-strong">
          Accept this proposal? Your advisor will be told right away and will start the services it describes, with the
          fees shown above.
        </p>
        <FormMessages messages={errors.form} testId="public-decide-errors" />
        <div className="flex flex-wrap gap-3">
          <Button
            loading={busy}
            onClick={() => void run(() => proposalLinkCalls.accept(token))}
            data-testid="public-accept-yes"
          >
            Yes, accept the proposal
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => setMode('idle')}>
            Not now
          </Button>
        </div>
      </Card>
    );
  }
  if (mode === 'changes') {
    return (
      <Card className="p-5">
        <form
          className="space-y-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void run(() => proposalLinkCalls.requestModification(token, comment));
          }}
        >
          <FieldShell id={`${ids}-comment`} label="What should change?" error={errors.comment} testId="public-comment">
            <textarea
              id={`${ids}-comment`}
              className={controlClass(Boolean(errors.comment))}
              rows={4}
              maxLength={5000}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              disabled={busy}
            />
          </FieldShell>
          <FormMessages messages={errors.form} testId="public-decide-errors" />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={busy} data-testid="public-changes-send">
              Send my request to my advisor
            </Button>
            <Button type="button" variant="secondary" disabled={busy} onClick={() => setMode('idle')}>
              Cancel
            </Button>
          </div>
        </form>
      </Card>
    );
  }
  return (
    <div className="flex flex-wrap gap-3" data-testid="public-decide">
      <Button onClick={() => setMode('confirm-accept')} data-testid="public-accept">
        Accept the proposal
      </Button>
      <Button variant="secondary" onClick={() => setMode('changes')} data-testid="public-ask-changes">
        Ask for changes
      </Button>
    </div>
  );
}

/** Where the proposal stands, for the recipient: open, accepted, or sent back. */
function Status({ view }: { view: ProposalLinkView }) {
  if (view.status === 'ACCEPTED') {
    return (
      <Callout title="You accepted this proposal" color="emerald" data-testid="public-accepted">
        {view.acceptedAt ? `Accepted ${formatTimestamp(view.acceptedAt)}. ` : ''}
        {view.organizationName} has been told and will contact you about the next steps.
      </Callout>
    );
  }
  if (view.status === 'MODIFICATION_REQUESTED') {
    return (
      <Callout title="Your request for changes was sent" color="amber" data-testid="public-changes-requested">
        {view.modificationRequest ? `“${view.modificationRequest}” ` : ''}Your advisor will rework the proposal and send
        it to you again.
      </Callout>
    );
  }
  return null;
}

/**
 * The page a proposal's recipient opens from their e-mail (no login): the firm's brand, the
 * household, each offer with its fees, the portfolio to download, and Accept or Ask for changes.
 * A link that cannot be used says why and to contact the advisor.
 */
export default function PublicProposalPage() {
  const { token = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    proposalLinkCalls
      .view(token, controller.signal)
      .then((view) => setLoad({ state: 'ready', view }))
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'refused', error: toApiError(failure) });
      });
    return () => controller.abort();
  }, [token]);

  const view = load.state === 'ready' ? load.view : null;
  return (
    <main className="min-h-screen bg-tremor-background-muted px-4 py-10" data-testid="public-proposal">
      <div className="mx-auto w-full max-w-2xl space-y-6">
        <header className="flex flex-col items-center gap-3 text-center">
          {view?.brand.logoUrl ? (
            <img src={view.brand.logoUrl} alt={view.brand.name} className="max-h-16" />
          ) : (
            view && <p className="text-xl font-semibold text-tremor-content-strong">{view.brand.name}</p>
          )}
          <h1 className="text-2xl font-semibold text-tremor-content-strong" data-testid="public-proposal-title">
            {view ? `Your proposal${view.householdName ? ` for ${view.householdName}` : ''}` : 'Your proposal'}
          </h1>
          {view && (
            <p className="text-tremor-default text-tremor-content">
              Prepared by {view.organizationName} for {view.recipientName}
              {view.sentAt ? `, sent ${formatShortDate(view.sentAt)}` : ''}.
            </p>
          )}
        </header>
        {load.state === 'loading' && (
          <p className="text-center text-tremor-default text-tremor-content" role="status">
            Opening your proposal…
          </p>
        )}
        {load.state === 'refused' && <Refused error={load.error} />}
        {view && (
          <>
            <Status view={view} />
            {view.offers.map((offer, index) => (
              <OfferSection key={index} offer={offer} position={index + 1} />
            ))}
            {view.portfolioPdf && (
              <p>
                <a
                  href={view.portfolioPdf.url}
                  className="text-tremor-brand hover:underline"
                  data-testid="public-portfolio"
                  download
                >
                  Download your portfolio review (PDF)
                </a>
              </p>
            )}
            {view.status === 'SENT' && (
              <Decide token={token} onDecided={(next) => setLoad({ state: 'ready', view: next })} />
            )}
            <p className="text-center text-tremor-label text-tremor-content">
              This link is yours and works until {formatShortDate(view.expiresAt)}. Questions? Contact your advisor.
            </p>
          </>
        )}
      </div>
    </main>
  );
}
