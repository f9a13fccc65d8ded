import { useId, useMemo, useState } from 'react';
import { Button, Card } from '@tremor/react';
import { Weekday, WEEKDAY_LABELS, type MeetingTimeZone } from '@meridian/domain';
import { toApiError } from '../../../api';
import { meetingTemplateCalls, type MeetingTemplateView, type TimeZoneOption } from '../../../api/meetings';
import { FieldShell, FormMessages, InputField, SelectInput, controlClass } from '../../../components/fields';
import { SlotPreview } from './slot-preview';
import { bodyOf, checkDraft, type HoursRange, type TemplateDraft } from './template-draft';

/** One weekday's row of the opening-hours grid: open or closed, and its ranges. */
function DayRow({
  day,
  ranges,
  errors,
  onChange,
}: {
  day: Weekday;
  ranges: HoursRange[];
  errors: Record<string, string>;
  onChange: (ranges: HoursRange[]) => void;
}) {
  const id = useId();
  const label = WEEKDAY_LABELS[day];
  const open = ranges.length > 0;
  const set = (index: number, change: Partial<HoursRange>) =>
    onChange(ranges.map((range, at) => (at === index ? { ...range, ...change } : range)));
  return (
    <tr className="align-top" data-testid={`hours-day-${day}`}>
      <th scope="row" className="py-2 pr-3 text-left font-medium">
        <label
          htmlFor={`${id}-open`}
          className="flex items-center gap-2 text-tremor-default text-tremor-content-strong"
        >
          <input
            id={`${id}-open`}
            type="checkbox"
            className="h-4 w-4 rounded border-tremor-border"
            checked={open}
            onChange={(event) => onChange(event.target.checked ? [ranges[0] ?? { start: '09:00', end: '17:00' }] : [])}
            data-testid={`hours-day-${day}-open`}
          />
          {label}
        </label>
      </th>
      <td className="py-2">
        {!open && <span className="text-tremor-default text-tremor-content">Closed</span>}
        <ul className="space-y-2">
          {ranges.map((range, index) => {
            const error = errors[`${day}.${index}`];
            return (
              <li key={index}>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="w-36">
                    <input
                      type="time"
                      aria-label={`${label} opens at`}
                      className={controlClass(Boolean(error))}
                      value={range.start}
                      onChange={(event) => set(index, { start: event.target.value })}
                      data-testid={`hours-day-${day}-start-${index}`}
                    />
                  </span>
                  <span className="text-tremor-default text-tremor-content">to</span>
                  <span className="w-36">
                    <input
                      type="time"
                      aria-label={`${label} closes at`}
                      className={controlClass(Boolean(error))}
                      value={range.end}
                      onChange={(event) => set(index, { end: event.target.value })}
                      data-testid={`hours-day-${day}-end-${index}`}
                    />
                  </span>
                  <button
                    type="button"
                    className="text-tremor-label text-tremor-content hover:text-red-700"
                    onClick={() => onChange(ranges.filter((_, at) => at !== index))}
                    aria-label={`Remove ${label} ${range.start} to ${range.end}`}
                  >
                    Remove
                  </button>
                </div>
                {error && (
                  <p className="mt-1 text-tremor-label text-red-600" data-testid={`hours-day-${day}-error`}>
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        {open && (
          <button
            type="button"
            className="mt-1 text-tremor-label font-medium text-tremor-brand hover:underline"
            onClick={() => onChange([...ranges, { start: '13:00', end: '17:00' }])}
            data-testid={`hours-day-${day}-add`}
          >
            Add hours on {label}
          </button>
        )}
      </td>
    </tr>
  );
}

/**
 * A booking template's form (crm §3, §5 with the form's messages) beside a live preview of the
 * slots it offers. Creates in `teamId`, or edits `editing`.
 */
export function TemplateEditor({
  teamId,
  editing,
  initial,
  timeZones,
  onSaved,
  onCancel,
}: {
  teamId: string;
  editing?: MeetingTemplateView;
  initial: TemplateDraft;
  timeZones: readonly TimeZoneOption[];
  onSaved: (saved: MeetingTemplateView) => void;
  onCancel: () => void;
}) {
  const ids = useId();
  const [draft, setDraft] = useState(initial);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<{ fields: Record<string, string>; form: string[] }>({
    fields: {},
    form: [],
  });
  const check = useMemo(() => checkDraft(draft, teamId), [draft, teamId]);
  const fieldError = (name: string) => (shown ? check.fields[name] : undefined) ?? serverErrors.fields[name];
  const text = (name: keyof Omit<TemplateDraft, 'days' | 'timeZone'>) => ({
    id: `${ids}-${name}`,
    value: draft[name],
    onChange: (value: string) => setDraft((current) => ({ ...current, [name]: value })),
    error: fieldError(name),
    testId: `template-${name}`,
  });

  async function save() {
    setShown(true);
    setServerErrors({ fields: {}, form: [] });
    if (!check.template) return;
    setBusy(true);
    try {
      const saved = editing
        ? await meetingTemplateCalls.edit(editing.id, bodyOf(check.template))
        : await meetingTemplateCalls.create(bodyOf(check.template, teamId));
      onSaved(saved);
    } catch (failure) {
      const error = toApiError(failure);
      const fields = error.fieldErrors();
      const known = Object.keys(draft);
      setServerErrors({
        fields,
        form: Object.keys(fields).some((path) => known.includes(path)) ? [] : [error.message],
      });
      setBusy(false);
    }
  }

  return (
    <Card className="p-5" data-testid="template-editor">
      <h2 className="text-tremor-title font-semibold text-tremor-content-strong">
        {editing ? `Edit “${editing.title}”` : 'New booking template'}
      </h2>
      <form
        noValidate
        className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="space-y-4">
          <InputField label="Title" required {...text('title')} />
          <FieldShell
            id={`${ids}-message`}
            label="Message to clients"
            hint="Shown on the booking page above the times."
            error={fieldError('message')}
            testId="template-message"
          >
            <textarea
              id={`${ids}-message`}
              rows={3}
              className={controlClass(Boolean(fieldError('message')))}
              value={draft.message}
              onChange={(event) => setDraft((current) => ({ ...current, message: event.target.value }))}
              data-testid="template-message"
            />
          </FieldShell>
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField type="number" label="Duration (minutes)" required {...text('duration')} />
            <InputField
              type="number"
              label="Bookable days ahead"
              hint="1 to 365; today counts as the first."
              required
              {...text('availableDaysInFuture')}
            />
            <SelectInput
              id={`${ids}-timeZone`}
              label="Time zone of the opening hours"
              value={draft.timeZone}
              options={timeZones}
              onChange={(value) => setDraft((current) => ({ ...current, timeZone: value as MeetingTimeZone }))}
              error={fieldError('timeZone')}
              testId="template-timeZone"
              required
            />
            <InputField
              type="number"
              label="Minimum notice (minutes)"
              hint="How long before a meeting it can still be booked."
              required
              {...text('minimumNotice')}
            />
            <InputField type="number" label="Free time before each meeting (minutes)" {...text('beforeBuffer')} />
            <InputField type="number" label="Free time after each meeting (minutes)" {...text('afterBuffer')} />
            <InputField
              type="number"
              label="Cancellation notice (minutes)"
              hint="Inside it, a client can no longer move or cancel online. Empty: any time."
              {...text('minimumCancellationNotice')}
            />
          </div>
          <fieldset>
            <legend className="text-tremor-default font-medium text-tremor-content-strong">
              Opening hours
              <span className="ml-0.5 text-red-600" aria-hidden="true">
                *
              </span>
            </legend>
            {fieldError('openingHours') && (
              <p className="mt-1 text-tremor-label text-red-600" data-testid="template-openingHours-error">
                {fieldError('openingHours')}
              </p>
            )}
            <table className="mt-2 w-full" data-testid="template-hours">
              <tbody className="divide-y divide-tremor-border">
                {Weekday.map((day) => (
                  <DayRow
                    key={day}
                    day={day}
                    ranges={draft.days[day] ?? []}
                    errors={shown ? check.ranges : {}}
                    onChange={(ranges) =>
                      setDraft((current) => ({
                        ...current,
                        days: current.days.map((old, at) => (at === day ? ranges : old)),
                      }))
                    }
                  />
                ))}
              </tbody>
            </table>
          </fieldset>
          <FormMessages messages={serverErrors.form} testId="template-errors" />
          <div className="flex gap-3">
            <Button type="submit" loading={busy} data-testid="template-save">
              {editing ? 'Save changes' : 'Create template'}
            </Button>
            <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          </div>
        </div>
        <div className="lg:border-l lg:border-tremor-border lg:pl-6">
          <SlotPreview template={check.template} />
        </div>
      </form>
    </Card>
  );
}
