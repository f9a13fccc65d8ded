import { useCallback, useState } from 'react';
import { Button, Callout, Card, Text, Title } from '@tremor/react';
import { enumerationOptions, type OrganizationSettings } from '@meridian/domain';
import { toApiError } from '../../../api';
import { FieldShell, FormMessages, InputField, SelectInput, controlClass } from '../../../components/fields';
import { Loaded } from '../../../components/loaded';
import { useResource } from '../../../hooks/use-resource';
import { useSessionUser } from '../auth/auth-context';
import { useCan } from '../auth/use-can';
import { settingsApi } from './settings-api';
import { SettingsForm } from './settings-form';

interface Draft {
  legalName: string;
  tradeNames: string;
  nrd: string;
  primaryRegulator: string;
  organizationType: string;
}

function draftOf(settings: OrganizationSettings): Draft {
  return {
    legalName: settings.legalName ?? '',
    tradeNames: settings.tradeNames.join('\n'),
    nrd: settings.nrd ?? '',
    primaryRegulator: settings.primaryRegulator ?? '',
    organizationType: settings.organizationType ?? '',
  };
}

/** Each field is its own call (crm §7): the changed ones are sent, each error shown beside its field. */
const CALLS: { field: keyof Draft; call: string; body: (draft: Draft) => Record<string, unknown> }[] = [
  { field: 'legalName', call: 'set-legal-name', body: (d) => ({ legalName: d.legalName }) },
  {
    field: 'tradeNames',
    call: 'set-trade-names',
    // Blank lines are spacing, not names.
    body: (d) => ({ tradeNames: d.tradeNames.split('\n').filter((line) => line.trim() !== '') }),
  },
  { field: 'nrd', call: 'set-nrd', body: (d) => ({ nrd: d.nrd }) },
  { field: 'primaryRegulator', call: 'set-primary-regulator', body: (d) => ({ primaryRegulator: d.primaryRegulator }) },
  { field: 'organizationType', call: 'set-organization-type', body: (d) => ({ organizationType: d.organizationType }) },
];

function OrganizationForm({ settings, onSaved }: { settings: OrganizationSettings; onSaved: () => void }) {
  const canManage = useCan()('ORGANIZATION_MANAGE');
  const saved = draftOf(settings);
  const [draft, setDraft] = useState<Draft>(saved);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const set = (field: keyof Draft) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setDone(false);
  };

  async function save() {
    setBusy(true);
    setDone(false);
    const nextErrors: Partial<Record<keyof Draft, string>> = {};
    const other: string[] = [];
    for (const { field, call, body } of CALLS) {
      if (draft[field] === saved[field]) continue;
      try {
        await settingsApi.setOrganization(settings.id, call, body(draft));
      } catch (failure) {
        const error = toApiError(failure);
        if (error.details.length > 0) nextErrors[field] = error.details[0]!.message;
        else other.push(error.message);
      }
    }
    setErrors(nextErrors);
    setFormErrors(other);
    setBusy(false);
    setDone(Object.keys(nextErrors).length === 0 && other.length === 0);
    // Some calls may have succeeded even when others failed.
    onSaved();
  }

  const changed = CALLS.some(({ field }) => draft[field] !== saved[field]);
  return (
    <SettingsForm onSave={save}>
      {!canManage && (
        <Callout title="Only an administrator can change these settings" color="gray">
          Ask an administrator of your organization to update them.
        </Callout>
      )}
      <InputField
        id="org-legal-name"
        label="Legal name"
        testId="org-legal-name"
        value={draft.legalName}
        onChange={set('legalName')}
        error={errors.legalName}
        disabled={!canManage}
        required
      />
      <FieldShell
        id="org-trade-names"
        label="Trade names"
        testId="org-trade-names"
        error={errors.tradeNames}
        hint="One per line: the names the firm does business under."
      >
        <textarea
          id="org-trade-names"
          rows={3}
          className={controlClass(errors.tradeNames !== undefined)}
          value={draft.tradeNames}
          onChange={(event) => set('tradeNames')(event.target.value)}
          disabled={!canManage}
          data-testid="org-trade-names"
        />
      </FieldShell>
      <InputField
        id="org-nrd"
        label="NRD number"
        testId="org-nrd"
        value={draft.nrd}
        onChange={set('nrd')}
        error={errors.nrd}
        hint="The firm's National Registration Database number: 3 to 5 digits."
        disabled={!canManage}
      />
      <SelectInput
        id="org-regulator"
        label="Primary regulator"
        testId="org-regulator"
        value={draft.primaryRegulator}
        onChange={set('primaryRegulator')}
        options={enumerationOptions('Regulator')}
        emptyLabel={saved.primaryRegulator ? undefined : 'Choose the regulator'}
        error={errors.primaryRegulator}
        disabled={!canManage}
      />
      <SelectInput
        id="org-type"
        label="Organization type"
        testId="org-type"
        value={draft.organizationType}
        onChange={set('organizationType')}
        options={enumerationOptions('OrganizationType')}
        emptyLabel={saved.organizationType ? undefined : 'Choose the legal form'}
        error={errors.organizationType}
        disabled={!canManage}
      />
      <FormMessages messages={formErrors} testId="org-form-errors" />
      {canManage && (
        <div className="flex items-center gap-3">
          <Button type="submit" loading={busy} disabled={!changed} data-testid="org-save">
            Save changes
          </Button>
          {done && (
            <p role="status" className="text-tremor-default text-emerald-700" data-testid="org-saved">
              Saved.
            </p>
          )}
        </div>
      )}
    </SettingsForm>
  );
}

export default function OrganizationPage() {
  const { organizationId } = useSessionUser();
  const load = useCallback((signal: AbortSignal) => settingsApi.organization(organizationId, signal), [organizationId]);
  const settings = useResource(load);
  return (
    <Card>
      <Title>Organization</Title>
      <Text>The firm's registration details, as they appear on documents and reports.</Text>
      <Loaded resource={settings} what="organization's settings">
        {(data) => <OrganizationForm settings={data} onSaved={settings.reload} />}
      </Loaded>
    </Card>
  );
}
