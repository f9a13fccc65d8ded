import { useCallback, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Badge, Callout, Tab, TabGroup, TabList, TabPanel, TabPanels, Text } from '@tremor/react';
import { formatShortDate } from '@meridian/domain';
import { getHousehold } from '../../api';
import { planCalls } from '../../api/planning';
import { LoadingState } from '../../components/full-page-status';
import { usePageTitle } from '../../hooks/use-page-title';
import { useResource } from '../../hooks/use-resource';
import { VIEW_CURRENCIES, type ViewCurrency } from '../financials/money';
import { useCan } from '../platform/auth/use-can';
import { CompareTab } from './compare-tab';
import { peopleNames } from './describe';
import { PlanPartsTab } from './plan-parts-tab';
import { PART_SPECS } from './part-specs';
import { ProjectionTab } from './projection-tab';

const TABS = ['projection', ...PART_SPECS.map((spec) => spec.kind), 'compare'] as const;

/**
 * A plan's page: the projection (charts, what-if, Monte Carlo, year table), a tab for each of the
 * plan's parts with add, edit and remove, and the comparison with another plan of the household.
 */
export default function PlanPage() {
  const { planId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const currencyId = useId();
  const [currency, setCurrency] = useState<ViewCurrency>('CAD');
  const canWrite = useCan()('PLANNING_WRITE');

  const loadPlan = useCallback((signal: AbortSignal) => planCalls.get(planId, signal), [planId]);
  const planResource = useResource(loadPlan);
  const plan = planResource.data;
  const householdId = plan?.householdId;
  const loadContext = useCallback(
    async (signal: AbortSignal) => {
      if (!householdId) return undefined;
      const [household, plans] = await Promise.all([
        getHousehold(householdId, signal),
        planCalls.list(householdId, signal),
      ]);
      return { householdName: household.name, plans };
    },
    [householdId],
  );
  const context = useResource(loadContext);
  usePageTitle(plan ? `${plan.name} · Plan` : null);

  const tab = params.get('tab') ?? 'projection';
  const tabIndex = Math.max(0, TABS.indexOf(tab as (typeof TABS)[number]));

  if (!plan) {
    return planResource.error ? (
      <Callout title="The plan could not be loaded" color="rose" role="alert" className="mx-auto max-w-3xl">
        {planResource.error.message} If the plan was removed, open the household’s plans to choose another.
      </Callout>
    ) : (
      <LoadingState label="Loading the plan…" />
    );
  }

  const householdName = context.data?.householdName ?? 'Household';
  return (
    <div className="mx-auto max-w-7xl space-y-4" data-testid="plan-page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-tremor-default text-tremor-content">
            <Link to={`/crm/households/${plan.householdId}`} className="hover:text-tremor-brand">
              {householdName}
            </Link>
            {' › '}
            <Link
              to={`/households/${plan.householdId}/plans`}
              className="hover:text-tremor-brand"
              data-testid="household-plans-link"
            >
              Plans
            </Link>
          </p>
          <h1
            className="mt-1 flex items-center gap-3 text-2xl font-semibold tracking-tight text-tremor-content-strong"
            data-testid="plan-name"
          >
            {plan.name}
            <Badge size="xs" color={plan.published ? 'emerald' : 'gray'}>
              {plan.published ? 'Published' : 'Draft'}
            </Badge>
          </h1>
          <Text className="mt-1">
            For{' '}
            {peopleNames(
              plan.people,
              plan.people.map((person) => person.personId),
              'nobody yet',
            )}{' '}
            · from {plan.settings.startYear} · inflation {plan.settings.inflationPercent}% a year · made{' '}
            {formatShortDate(plan.createdAt)}
          </Text>
        </div>
        <div>
          <label htmlFor={currencyId} className="block text-tremor-label font-medium text-tremor-content">
            Show amounts in
          </label>
          <select
            id={currencyId}
            className="mt-1 rounded-tremor-default border border-tremor-border bg-tremor-background px-3 py-2 text-tremor-default"
            value={currency}
            onChange={(event) => setCurrency(event.target.value as ViewCurrency)}
            data-testid="plan-currency"
          >
            {VIEW_CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
      </div>
      {planResource.error && (
        <Callout title="The plan could not be read again" color="rose" role="alert">
          {planResource.error.message} What is shown is the plan as it was last read.
        </Callout>
      )}

      <TabGroup
        index={tabIndex}
        onIndexChange={(index) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('tab', TABS[index] ?? 'projection');
              return next;
            },
            { replace: true },
          )
        }
      >
        <TabList>
          {[
            <Tab key="projection" data-testid="tab-projection">
              Projection
            </Tab>,
            ...PART_SPECS.map((spec) => (
              <Tab key={spec.kind} data-testid={`tab-${spec.kind}`}>
                {spec.title} ({spec.parts(plan).length})
              </Tab>
            )),
            <Tab key="compare" data-testid="tab-compare">
              Compare plans
            </Tab>,
          ]}
        </TabList>
        <TabPanels>
          <TabPanel>
            <ProjectionTab plan={plan} currency={currency} />
          </TabPanel>
          {PART_SPECS.map((spec) => (
            <TabPanel key={spec.kind}>
              {/* Each spec is typed by its part; the tab only passes it on. */}
              <PlanPartsTab plan={plan} spec={spec as never} canWrite={canWrite} onChanged={planResource.reload} />
            </TabPanel>
          ))}
          <TabPanel>
            {/* Two more projections run only when the comparison is open. */}
            {TABS[tabIndex] !== 'compare' ? null : context.data ? (
              <CompareTab plan={plan} plans={context.data.plans} currency={currency} />
            ) : context.error ? (
              <Callout className="mt-6" title="The household’s plans could not be loaded" color="rose" role="alert">
                {context.error.message}
              </Callout>
            ) : (
              <LoadingState label="Loading the household’s plans…" />
            )}
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
