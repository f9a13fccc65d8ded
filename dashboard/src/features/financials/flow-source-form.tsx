import { useId, useState, type FormEvent } from 'react';
import { Button, Callout } from '@tremor/react';
import {
  CURRENCY_CODES,
  enumerationOptions,
  PaymentFrequency,
  type CashFlowItem,
  type CashFlowView,
  type Necessity,
} from '@meridian/domain';
import { updateFlowSource } from '../../api';
import { controlClass, InputField, SelectInput } from '../../components/fields';
import { useSaveAndClose } from '../../components/use-save-and-close';
import { SideDrawer } from './side-drawer';

type Source = CashFlowView['sources'][number];

interface FlowValues {
  key: string;
  name: string;
  amount: string;
  currency: string;
  frequency: string;
  status: string;
}

const FREQUENCY_OPTIONS = enumerationOptions('PaymentFrequency').filter((option) =>
  (PaymentFrequency as readonly string[]).includes(option.value),
);
const STATUS_OPTIONS = enumerationOptions('FlowStatus');
const NECESSITY_OPTIONS = enumerationOptions('Necessity');

let nextKey = 0;
const newKey = () => `flow-${(nextKey += 1)}`;

/** A typed number goes to the API as a number; anything else as typed, so the API names the problem. */
function numberOrText(text: string): number {
  const trimmed = text.trim();
  return (trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed) as number;
}

/**
 * Edit an income or expense in the side drawer: its name, need or want (expenses), and each of its
 * flows (name, amount, frequency, active or not); flows can be added and removed. The list saved
 * replaces the stored one (PATCH /cash-flow-sources/{id}).
 */
