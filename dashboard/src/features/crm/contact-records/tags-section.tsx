import { codeToWords, tagSchema } from '@meridian/domain';
import { contactCalls } from '../../../api';
import { InputField } from '../../../components/fields';
import { Empty, RecordCard } from '../record-list';
import { useAddForm, useRecordAction } from '../use-form';
import { useCan } from '../../platform/auth/use-can';
import { AddButton, type SectionProps } from './record-section';

export function TagsSection({ contact, onChange }: SectionProps) {
  const action = useRecordAction(onChange);
  const canWrite = useCan()('CRM_WRITE');
  const form = useAddForm({ name: '', type: 'Custom', emoji: '' }, ['name', 'type', 'emoji'], {
    schema: tagSchema,
    send: (body) => contactCalls.addTag(contact.id, body),
    onAdded: onChange,
  });
  return (
    <RecordCard title="Tags" testId="tags" error={action.error}>
      <div className="flex flex-wrap gap-2">
        {contact.tags.length === 0 && <Empty>No tag yet.</Empty>}
        {contact.tags.map((tag) => (
          <span
            key={tag.id}
            className="inline-flex items-center gap-1 rounded-tremor-full bg-tremor-background-subtle px-2 py-0.5 text-tremor-label"
            data-testid="tag-chip"
          >
            {tag.emoji} {tag.name} <span className="text-tremor-content">({codeToWords(tag.type)})</span>
            {canWrite && (
              <button
                type="button"
                aria-label={`Remove tag ${tag.name}`}
                className="ml-1 text-tremor-content hover:text-red-600"
                onClick={() => action.run(() => contactCalls.removeTag(contact.id, { name: tag.name, type: tag.type }))}
              >
                ×
              </button>
            )}
          </span>
        ))}
      </div>
      {canWrite && (
        <form
          onSubmit={form.onSubmit}
          noValidate
          className="grid grid-cols-1 items-end gap-3 sm:grid-cols-4"
          aria-label="Add tag"
        >
          <InputField label="Tag" {...form.field('name')} testId="add-tag-name" />
          <InputField label="Type" {...form.field('type')} testId="add-tag-type" />
          <InputField
            id={`${form.id}-emoji`}
            label="Emoji"
            value={form.values.emoji}
            onChange={(v) => form.set('emoji', v)}
            testId="add-tag-emoji"
          />
          <div className="pb-1">
            <AddButton pending={form.pending} />
          </div>
        </form>
      )}
    </RecordCard>
  );
}
