import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button, Callout, Tab, TabGroup, TabList, TabPanel, TabPanels } from '@tremor/react';
import { getCashFlowView, getFinancialView } from '../../api';
import { LoadingState } from '../../components/full-page-status';
import { useResource } from '../../hooks/use-resource';
import { useCan } from '../platform/auth/use-can';
import { CashFlowTab } from './cash-flow-tab';
import { LinkBankDialog, PendingPlacements, type LinkRequest } from './link-bank';
import { VIEW_CURRENCIES, type ViewCurrency } from './money';
import { NetWorthTab } from './net-worth-tab';

const TABS = ['financial-records', 'cash-flows'] as const;

/** The currency every amount on the page is shown in; amounts in another currency are converted. */
function CurrencySwitch({ value, onChange }: { value: ViewCurrency; onChange: (currency: ViewCurrency) => void }) {
  return (
    <div
      role="radiogroup"
      aria-label="Currency"
      className="inline-flex rounded-tremor-default border border-tremor-border"
    >
      {VIEW_CURRENCIES.map((currency) => (
        <button
          key={currency}
          type="button"
          role="radio"
          aria-checked={currency === value}
          data-testid={`currency-${currency}`}
          onClick={() => onChange(currency)}
          className={`px-3 py-1.5 text-tremor-default font-medium first:rounded-l-tremor-default last:rounded-r-tremor-default ${
            currency === value
              ? 'bg-tremor-brand text-tremor-brand-inverted'
              : 'bg-tremor-background text-tremor-content-emphasis hover:bg-tremor-background-subtle'
          }`}
        >
          {currency}
        </button>
      ))}
    </div>
  );
}

/**
 * A household's financial page: net worth, assets and debts by group and every account (the
 * Financial records section), and its monthly money in and out (the Cash flows section).
 */
export default function HouseholdFinancialPage() {
  const { householdId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const section = pathname.startsWith('/cash-flows') ? 'cash-flows' : 'financial-records';
  const [currency, setCurrency] = useState<ViewCurrency>('CAD');
  const [linking, setLinking] = useState<LinkRequest>();
  // Linking a bank, placing its accounts and reconnecting it take BANK_LINK.
  const canLink = useCan()('BANK_LINK');

  const loadFinancial = useCallback(
    (signal: AbortSignal) => getFinancialView(householdId, currency, signal),
    [householdId, currency],
  );
  const loadCashFlow = useCallback(
    (signal: AbortSignal) => getCashFlowView(householdId, currency, signal),
    [householdId, currency],
  );
  const financial = useResource(loadFinancial);
  const cashFlow = useResource(loadCashFlow);
  // A failed switch keeps the last view; never show it under the other currency's name.
  const financialView = financial.data?.currency === currency ? financial.data : undefined;
  const cashFlowView = cashFlow.data?.currency === currency ? cashFlow.data : undefined;
  const { reload: reloadFinancial } = financial;
  const { reload: reloadCashFlow } = cashFlow;
  // A finished sync brings accounts, balances and recurring streams: both tabs reload.
  const onSynced = useCallback(() => {
    reloadFinancial();
    reloadCashFlow();
  }, [reloadFinancial, reloadCashFlow]);

  return (
    <div className="mx-auto max-w-7xl space-y-6" data-testid="household-financial-page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-tremor-default text-tremor-content">
            <Link to={`/${section}`} className="hover:text-tremor-brand">
              Households
            </Link>
          </p>
          <h1
            className="mt-1 text-2xl font-semibold tracking-tight text-tremor-content-strong"
            data-testid="household-name"
          >
            {financial.data?.householdName ?? 'Household'}
          </h1>
          {financial.data && (
            <Link
              to={`/crm/households/${householdId}`}
              className="text-tremor-default font-medium text-tremor-brand hover:underline"
              data-testid="household-page-link"
            >
              {financial.data.householdName}: members and contacts
            </Link>
          )}
          {financial.data && (
            <Link
              to={`/households/${householdId}/plans`}
              className="ml-4 text-tremor-default font-medium text-tremor-brand hover:underline"
              data-testid="household-plans-link"
            >
              {financial.data.householdName}: plans
            </Link>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {canLink && (
            <Button variant="secondary" onClick={() => setLinking({ kind: 'link' })} data-testid="link-bank">
              Link a bank
            </Button>
          )}
          <CurrencySwitch value={currency} onChange={setCurrency} />
        </div>
      </div>
      {/* Remounted when the dialog closes, so a placement just finished or left shows at once. */}
      {canLink && !linking && <PendingPlacements householdId={householdId} onPlace={setLinking} />}
      {linking && (
        <LinkBankDialog
          householdId={householdId}
          request={linking}
          onClose={() => setLinking(undefined)}
          onSynced={onSynced}
        />
      )}

      <TabGroup index={TABS.indexOf(section)} onIndexChange={(index) => navigate(`/${TABS[index]}/${householdId}`)}>
        <TabList>
          <Tab data-testid="tab-net-worth">Net worth</Tab>
          <Tab data-testid="tab-cash-flows">Cash flows</Tab>
        </TabList>
        <TabPanels>
          <TabPanel>
            {financial.error && (
              <Callout className="mt-6" title="The financial view could not be loaded" color="rose" role="alert">
                {financial.error.message}
              </Callout>
            )}
            {!financialView && !financial.error && <LoadingState label="Loading the financial view…" />}
            {financialView && (
              <NetWorthTab
                view={financialView}
                onChanged={financial.reload}
                onReconnect={canLink ? (connectionId) => setLinking({ kind: 'reconnect', connectionId }) : undefined}
              />
            )}
          </TabPanel>
          <TabPanel>
            {cashFlow.error && (
              <Callout className="mt-6" title="The cash flows could not be loaded" color="rose" role="alert">
                {cashFlow.error.message}
              </Callout>
            )}
            {!cashFlowView && !cashFlow.error && <LoadingState label="Loading cash flows…" />}
            {cashFlowView && <CashFlowTab view={cashFlowView} householdId={householdId} onChanged={cashFlow.reload} />}
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
