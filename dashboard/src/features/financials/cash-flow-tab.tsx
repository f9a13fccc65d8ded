import { useState } from 'react';
import { Badge, BarChart, Button, Callout, Card, DonutChart, Metric, Text, Title } from '@tremor/react';
import {
  addExpenseForm,
  addIncomeForm,
  deleteStreamForm,
  dynamicOptions,
  enumLabel,
  formatMoney,
  Money,
  NECESSITY_LABELS,
  Necessity,
  PaymentFrequency,
  primaryCategoryLabel,
  renameStreamForm,
  submit,
  TRANSACTION_CATEGORIES,
  type CashFlowView,
  type FormDefinition,
} from '@meridian/domain';
import {
  addFlow,
  categorizeStream,
  confirmStream,
  deleteFlowSource,
  deleteStream,
  renameStream,
  toApiError,
} from '../../api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useCan } from '../platform/auth/use-can';
import { FlowSourceForm } from './flow-source-form';
import { chartDollars, chartValue, showMoney, showOwnMoney, VIEW_CURRENCIES } from './money';
import { SpecForm, type ExtraField } from './spec-form';

type Stream = CashFlowView['streams'][number];

const categorizeStreamForm: FormDefinition = {
  id: 'categorizeStream',
  title: 'Categorize Stream',
  fields: [
    {
      kind: 'DynamicSelect',
      name: 'category',
      label: 'Category',
      required: true,
      options: dynamicOptions('categories'),
    },
  ],
  buttons: [submit('Save')],
  http: {
    method: 'PATCH',
    path: '/streams/:recurringStreamSourceId/categorize',
    params: ['recurringStreamSourceId'],
    body: ['category'],
  },
};

const CATEGORY_OPTIONS = TRANSACTION_CATEGORIES.map((category) => ({
  value: category.id,
  label: `${primaryCategoryLabel(category.primary)}: ${category.label}`,
}));

/** What the dashboard adds to the spec's name-only Add Income and Add Expense: the flow itself. */
function flowFields(kind: 'income' | 'expense', currency: string): ExtraField[] {
  const fields: ExtraField[] = [
    { name: 'amount', label: 'Amount', kind: 'number' },
    {
      name: 'currency',
      label: 'Currency',
      kind: 'select',
      choices: [currency, ...VIEW_CURRENCIES.filter((code) => code !== currency)].map((code) => ({
        value: code,
        label: code,
      })),
    },
    {
      name: 'frequency',
      label: 'Frequency',
      kind: 'select',
      choices: ['MONTHLY', ...PaymentFrequency.filter((frequency) => frequency !== 'MONTHLY')].map((frequency) => ({
        value: frequency,
        label: enumLabel('PaymentFrequency', frequency),
      })),
    },
  ];
  if (kind === 'expense') {
    fields.push({
      name: 'necessity',
      label: 'Need or want',
      kind: 'select',
      choices: Necessity.map((value) => ({ value, label: NECESSITY_LABELS[value] })),
    });
  }
  return fields;
}

const FLOW_ERROR_PATHS = {
  'flows.0.name': 'name',
  'flows.0.amount.value': 'amount',
  'flows.0.amount.currency': 'currency',
  'flows.0.frequency.common': 'frequency',
};

function MonthlyCard({
  title,
  value,
  testId,
  color,
}: {
  title: string;
  value: string;
  testId: string;
  color: 'emerald' | 'rose' | 'blue';
}) {
  return (
    <Card decoration="top" decorationColor={color}>
      <Text>{title}</Text>
      <Metric className="mt-1" data-testid={testId}>
        {value}
      </Metric>
    </Card>
  );
}

type Source = CashFlowView['sources'][number];

type OpenForm =
  | { kind: 'income' | 'expense' }
  | { kind: 'rename' | 'categorize' | 'delete'; stream: Stream }
  | { kind: 'editSource' | 'deleteSource'; source: Source };

