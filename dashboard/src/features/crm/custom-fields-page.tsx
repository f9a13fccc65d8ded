import { useCallback } from 'react';
import { Badge, Callout, Card } from '@tremor/react';
import {
  createCustomFieldSchema,
  type CustomFieldType,
  enumerationOptions,
  enumLabel,
  isSelectType,
} from '@meridian/domain';
import { archiveCustomField, createCustomField, listCustomFields } from '../../api';
import { InputField, SelectInput } from '../../components/fields';
import { LoadingState } from '../../components/full-page-status';
import { useResource } from '../../hooks/use-resource';
import { useCan } from '../platform/auth/use-can';
import { GridForm, SubmitCell } from './record-form';
import { RecordRow, SmallButton } from './record-list';
import { useAction, useAddForm } from './use-form';

/**
 * The organization's custom fields (crm §3: types and entity kinds): everyone reads them; the roles
 * that manage the organization define and archive them.
 */
export default function CustomFieldsPage() {
  const canManage = useCan()('ORGANIZATION_MANAGE');
  const load = useCallback((signal: AbortSignal) => listCustomFields(undefined, signal), []);
  const fields = useResource(load);
  const action = useAction();
  const initial = { entityKind: 'CONTACT', type: 'TEXT', name: '', options: '' };
  const form = useAddForm(initial, ['entityKind', 'type', 'name', 'options'], {
    schema: createCustomFieldSchema,
    send: createCustomField,
    onAdded: () => fields.reload(),
    body: (values) => ({
      entityKind: values.entityKind,
      type: values.type,
      name: values.name,
      ...(isSelectType(values.type as CustomFieldType)
        ? {
            options: values.options
              .split(',')
              .map((option) => option.trim())
              .filter(Boolean),
          }
        : {}),
    }),
  });

  return (
    <section className="space-y-4" data-testid="custom-fields-page">
      <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Custom fields</h1>
      {!canManage && (
        <p className="text-tremor-default text-tremor-content" data-testid="custom-fields-read-only">
          The fields your organization keeps on contacts and households. An administrator defines and archives them.
        </p>
      )}
      {canManage && (
        <Card>
          <GridForm
            label="New custom field"
            columns="grid-cols-1 sm:grid-cols-5"
            form={form}
            onSubmit={form.onSubmit}
            errorTestId="custom-field-error"
            footer={<SubmitCell label="Add field" pending={form.pending} />}
          >
            <SelectInput
              label="For"
              {...form.field('entityKind')}
              options={enumerationOptions('CustomFieldEntityKind')}
              testId="custom-field-kind"
            />
            <SelectInput
              label="Type"
              {...form.field('type')}
              options={enumerationOptions('CustomFieldType')}
              testId="custom-field-type"
            />
            <InputField label="Name" {...form.field('name')} testId="custom-field-name" required />
            {isSelectType(form.values.type as CustomFieldType) && (
              <InputField
                label="Options"
                hint="Comma-separated"
                {...form.field('options')}
                testId="custom-field-options"
                required
              />
            )}
          </GridForm>
        </Card>
      )}
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
                  canManage && (
                    <SmallButton
                      onClick={async () => {
                        await action.run(() => archiveCustomField(field.id));
                        fields.reload();
                      }}
                    >
                      Archive
                    </SmallButton>
                  )
                }
              >
                <Badge size="xs" color="slate">
                  {enumLabel('CustomFieldEntityKind', field.entityKind)}
                </Badge>
                <span className="font-medium">{field.name}</span>
                <span className="text-tremor-content">
                  {enumLabel('CustomFieldType', field.type)}
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
