import { useCallback, useState } from 'react';
import { Badge, Callout, Card, Title } from '@tremor/react';
import {
  formatMoney,
  formatShortDate,
  type BillingInvoiceResponse,
  type HouseholdServiceBillingStatus,
  type HouseholdServiceResponse,
} from '@meridian/domain';
import { useResource } from '../../../hooks/use-resource';
import { useCan } from '../../platform/auth/use-can';
import { billingCalls } from './billing-api';

const STATUS_COLOR: Record<HouseholdServiceBillingStatus, string> = {
  NOT_BILLED_HERE: 'slate',
  PENDING: 'blue',
  ACTIVE: 'emerald',
  PAST_DUE: 'amber',
  CANCELLED: 'slate',
  FAILED: 'rose',
};

const INVOICE_COLOR: Record<BillingInvoiceResponse['status'], string> = {
  DRAFT: 'slate',
  OPEN: 'blue',
  PAID: 'emerald',
  PAYMENT_FAILED: 'rose',
  VOID: 'slate',
};

/** An amount with its currency: '$2,500 CAD'. */
const amountOf = (invoice: BillingInvoiceResponse) => `${formatMoney(invoice.amount)} ${invoice.currency}`;

function periodOf(invoice: BillingInvoiceResponse): string {
  if (!invoice.periodStart || !invoice.periodEnd) return '—';
  return `${formatShortDate(invoice.periodStart, true)} – ${formatShortDate(invoice.periodEnd, true)}`;
}

function InvoiceRows({ invoices }: { invoices: readonly BillingInvoiceResponse[] }) {
  if (invoices.length === 0) return <p className="text-tremor-default text-tremor-content">No invoice yet.</p>;
  return (
    <table className="w-full text-tremor-default" data-testid="billing-invoices">
      <thead>
        <tr className="text-left text-tremor-content">
          <th className="py-1">Invoice</th>
          <th className="py-1">Amount</th>
          <th className="py-1">Status</th>
          <th className="py-1">Period</th>
          <th className="py-1">Paid</th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.id} data-testid="billing-invoice" className="border-t border-tremor-border">
            <td className="py-1">
              {invoice.hostedInvoiceUrl ? (
                <a href={invoice.hostedInvoiceUrl} target="_blank" rel="noreferrer">
                  {invoice.kindLabel}
                </a>
              ) : (
                invoice.kindLabel
              )}
            </td>
            <td className="py-1" data-testid="billing-invoice-amount">
              {amountOf(invoice)}
            </td>
            <td className="py-1">
              <Badge size="xs" color={INVOICE_COLOR[invoice.status]} data-testid="billing-invoice-status">
                {invoice.statusLabel}
              </Badge>
              {invoice.failureMessage && invoice.status === 'PAYMENT_FAILED' && (
                <span className="ml-2 text-tremor-content">{invoice.failureMessage}</span>
              )}
            </td>
            <td className="py-1">{periodOf(invoice)}</td>
            <td className="py-1">{invoice.paidAt ? formatShortDate(invoice.paidAt) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ServiceCard({ service, onChange }: { service: HouseholdServiceResponse; onChange: () => void }) {
  const can = useCan();
  const [retrying, setRetrying] = useState(false);
  const [error, setError] = useState<string>();
  const retry = useCallback(async () => {
    setRetrying(true);
    setError(undefined);
    try {
      await billingCalls.retry(service.id);
      onChange();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The retry could not be started');
    } finally {
      setRetrying(false);
    }
  }, [service.id, onChange]);
  return (
    <Card className="space-y-3" data-testid="billing-service">
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="font-medium text-tremor-content-strong" data-testid="billing-service-name">
          {service.name}
        </h3>
        <Badge size="xs" color={STATUS_COLOR[service.billingStatus]} data-testid="billing-service-status">
          {service.billingStatusLabel}
        </Badge>
        <span className="text-tremor-default text-tremor-content" data-testid="billing-service-next-charge">
          {service.nextChargeAt ? `Next charge ${formatShortDate(service.nextChargeAt)}` : 'No charge scheduled'}
        </span>
      </div>
      {service.billingStatus === 'FAILED' && (
        <Callout title="Billing could not be set up" color="rose" data-testid="billing-service-error">
          <p>{service.billingError}</p>
          {service.canRetry && can('SALES_WRITE') && (
            <button
              type="button"
              className="mt-2 rounded-tremor-small bg-tremor-brand px-3 py-1 text-white disabled:opacity-50"
              onClick={() => void retry()}
              disabled={retrying}
              data-testid="billing-retry"
            >
              {retrying ? 'Retrying…' : 'Retry billing'}
            </button>
          )}
          {error && <p role="alert">{error}</p>}
        </Callout>
      )}
      <InvoiceRows invoices={service.invoices} />
    </Card>
  );
}

/** The household's billing: its services (accepted offers), where their billing stands, their invoices. */
export function HouseholdBilling({ householdId }: { householdId: string }) {
  const load = useCallback((signal: AbortSignal) => billingCalls.householdBilling(householdId, signal), [householdId]);
  const billing = useResource(load);
  return (
    <section className="space-y-3" aria-labelledby="household-billing-title" data-testid="household-billing">
      <Title id="household-billing-title">Billing</Title>
      {billing.error && <Callout title="Billing could not be loaded" color="rose" />}
      {billing.data && billing.data.services.length === 0 && (
        <p className="text-tremor-default text-tremor-content">
          No service yet: services come from accepted proposals.
        </p>
      )}
      {billing.data?.services.map((service) => (
        <ServiceCard key={service.id} service={service} onChange={billing.reload} />
      ))}
    </section>
  );
}
