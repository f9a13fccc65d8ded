import { Callout } from '@tremor/react';
import { getOrganizationOverview } from '../../../api';
import { LoadingState } from '../../../components/full-page-status';
import { useResource } from '../../../hooks/use-resource';
import { useSessionUser } from '../auth/auth-context';
import { CountCards } from './count-cards';
import { DemoBanner } from './demo-banner';
import { HealthCard } from './health-card';
import { RecordsChart } from './records-chart';

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
        <Callout title="The organization overview could not be loaded" color="rose" role="alert">
          {error.message}
        </Callout>
      )}
      {!overview && !error && <LoadingState label="Loading overview…" />}
      {overview && <CountCards counts={overview.counts} />}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        {overview && overview.counts.length > 0 && (
          <div className="lg:col-span-2">
            <RecordsChart counts={overview.counts} />
          </div>
        )}
        <div className={overview && overview.counts.length > 0 ? 'lg:col-span-3' : 'lg:col-span-5'}>
          <HealthCard />
        </div>
      </div>
    </div>
  );
}
