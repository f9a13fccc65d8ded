import { type FormEvent, useCallback, useId } from 'react';
import { Badge, Button, Callout, Card } from '@tremor/react';
import { createCustomFieldSchema, CustomFieldEntityKind, CustomFieldType, isSelectType } from '@meridian/domain';
import { archiveCustomField, createCustomField, listCustomFields } from '../../api';
import { enumChoices, FormMessages, humanize, InputField, SelectInput } from '../../components/fields';
import { LoadingState } from '../../components/full-page-status';
import { useResource } from '../../hooks/use-resource';
import { RecordRow, SmallButton } from './record-list';
import { useAction, useForm } from './use-form';

/** The organization's custom fields (crm §3: types and entity kinds): define and archive. */
export default function CustomFieldsPage() {
  const id = useId();
  const load = useCallback((signal: AbortSignal) => listCustomFields(undefined, signal), []);
  const fields = useResource(load);
  const action = useAction();
  const form = useForm({ entityKind: 'CONTACT', type: 'TEXT', name: '', options: '' }, [
    'entityKind',
    'type',
    'name',
    'options',
  ]);

  async function define(event: FormEvent) {
    event.preventDefault();
    const select = isSelectType(form.values.type as CustomFieldType);
    const body = {
      entityKind: form.values.entityKind,
      type: form.values.type,
      name: form.values.name,
      ...(select
        ? {
            options: form.values.options
              .split(',')
              .map((option) => option.trim())
              .filter(Boolean),
          }
        : {}),
    };
    const result = await form.submit(body, createCustomFieldSchema, createCustomField);
    if (result) {
      form.reset();
      fields.reload();
    }
  }

  return (
    <section className="space-y-4" data-testid="custom-fields-page">
      <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Custom fields</h1>
      <Card>
        <form
          onSubmit={define}
          noValidate
          className="grid grid-cols-1 items-end gap-3 sm:grid-cols-5"
          aria-label="New custom field"
        >
          <SelectInput
            id={`${id}-kind`}
            label="For"
            value={form.values.entityKind}
            onChange={(v) => form.set('entityKind', v)}
            options={enumChoices(CustomFieldEntityKind)}
            error={form.errors.fields.entityKind}
            testId="custom-field-kind"
          />
          <SelectInput
            id={`${id}-type`}
            label="Type"
            value={form.values.type}
            onChange={(v) => form.set('type', v)}
            options={enumChoices(CustomFieldType, { EXTERNAL_URL: 'External URL' })}
            error={form.errors.fields.type}
            testId="custom-field-type"
          />
          <InputField
            id={`${id}-name`}
            label="Name"
            value={form.values.name}
            onChange={(v) => form.set('name', v)}
            error={form.errors.fields.name}
            testId="custom-field-name"
            required
          />
          {isSelectType(form.values.type as CustomFieldType) && (
            <InputField
              id={`${id}-options`}
              label="Options"
              hint="Comma-separated"
              value={form.values.options}
              onChange={(v) => form.set('options', v)}
              error={form.errors.fields.options}
              testId="custom-field-options"
              required
            />
          )}
          <div className="pb-1">
            <Button type="submit" loading={form.pending}>
              Add field
            </Button>
          </div>
          <FormMessages messages={form.errors.form} testId="custom-field-error" />
        </form>
      </Card>
      {action.error && (
        <Callout color="red" title="The field could not be archived">
          {action.error}
        </Callout>
      )}
      {fields.error && (
        <Callout color="red" title="Custom fields could not be loaded">
          {fields.error.message}
        </Callout>
      )}
      {!fields.data && fields.loading && <LoadingState />}
      {fields.data && (
        <Card>
          <ul className="divide-y divide-tremor-border" data-testid="custom-field-list">
            {fields.data.length === 0 && <li className="py-2 text-tremor-content">No custom field yet.</li>}
            {fields.data.map((field) => (
              <RecordRow
                key={field.id}
                testId="custom-field-row"
                actions={
                  <SmallButton
                    onClick={async () => {
                      await action.run(() => archiveCustomField(field.id));
                      fields.reload();
                    }}
                  >
                    Archive
                  </SmallButton>
                }
              >
                <Badge size="xs" color="slate">
                  {humanize(field.entityKind)}
                </Badge>
                <span className="font-medium">{field.name}</span>
                <span className="text-tremor-content">
                  {humanize(field.type)}
                  {field.options.length > 0 ? ` · ${field.options.join(', ')}` : ''}
                </span>
              </RecordRow>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}
