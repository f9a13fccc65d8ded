import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  Badge,
  Button,
  Callout,
  Card,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Text,
} from '@tremor/react';
import { createPlanForm, formatRelativeTime } from '@meridian/domain';
import { getHousehold } from '../../api';
import { planCalls } from '../../api/planning';
import { LoadingState } from '../../components/full-page-status';
import { usePageTitle } from '../../hooks/use-page-title';
import { useResource } from '../../hooks/use-resource';
import { useCan } from '../platform/auth/use-can';
import { PartForm, type PartField } from './part-form';

/** crm §2's plan form (createPlanForm) as labelled fields: the household is this page's. */
function createPlanFields(householdName: string, householdId: string): PartField[] {
  return createPlanForm.fields.flatMap((field): PartField[] => {
    if (!field.name) return [];
    const label = field.label ?? field.name;
    if (field.kind === 'DynamicSelect') {
      return [{ name: field.name, label, kind: 'select', choices: [{ value: householdId, label: householdName }] }];
    }
    if (field.kind === 'Switch') {
      return [{ name: field.name, label, kind: 'checkbox', hint: 'A published plan can be shared with the client.' }];
    }
    return [{ name: field.name, label, kind: 'text' }];
  });
}

/** A household's plans: each one's name and state, and "New plan", which copies the household's records into it. */
export default function HouseholdPlansPage() {
  const { householdId = '' } = useParams();
  const navigate = useNavigate();
  const canWrite = useCan()('PLANNING_WRITE');
  const [creating, setCreating] = useState(false);
  const load = useCallback(
    async (signal: AbortSignal) => {
      const [household, plans] = await Promise.all([
        getHousehold(householdId, signal),
        planCalls.list(householdId, signal),
      ]);
      return { household, plans };
    },
    [householdId],
  );
  const resource = useResource(load);
  const householdName = resource.data?.household.name;
  usePageTitle(householdName ? `${householdName} · Plans` : null);
  const submitLabel = createPlanForm.buttons.find((button) => button.type === 'submit')?.label ?? 'Create Plan';
  const fields = useMemo(() => createPlanFields(householdName ?? '', householdId), [householdName, householdId]);

  return (
    <div className="mx-auto max-w-5xl space-y-6" data-testid="household-plans-page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-tremor-default text-tremor-content">
            <Link to={`/crm/households/${householdId}`} className="hover:text-tremor-brand">
              {householdName ?? 'Household'}
            </Link>
            {' · '}
            <Link to={`/financial-records/${householdId}`} className="hover:text-tremor-brand">
              Financials
            </Link>
          </p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-tremor-content-strong">
            {householdName ? `${householdName}: plans` : 'Plans'}
          </h1>
        </div>
        {canWrite && resource.data && (
          <Button onClick={() => setCreating(true)} data-testid="new-plan">
            New plan
          </Button>
        )}
      </div>

      {resource.error && (
        <Callout title="The household’s plans could not be loaded" color="rose" role="alert">
          {resource.error.message} Reload the page; if the household was removed, choose another from Households.
        </Callout>
      )}
      {!resource.data && !resource.error && <LoadingState label="Loading the plans…" />}
      {resource.data && resource.data.plans.length === 0 && (
        <Card data-testid="plans-empty">
          <Text>
            No plans yet. A new plan starts as a copy of the household’s people, accounts, property, debts, incomes and
            expenses; changing the plan afterwards never changes those records.
          </Text>
          {canWrite && (
            <Button className="mt-4" onClick={() => setCreating(true)}>
              Make the first plan
            </Button>
          )}
        </Card>
      )}
      {resource.data && resource.data.plans.length > 0 && (
        <Card>
          <Table data-testid="plans-table">
            <TableHead>
              <TableRow>
                <TableHeaderCell>Plan</TableHeaderCell>
                <TableHeaderCell>State</TableHeaderCell>
                <TableHeaderCell>Last changed</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {resource.data.plans.map((plan) => (
                <TableRow key={plan.id} data-testid="plan-row">
                  <TableCell>
                    <Link to={`/plans/${plan.id}`} className="font-medium text-tremor-brand hover:underline">
                      {plan.name}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <Badge size="xs" color={plan.published ? 'emerald' : 'gray'}>
                      {plan.published ? 'Published' : 'Draft'}
                    </Badge>
                  </TableCell>
                  <TableCell>{formatRelativeTime(plan.updatedAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}

      {creating && householdName && (
        <PartForm
          title={createPlanForm.title}
          fields={fields}
          initial={{ householdId, name: '', publish: 'false' }}
          submitLabel={submitLabel}
          testId="create-plan-form"
          onClose={() => setCreating(false)}
          onSubmit={async (values) => {
            const plan = await planCalls.create({
              householdId: values.householdId ?? householdId,
              name: values.name ?? '',
              publish: values.publish === 'true',
            });
            navigate(`/plans/${plan.id}`);
          }}
        />
      )}
    </div>
  );
}
