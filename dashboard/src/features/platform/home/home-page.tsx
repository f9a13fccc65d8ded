import { useCallback } from 'react';
import { Callout } from '@tremor/react';
import { getHome, getOrganizationOverview } from '../../../api';
import { LoadingState } from '../../../components/full-page-status';
import { useResource } from '../../../hooks/use-resource';
import { useSessionUser } from '../auth/auth-context';
import { CountCards } from './count-cards';
import { DemoBanner } from './demo-banner';
import { HealthCard } from './health-card';
import { RecordsChart } from './records-chart';
import { AssetsCard, BirthdaysCard, DeadlinesCard, NetNewAssetsCard, ReviewsCard, SyncsCard } from './today-cards';

/** Amounts on the home page are in the organization's reporting currency (the financial view's default). */
const HOME_CURRENCY = 'CAD';

/**
 * What the advisor acts on today: figures and lists of GET /api/home, each card linking to its list,
 * then the clients they count and the health of the syncs and queues behind them.
 */
function Today() {
  const load = useCallback((signal: AbortSignal) => getHome(HOME_CURRENCY, signal), []);
  const { data: home, error } = useResource(load);
  if (error) {
    return (
      <Callout title="Today’s figures could not be loaded" color="rose" role="alert">
        {error.message}
      </Callout>
    );
  }
  if (!home) return <LoadingState label="Loading today’s figures…" />;
  return (
    <>
      {home.scope.kind === 'NONE' ? (
        <Callout title="No households are assigned to you" color="blue" data-testid="home-no-scope">
          Your login has no advisor profile, so there are no households of yours to follow here. An administrator can
          make you a household’s primary advisor.
        </Callout>
      ) : (
        <section aria-label="Today" className="space-y-4" data-testid="home-today">
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <AssetsCard home={home} />
            <NetNewAssetsCard home={home} />
          </div>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
            <ReviewsCard home={home} />
            <BirthdaysCard home={home} />
            <DeadlinesCard home={home} />
          </div>
          {home.syncs && <SyncsCard syncs={home.syncs} />}
        </section>
      )}
      <CountCards counts={home.clientRecords} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <RecordsChart counts={home.clientRecords} />
        </div>
        <div className="lg:col-span-3">
          <HealthCard />
        </div>
      </div>
    </>
  );
}

export default function HomePage() {
  const user = useSessionUser();
  const { data: overview, error } = useResource(getOrganizationOverview);

  return (
    <div className="mx-auto max-w-7xl space-y-6" data-testid="home-page">
      {overview?.organization.isDemo && <DemoBanner />}

      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Home</h1>
        <p className="mt-1 text-tremor-default text-tremor-content" data-testid="home-organization">
          {overview?.organization.name ?? user.organizationName} at a glance
        </p>
      </div>
      {error && (
        <Callout title="The organization could not be loaded" color="rose" role="alert">
          {error.message}
        </Callout>
      )}

      <Today />
    </div>
  );
}
