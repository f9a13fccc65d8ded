import type { FormEvent } from 'react';
import { Button } from '@tremor/react';
import {
  createLifeEventSchema,
  enumerationOptions,
  enumLabel,
  lifeEventDateSchema,
  type LifeEventResponse,
  type PersonResponse,
} from '@meridian/domain';
import { controlClass, FieldShell, InputField, SelectInput } from '../../../components/fields';
import { GridForm, SubmitCell } from '../record-form';
import { useForm } from '../use-form';

/** Who an event concerns: '' for the whole household, else a member's person id. */
export type Concerns = string;

const FIELDS = ['category', 'title', 'date', 'description'];

/**
 * Adds a life event: its type, title, date, who it concerns and a description. `send` puts it on
 * the right timeline (making that timeline first when it is the first event there).
 */
export function AddLifeEventForm({
  members,
  send,
}: {
  members: readonly PersonResponse[];
  send: (concerns: Concerns, body: unknown) => Promise<unknown>;
}) {
  const form = useForm({ category: '', title: '', date: '', concerns: '', description: '' }, FIELDS);
  const { values } = form;

  /** Picking a type fills in the title with its label while the title is empty or still the last type's label. */
  function pickType(category: string) {
    const previous = values.category ? enumLabel('LifeEventCategory', values.category) : '';
    const titleFollows = values.title.trim() === '' || values.title === previous;
    form.setValues((current) => ({
      ...current,
      category,
      title: titleFollows && category ? enumLabel('LifeEventCategory', category) : current.title,
    }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = {
      category: values.category || null,
      title: values.title,
      date: values.date,
      description: values.description || null,
    };
    const result = await form.submit(body, createLifeEventSchema, (payload) =>
      send(values.concerns, payload).then(() => true),
    );
    if (result) form.reset();
  }

  const description = form.field('description');
  return (
    <GridForm
      label="Add a life event"
      columns="grid-cols-1 sm:grid-cols-4"
      form={form}
      onSubmit={(event) => void onSubmit(event)}
      errorTestId="add-life-event-error"
      testId="add-life-event-form"
      footer={<SubmitCell label="Add life event" pending={form.pending} />}
    >
      <h3 className="text-tremor-default font-semibold text-tremor-content-strong sm:col-span-4">Add a life event</h3>
      <SelectInput
        label="Type"
        {...form.field('category')}
        onChange={pickType}
        options={enumerationOptions('LifeEventCategory')}
        emptyLabel="Choose a type"
        testId="life-event-type"
      />
      <InputField label="Title" required {...form.field('title')} testId="life-event-title-input" />
      <InputField label="Date" type="date" required {...form.field('date')} testId="life-event-date-input" />
      {members.length > 0 ? (
        <SelectInput
          label="Concerns"
          {...form.field('concerns')}
          options={members.map((member) => ({ value: member.id, label: member.name.display }))}
          emptyLabel="The whole household"
          testId="life-event-concerns"
        />
      ) : (
        <div />
      )}
      <FieldShell
        id={description.id}
        label="Description"
        error={description.error}
        testId="life-event-description"
        className="sm:col-span-3"
      >
        <textarea
          id={description.id}
          rows={2}
          className={controlClass(description.error !== undefined)}
          value={description.value}
          onChange={(event) => description.onChange(event.target.value)}
          data-testid="life-event-description"
        />
      </FieldShell>
    </GridForm>
  );
}

/** Moves an event to another date in place; a date that is not one gets the spec's message. */
export function LifeEventDateForm({
  event,
  send,
  onSaved,
  onCancel,
}: {
  event: LifeEventResponse;
  send: (body: unknown) => Promise<LifeEventResponse>;
  onSaved: (event: LifeEventResponse) => void;
  onCancel: () => void;
}) {
  const form = useForm({ date: event.date }, ['date']);
  async function onSubmit(submitted: FormEvent) {
    submitted.preventDefault();
    const result = await form.submit({ date: form.values.date }, lifeEventDateSchema, send);
    if (result) onSaved(result);
  }
  return (
    <form
      onSubmit={(submitted) => void onSubmit(submitted)}
      noValidate
      className="mt-2 flex flex-wrap items-end gap-2"
      aria-label={`Change the date of ${event.title}`}
      data-testid="life-event-date-form"
    >
      <InputField label="New date" type="date" {...form.field('date')} testId="life-event-new-date" />
      <Button type="submit" size="xs" loading={form.pending}>
        Save date
      </Button>
      <Button type="button" size="xs" variant="secondary" onClick={onCancel} disabled={form.pending}>
        Cancel
      </Button>
      {form.errors.form.length > 0 && (
        <p role="alert" className="w-full text-tremor-label text-red-600" data-testid="life-event-date-form-error">
          {form.errors.form.join(' ')}
        </p>
      )}
    </form>
  );
}
