import { ContributionRoomCalculator } from './contribution-room';
import { PensionCalculator } from './pension-calculator';
import { RegisteredLimitsSection } from './registered-limits';
import { UsContributionLimits } from './us-limits';
import { UsRmdCalculator } from './us-rmd';
import { LifMaximumChart, RrifMinimumChart, WithdrawalLookup } from './withdrawal-rates';

/** Advisor calculators: registered-plan limits, withdrawal rates, pension value, contribution room, US limits and RMDs. */
export default function CalculatorsPage() {
  return (
    <div className="mx-auto max-w-7xl space-y-6" data-testid="calculators-page">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Calculators</h1>
        <p className="mt-1 text-tremor-default text-tremor-content">
          Registered-plan limits, withdrawal rates, pension values, contribution room, and US limits and RMDs for client
          conversations.
        </p>
      </div>

      <RegisteredLimitsSection />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <RrifMinimumChart />
        <LifMaximumChart />
        <WithdrawalLookup />
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <PensionCalculator />
        </div>
        <ContributionRoomCalculator />
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <UsContributionLimits />
        </div>
        <UsRmdCalculator />
      </div>
    </div>
  );
}
