import { useCallback } from 'react';
import { Link } from 'react-router';
import { getHousehold } from '../api';
import { useResource } from '../hooks/use-resource';

/** A link to a household named after it ("Okafor household"), never "Household" or its id. */
export function HouseholdLink({ householdId, testId = 'household-link' }: { householdId: string; testId?: string }) {
  const load = useCallback((signal: AbortSignal) => getHousehold(householdId, signal), [householdId]);
  const household = useResource(load);
  return (
    <Link to={`/crm/households/${householdId}`} className="text-tremor-brand hover:underline" data-testid={testId}>
      {household.data?.name ?? (household.error ? 'Their household' : '…')}
    </Link>
  );
}