export function FlowSourceForm({
  source,
  currency,
  onSaved,
  onClose,
}: {
  source: Source;
  currency: string;
  onSaved: () => void;
  onClose: () => void;
}) {
  const idPrefix = useId();
  const [name, setName] = useState(source.name);
  const [necessity, setNecessity] = useState<string>(source.necessity ?? '');
  const [flows, setFlows] = useState<FlowValues[]>(() =>
    source.flows.map((flow) => ({
      key: newKey(),
      name: flow.name,
      amount: flow.amount.value,
      currency: flow.amount.currency,
      frequency: flow.frequency.common,
      status: flow.status,
    })),
  );
  const { errors, formError, busy, submit: saveAndClose, clearError } = useSaveAndClose();
  const currencies = [currency, ...CURRENCY_CODES.filter((code) => code !== currency)];
  const isExpense = source.type === 'EXPENSE';
  const kind = source.direction === 'INFLOW' ? 'income' : 'expense';

  const change = (key: string, field: keyof FlowValues, value: string) => {
    setFlows((current) => current.map((flow) => (flow.key === key ? { ...flow, [field]: value } : flow)));
    // The field's message goes once it is changed.
    const index = flows.findIndex((flow) => flow.key === key);
    clearError(`flows.${index}.${field}`);
  };

  const submit = (event: FormEvent) =>
    saveAndClose(event, {
      save: () =>
        updateFlowSource(source.id, {
          name,
          ...(isExpense ? { necessity: necessity as Necessity } : {}),
          flows: flows.map(
            (flow) =>
              ({
                name: flow.name,
                status: flow.status,
                amount: { value: numberOrText(flow.amount), currency: flow.currency },
                frequency: { common: flow.frequency },
              }) as CashFlowItem,
          ),
        }),
      fieldOf: (path) => {
        // 'flows.0.amount.value' belongs to the first flow's amount.
        const [head, index, field] = path.split('.');
        const key = head === 'flows' && index !== undefined ? `flows.${index}.${field ?? 'name'}` : (head ?? '');
        return key === 'name' || key === 'necessity' || key.startsWith('flows.') ? key : undefined;
      },
      then: onSaved,
    });

  return (
    <SideDrawer title={`Edit ${kind}: ${source.name}`} testId="flow-source-form" onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-5">
        {formError && <Callout title={formError} color="rose" role="alert" data-testid="flow-source-form-error" />}
        <InputField
          id={`${idPrefix}-name`}
          label="Name"
          value={name}
          onChange={(value) => {
            setName(value);
            clearError('name');
          }}
          error={errors.name}
          testId="flow-source-name"
          required
        />
        {isExpense && (
          <SelectInput
            id={`${idPrefix}-necessity`}
            label="Need or want"
            value={necessity}
            onChange={setNecessity}
            options={NECESSITY_OPTIONS}
            error={errors.necessity}
            testId="flow-source-necessity"
            required
          />
        )}
        <fieldset className="space-y-4">
          <legend className="text-tremor-default font-medium text-tremor-content-strong">Amounts</legend>
          {flows.length === 0 && (
            <p className="text-tremor-label text-tremor-content">
              No amount yet: add one so the {kind} counts in the monthly figures.
            </p>
          )}
          {flows.map((flow, index) => {
            const id = (field: string) => `${idPrefix}-${flow.key}-${field}`;
            const error = (field: string) => errors[`flows.${index}.${field}`];
            return (
              <div
                key={flow.key}
                className="grid grid-cols-2 gap-3 rounded-tremor-default border border-tremor-border p-3"
                data-testid={`flow-${index}`}
              >
                <InputField
                  id={id('name')}
                  label="Label"
                  value={flow.name}
                  onChange={(value) => change(flow.key, 'name', value)}
                  error={error('name')}
                  testId={`flow-${index}-name`}
                  className="col-span-2"
                />
                <div>
                  <InputField
                    id={id('amount')}
                    label="Amount"
                    value={flow.amount}
                    onChange={(value) => change(flow.key, 'amount', value)}
                    error={error('amount')}
                    testId={`flow-${index}-amount`}
                  />
                </div>
                <div>
                  <label
                    htmlFor={id('currency')}
                    className="block text-tremor-default font-medium text-tremor-content-strong"
                  >
                    Currency
                  </label>
                  <select
                    id={id('currency')}
                    className={`mt-1 ${controlClass(false)}`}
                    value={flow.currency}
                    onChange={(event) => change(flow.key, 'currency', event.target.value)}
                    data-testid={`flow-${index}-currency`}
                  >
                    {currencies.map((code) => (
                      <option key={code} value={code}>
                        {code}
                      </option>
                    ))}
                  </select>
                </div>
                <SelectInput
                  id={id('frequency')}
                  label="Frequency"
                  value={flow.frequency}
                  onChange={(value) => change(flow.key, 'frequency', value)}
                  options={FREQUENCY_OPTIONS}
                  error={error('frequency')}
                  testId={`flow-${index}-frequency`}
                />
                <SelectInput
                  id={id('status')}
                  label="Status"
                  value={flow.status}
                  onChange={(value) => change(flow.key, 'status', value)}
                  options={STATUS_OPTIONS}
                  error={error('status')}
                  testId={`flow-${index}-status`}
                />
                <div className="col-span-2 flex justify-end">
                  <Button
                    type="button"
                    size="xs"
                    variant="light"
                    color="rose"
                    onClick={() => setFlows((current) => current.filter((item) => item.key !== flow.key))}
                  >
                    Remove this amount
                  </Button>
                </div>
              </div>
            );
          })}
          <Button
            type="button"
            size="xs"
            variant="secondary"
            onClick={() =>
              setFlows((current) => [
                ...current,
                { key: newKey(), name, amount: '', currency, frequency: 'MONTHLY', status: 'ACTIVE' },
              ])
            }
            data-testid="add-flow"
          >
            Add an amount
          </Button>
        </fieldset>
        <div className="flex justify-end gap-3 border-t border-tremor-border pt-4">
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} data-testid="flow-source-save">
            Save changes
          </Button>
        </div>
      </form>
    </SideDrawer>
  );
}
