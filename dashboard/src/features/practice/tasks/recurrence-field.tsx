import { useId } from 'react';
import { describeTaskRecurrence, parseTaskRecurrence } from '@meridian/domain';
import { InputField, SelectInput } from '../../../components/fields';

/** The repeat choices a person makes most; anything else is a custom RFC 5545 rule. */
const PRESETS = [
  { value: '', label: 'Does not repeat' },
  { value: 'FREQ=WEEKLY', label: 'Every week' },
  { value: 'FREQ=MONTHLY', label: 'Every month' },
  { value: 'FREQ=YEARLY', label: 'Every year' },
  { value: 'custom', label: 'Custom rule…' },
] as const;

/** The rule line of a stored recurrence (`DTSTART:…` then `RRULE:FREQ=YEARLY`): `FREQ=YEARLY`. */
export function ruleOf(stored: string | null): string {
  if (!stored) return '';
  const line = stored
    .split(/\r?\n/)
    .map((item) => item.trim())
    .find((item) => /^(RRULE:)?FREQ=/i.test(item));
  return (line ?? '').replace(/^RRULE:/i, '');
}

/** The recurrence in words for a rule and the series' first due date, or why it cannot be read. */
function inWords(rule: string, dueDate: string): { text?: string; error?: string } {
  if (!rule) return { text: 'Does not repeat' };
  if (!dueDate) return { error: 'A recurring task needs a due date' };
  const check = parseTaskRecurrence(rule, new Date(`${dueDate}T00:00:00Z`));
  if (!check.ok) return { error: check.message };
  return { text: describeTaskRecurrence(check.rule) };
}

/**
 * How a task repeats: none, weekly, monthly, yearly, or a custom rule typed as RFC 5545
 * (`FREQ=MONTHLY;INTERVAL=3`), always shown back in words.
 */
export function RecurrenceField({
  rule,
  custom,
  dueDate,
  onChange,
  error,
  testId,
}: {
  rule: string;
  /** Whether the custom box is open (a preset rule may still be typed there). */
  custom: boolean;
  dueDate: string;
  onChange: (rule: string, custom: boolean) => void;
  error?: string | undefined;
  testId: string;
}) {
  const id = useId();
  const preset = custom || !PRESETS.some((item) => item.value === rule) ? 'custom' : rule;
  const words = inWords(rule, dueDate);
  const message = error ?? words.error;
  return (
    <div className="space-y-2">
      <SelectInput
        id={`${id}-preset`}
        label="Repeats"
        value={preset}
        options={PRESETS}
        onChange={(value) => (value === 'custom' ? onChange(rule, true) : onChange(value, false))}
        testId={`${testId}-preset`}
      />
      {preset === 'custom' && (
        <InputField
          id={`${id}-rule`}
          label="Repeat rule"
          value={rule}
          onChange={(value) => onChange(value, true)}
          placeholder="FREQ=MONTHLY;INTERVAL=3"
          hint="An iCalendar rule, as calendars write them."
          testId={`${testId}-rule`}
        />
      )}
      {message ? (
        <p className="text-tremor-label text-red-600" data-testid={`${testId}-error`}>
          {message}
        </p>
      ) : (
        // A preset's name already says it in words; a custom rule is read back.
        preset === 'custom' &&
        rule && (
          <p className="text-tremor-label text-tremor-content" data-testid={`${testId}-words`}>
            {words.text}
          </p>
        )
      )}
    </div>
  );
}