/** What deleting an income or expense does, for its confirmation. */
function deleteSourceConsequence(source: Source): string {
  // Summed per currency, as decimals: a source's flows may be in more than one.
  const totals = new Map<string, Money>();
  for (const flow of source.flows) {
    if (flow.status !== 'ACTIVE' || !flow.monthly) continue;
    const { value, currency: code } = flow.monthly;
    totals.set(code, (totals.get(code) ?? Money.zero(code)).add(Money.of(value, code)));
  }
  const amounts = [...totals.values()].map((total) => `${formatMoney(total.toJSON().value)} ${total.currency}`);
  const side = source.direction === 'INFLOW' ? 'money in' : 'money out';
  const effect =
    amounts.length > 0
      ? `Its ${amounts.join(' and ')} a month no longer count${amounts.length === 1 ? 's' : ''} in the household's monthly ${side}.`
      : `It no longer appears in the household's cash flow.`;
  const streams =
    source.streams.length > 0
      ? ` The ${source.streams.length === 1 ? 'recurring stream it explained counts' : `${source.streams.length} recurring streams it explained count`} on ${source.streams.length === 1 ? 'its' : 'their'} own again.`
      : '';
  return `${effect}${streams} The audit log keeps it, with who deleted it and when.`;
}

/** Monthly money in and out, needs against wants, spending by category, the sources and the streams. */
export function CashFlowTab({
  view,
  householdId,
  onChanged,
}: {
  view: CashFlowView;
  householdId: string;
  onChanged: () => void;
}) {
  const [form, setForm] = useState<OpenForm>();
  const [error, setError] = useState<string>();
  // Adding and changing incomes, expenses and streams take FINANCIALS_WRITE; deleting them FINANCIALS_DELETE.
  const can = useCan();
  const canWrite = can('FINANCIALS_WRITE');
  const canDelete = can('FINANCIALS_DELETE');
  const { summary } = view;
  const outflowCategories = summary.byCategory.filter((entry) => entry.direction === 'OUTFLOW');
  const done = async (action: Promise<unknown>) => {
    await action;
    onChanged();
  };

  async function act(action: () => Promise<unknown>) {
    setError(undefined);
    try {
      await action();
      onChanged();
    } catch (failure) {
      setError(toApiError(failure).message);
    }
  }

  function submitFlow(kind: 'income' | 'expense', values: Record<string, string>) {
    const amount = values.amount?.trim();
    const flows = amount
      ? [
          {
            name: values.name ?? '',
            status: 'ACTIVE' as const,
            amount: { value: Number(amount), currency: values.currency as 'CAD' },
            frequency: { common: values.frequency as 'MONTHLY' },
          },
        ]
      : [];
    const necessity = kind === 'expense' ? (values.necessity as 'NEED' | 'WANT') : undefined;
    return done(addFlow(kind, { householdId, name: values.name ?? '', flows, necessity }));
  }

  return (
    <div className="mt-6 space-y-6">
      {error && <Callout title={error} color="rose" role="alert" />}
      <div className="grid grid-cols-1 gap-6 md:grid-cols-3">
        <MonthlyCard
          title={`Monthly in (${view.currency})`}
          value={showMoney(summary.inflow.monthly)}
          testId="monthly-inflow"
          color="emerald"
        />
        <MonthlyCard
          title="Monthly out"
          value={showMoney(summary.outflow.monthly)}
          testId="monthly-outflow"
          color="rose"
        />
        <MonthlyCard title="Monthly net" value={showMoney(summary.net.monthly)} testId="monthly-net" color="blue" />
      </div>
      {(summary.irregularCount > 0 ||
        Number(summary.oneTime.inflow.value) > 0 ||
        Number(summary.oneTime.outflow.value) > 0) && (
        <Text data-testid="outside-run-rate">
          Not in the monthly figures: one-time money in {showMoney(summary.oneTime.inflow)} and out{' '}
          {showMoney(summary.oneTime.outflow)}
          {summary.irregularCount > 0 && `, and ${summary.irregularCount} flow(s) of varied or other frequency`}.
        </Text>
      )}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card data-testid="needs-wants-chart">
          <Title>Needs and wants (monthly)</Title>
          {Number(summary.needs.monthly.value) +
            Number(summary.wants.monthly.value) +
            Number(summary.unclassified.monthly.value) ===
          0 ? (
            <Text className="mt-2" data-testid="needs-wants-chart-empty">
              {can('FINANCIALS_WRITE')
                ? 'No expenses yet: add an expense below, or link a bank to categorize its spending.'
                : 'No expenses yet.'}
            </Text>
          ) : (
            <DonutChart
              className="mt-6 h-56"
              data={[
                { kind: 'Needs', amount: chartValue(summary.needs.monthly) },
                { kind: 'Wants', amount: chartValue(summary.wants.monthly) },
                { kind: 'Other outflows', amount: chartValue(summary.unclassified.monthly) },
              ].filter((entry) => entry.amount > 0)}
              index="kind"
              category="amount"
              colors={['blue', 'amber', 'slate']}
              valueFormatter={chartDollars}
              noDataText="No outflows"
            />
          )}
          <Text className="mt-4">
            Needs {showMoney(summary.needs.monthly)} · Wants {showMoney(summary.wants.monthly)} · Other{' '}
            {showMoney(summary.unclassified.monthly)}
          </Text>
        </Card>
        <Card data-testid="category-chart">
          <Title>Spending by category (monthly)</Title>
          {outflowCategories.length === 0 ? (
            <Text className="mt-2" data-testid="category-chart-empty">
              {can('FINANCIALS_WRITE')
                ? 'No spending by category yet: expenses added below appear here by category.'
                : 'No spending by category yet.'}
            </Text>
          ) : (
            <BarChart
              className="mt-6 h-56"
              data={outflowCategories.map((entry) => ({ category: entry.label, Monthly: chartValue(entry.monthly) }))}
              index="category"
              categories={['Monthly']}
              colors={['violet']}
              layout="vertical"
              yAxisWidth={120}
              valueFormatter={chartDollars}
              showLegend={false}
              noDataText="No outflows"
            />
          )}
        </Card>
      </div>

      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Title>Incomes and expenses</Title>
          {canWrite && (
            <div className="flex gap-2">
              <Button size="xs" onClick={() => setForm({ kind: 'income' })} data-testid="add-income">
                {addIncomeForm.title}
              </Button>
              <Button
                size="xs"
                variant="secondary"
                onClick={() => setForm({ kind: 'expense' })}
                data-testid="add-expense"
              >
                {addExpenseForm.title}
              </Button>
            </div>
          )}
        </div>
        {view.sources.length === 0 && (
          <Text className="mt-2">
            {canWrite
              ? 'No incomes or expenses yet. Add the household’s salaries, pensions and regular bills with Add Income and Add Expense.'
              : 'No incomes or expenses yet.'}
          </Text>
        )}
        <ul className="mt-4 divide-y divide-tremor-border" data-testid="cash-flow-sources">
          {view.sources.map((source) => (
            <li key={source.id} className="py-3" data-testid={`source-${source.id}`}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-tremor-default font-medium text-tremor-content-strong">{source.name}</span>
                <Badge size="xs" color={source.direction === 'INFLOW' ? 'emerald' : 'rose'}>
                  {enumLabel('CashFlowType', source.type)}
                </Badge>
                {source.necessity && <Badge size="xs">{NECESSITY_LABELS[source.necessity]}</Badge>}
                <span className="ml-auto flex gap-2">
                  {canWrite && (
                    <Button
                      size="xs"
                      variant="secondary"
                      onClick={() => setForm({ kind: 'editSource', source })}
                      data-testid="edit-source"
                    >
                      Edit
                    </Button>
                  )}
                  {canDelete && (
                    <Button
                      size="xs"
                      variant="light"
                      color="rose"
                      onClick={() => setForm({ kind: 'deleteSource', source })}
                      data-testid="delete-source"
                    >
                      Delete
                    </Button>
                  )}
                </span>
              </div>
              <ul className="mt-1 space-y-0.5 text-tremor-label text-tremor-content">
                {source.flows.map((flow) => (
                  <li key={flow.id}>
                    {flow.name}: {showOwnMoney(flow.amount, view.currency)}{' '}
                    {enumLabel('PaymentFrequency', flow.frequency.common).toLowerCase()}
                    {flow.monthly && ` · ${showOwnMoney(flow.monthly, view.currency)} a month`}
                    {flow.status === 'INACTIVE' && ' · inactive'}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Card>

      <Card>
        <Title>Recurring streams</Title>
        {view.streams.length === 0 && <Text className="mt-2">No recurring streams found yet.</Text>}
        <ul className="mt-4 divide-y divide-tremor-border" data-testid="streams">
          {view.streams.map((stream) => (
            <li key={stream.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <div className="flex items-center gap-2">
                  <span className="text-tremor-default font-medium text-tremor-content-strong">{stream.name}</span>
                  <Badge size="xs" color={stream.confirmedAt ? 'emerald' : 'gray'}>
                    {stream.confirmedAt ? 'Confirmed' : 'To confirm'}
                  </Badge>
                </div>
                <Text>
                  {stream.category ? `${stream.category.primaryLabel}: ${stream.category.label}` : 'Uncategorised'}
                  {stream.monthly && ` · ${showOwnMoney(stream.monthly, view.currency)} a month`}
                </Text>
              </div>
              <div className="flex flex-wrap gap-2">
                {canWrite && (
                  <>
                    {!stream.confirmedAt && (
                      <Button size="xs" variant="secondary" onClick={() => act(() => confirmStream(stream.id))}>
                        Confirm
                      </Button>
                    )}
                    <Button size="xs" variant="secondary" onClick={() => setForm({ kind: 'rename', stream })}>
                      {renameStreamForm.title}
                    </Button>
                    <Button size="xs" variant="secondary" onClick={() => setForm({ kind: 'categorize', stream })}>
                      Categorize
                    </Button>
                  </>
                )}
                {canDelete && (
                  <Button size="xs" variant="light" color="rose" onClick={() => setForm({ kind: 'delete', stream })}>
                    {deleteStreamForm.title}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </Card>

      {(form?.kind === 'income' || form?.kind === 'expense') && (
        <SpecForm
          definition={form.kind === 'income' ? addIncomeForm : addExpenseForm}
          extraFields={flowFields(form.kind, view.currency)}
          errorPaths={FLOW_ERROR_PATHS}
          onSubmit={(values) => submitFlow(form.kind, values)}
          onClose={() => setForm(undefined)}
          testId={`${form.kind}-form`}
        />
      )}
      {form?.kind === 'editSource' && (
        <FlowSourceForm
          source={form.source}
          currency={view.currency}
          onSaved={() => {
            setForm(undefined);
            onChanged();
          }}
          onClose={() => setForm(undefined)}
        />
      )}
      {form?.kind === 'deleteSource' && (
        <ConfirmDialog
          title={`Delete ${form.source.name}?`}
          testId="delete-source-dialog"
          confirmLabel={form.source.direction === 'INFLOW' ? 'Delete income' : 'Delete expense'}
          action={() => deleteFlowSource(form.source.id)}
          onDone={() => {
            setForm(undefined);
            onChanged();
          }}
          onClose={() => setForm(undefined)}
        >
          {deleteSourceConsequence(form.source)}
        </ConfirmDialog>
      )}
      {form?.kind === 'rename' && (
        <SpecForm
          definition={renameStreamForm}
          initial={{ name: form.stream.name }}
          onSubmit={(values) => done(renameStream(form.stream.id, values.name ?? ''))}
          onClose={() => setForm(undefined)}
          testId="rename-stream-form"
        />
      )}
      {form?.kind === 'categorize' && (
        <SpecForm
          definition={categorizeStreamForm}
          initial={form.stream.category ? { category: form.stream.category.id } : {}}
          options={{ categories: CATEGORY_OPTIONS }}
          onSubmit={(values) => done(categorizeStream(form.stream.id, values.category ?? ''))}
          onClose={() => setForm(undefined)}
          testId="categorize-stream-form"
        />
      )}
      {form?.kind === 'delete' && (
        <SpecForm
          definition={deleteStreamForm}
          description={`Delete the stream ${form.stream.name}? It no longer counts in the household's cash flow.`}
          onSubmit={() => done(deleteStream(form.stream.id))}
          onClose={() => setForm(undefined)}
          testId="delete-stream-form"
        />
      )}
    </div>
  );
}
