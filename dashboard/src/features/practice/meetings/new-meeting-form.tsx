import { useEffect, useId, useMemo, useState } from 'react';
import { Button } from '@tremor/react';
import {
  createMeetingSchema,
  DEFAULT_MEETING_MINUTES,
  MEETING_PARTICIPANT_ROLE_LABELS,
  MEETING_TIME_ZONE_LABELS,
  MEETING_TYPE_LABELS,
  MEETING_TYPES_NEEDING_LOCATION,
  MeetingMessage,
  MeetingTimeZone,
  MeetingType,
  type AvailableParticipant,
  type MeetingView,
} from '@meridian/domain';
import { toApiError } from '../../../api';
import { meetingCalls } from '../../../api/meetings';
import { FieldShell, FormMessages, InputField, SelectInput, controlClass } from '../../../components/fields';
import { useDebounced } from '../../../components/use-debounced';
import { SideDrawer } from '../../financials/side-drawer';
import { useSessionUser } from '../../platform/auth/auth-context';
import { ownTimeZone } from './zoned-time';

/** Types an advisor schedules (a synced meeting comes from a calendar, not from this form). */
const TYPE_OPTIONS = MeetingType.filter((type) => type !== 'SYNC').map((type) => ({
  value: type,
  label: MEETING_TYPE_LABELS[type],
}));
const ZONE_OPTIONS = MeetingTimeZone.map((zone) => ({ value: zone, label: MEETING_TIME_ZONE_LABELS[zone] }));
/** How many people one search shows. */
const SEARCH_LIMIT = 8;

/** "2026-12-03T14:00" of `date` on the reader's clock, for a datetime-local box. */
function localInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The next whole hour on the reader's clock. */
function nextHour(): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate(), now.getHours() + 1);
}

interface Draft {
  title: string;
  type: MeetingType;
  location: string;
  start: string;
  duration: string;
  timeZone: MeetingTimeZone;
  message: string;
  organizer: string;
  participants: AvailableParticipant[];
}

type Errors = { fields: Record<string, string>; form: string[] };
const NO_ERRORS: Errors = { fields: {}, form: [] };

/** The field a message belongs to: `participants.0.email` shows under the participants. */
function fieldOf(path: string): string {
  return path.split('.')[0] ?? path;
}

const FIELDS = [
  'title',
  'type',
  'location',
  'startTime',
  'duration',
  'timeZone',
  'message',
  'organizer',
  'participants',
];

/** The drafted meeting as the create call's body, before the schema reads it. */
function bodyOf(draft: Draft, teamId: string) {
  const start = draft.start ? new Date(draft.start) : undefined;
  const duration = draft.duration.trim() === '' ? undefined : Number(draft.duration);
  const needsLocation = MEETING_TYPES_NEEDING_LOCATION.includes(draft.type);
  return {
    teamId,
    organizer: draft.organizer,
    title: draft.title,
    message: draft.message,
    type: draft.type,
    ...(needsLocation && draft.location.trim() !== '' ? { location: draft.location } : {}),
    startTime: start && !Number.isNaN(start.getTime()) ? start.toISOString() : '',
    ...(duration === undefined ? {} : { duration }),
    timeZone: draft.timeZone,
    participants: draft.participants.map((person) => ({
      email: person.email ?? '',
      name: person.name,
      role: person.role,
      participant: person.id,
    })),
    agendaItems: [],
  };
}

/** The participants' picker: a search over the team's contacts and members, and those chosen. */
function ParticipantPicker({
  teamId,
  chosen,
  error,
  onChange,
}: {
  teamId: string;
  chosen: AvailableParticipant[];
  error: string | undefined;
  onChange: (participants: AvailableParticipant[]) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim(), 250);
  const [found, setFound] = useState<{ for: string; items: AvailableParticipant[]; total: number }>();
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    if (settled === '') return;
    const controller = new AbortController();
    meetingCalls
      .availableParticipants(teamId, { search: settled, limit: SEARCH_LIMIT, page: 1 }, controller.signal)
      .then((page) => {
        setFound({ for: settled, items: page.items, total: page.total });
        setFailure(undefined);
      })
      .catch((reason: unknown) => {
        if (!controller.signal.aborted) setFailure(toApiError(reason).message);
      });
    return () => controller.abort();
  }, [teamId, settled]);
  const shown = settled !== '' && found?.for === settled ? found : undefined;
  const isChosen = (person: AvailableParticipant) => chosen.some((item) => item.id === person.id);

  return (
    <FieldShell
      id={`${id}-search`}
      label="Participants"
      required
      error={error}
      hint="Search the team’s contacts and members by name or e-mail."
      testId="new-meeting-participants"
    >
      {chosen.length > 0 && (
        <ul className="mb-2 space-y-1" data-testid="new-meeting-chosen">
          {chosen.map((person) => (
            <li
              key={person.id}
              className="flex items-center justify-between rounded-tremor-small bg-tremor-background-subtle px-2 py-1 text-tremor-default"
              data-testid="new-meeting-chosen-person"
            >
              <span>
                <span className="font-medium text-tremor-content-strong">{person.name}</span>{' '}
                <span className="text-tremor-content">
                  {person.email} · {MEETING_PARTICIPANT_ROLE_LABELS[person.role]}
                </span>
              </span>
              <button
                type="button"
                className="text-tremor-label text-tremor-content hover:text-red-700"
                onClick={() => onChange(chosen.filter((item) => item.id !== person.id))}
                aria-label={`Remove ${person.name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={`${id}-search`}
        type="search"
        className={controlClass(Boolean(error))}
        value={search}
        placeholder="Name or e-mail"
        onChange={(event) => setSearch(event.target.value)}
        aria-describedby={error ? `${id}-search-error` : undefined}
        data-testid="new-meeting-participant-search"
      />
      {failure && (
        <p className="mt-1 text-tremor-label text-red-600" role="alert">
          {failure}
        </p>
      )}
      {shown && (
        <ul
          className="mt-1 divide-y divide-tremor-border rounded-tremor-default border border-tremor-border"
          aria-label="People found"
          data-testid="new-meeting-found"
        >
          {shown.items.length === 0 && (
            <li className="px-3 py-2 text-tremor-default text-tremor-content">Nobody on this team matches.</li>
          )}
          {shown.items.map((person) => (
            <li key={person.id} className="flex items-center justify-between gap-2 px-3 py-2 text-tremor-default">
              <span>
                <span className="font-medium text-tremor-content-strong">{person.name}</span>{' '}
                <span className="text-tremor-content">
                  {person.email ?? 'no e-mail address'} · {MEETING_PARTICIPANT_ROLE_LABELS[person.role]}
                </span>
              </span>
              <Button
                type="button"
                size="xs"
                variant="secondary"
                disabled={person.email === null || isChosen(person)}
                onClick={() => {
                  onChange([...chosen, person]);
                  setSearch('');
                }}
                data-testid="new-meeting-add-person"
                data-person-name={person.name}
              >
                {isChosen(person) ? 'Added' : 'Add'}
              </Button>
            </li>
          ))}
          {shown.total > shown.items.length && (
            <li className="px-3 py-2 text-tremor-label text-tremor-content">
              {shown.total - shown.items.length} more: type more of the name.
            </li>
          )}
        </ul>
      )}
    </FieldShell>
  );
}

/**
 * "New meeting" from the calendar: crm §3's meeting fields (title, type, a location when it
 * happens somewhere, start on the reader's clock, duration, the meeting's time zone, message),
 * its participants from the team's contacts and members, and its organizer, the user by default.
 * crm §5's messages show before anything is sent; the API's own under their fields.
 */
export function NewMeetingForm({
  teamId,
  start,
  onClose,
  onSaved,
}: {
  teamId: string;
  /** The start the form opens with (an empty slot double-clicked); else the next whole hour. */
  start: Date | undefined;
  onClose: () => void;
  onSaved: (meeting: MeetingView) => void;
}) {
  const ids = useId();
  const user = useSessionUser();
  const [members, setMembers] = useState<AvailableParticipant[]>();
  const [draft, setDraft] = useState<Draft>(() => {
    const own = ownTimeZone();
    return {
      title: '',
      type: 'PHONE',
      location: '',
      start: localInputValue(start ?? nextHour()),
      duration: String(DEFAULT_MEETING_MINUTES),
      timeZone: MeetingTimeZone.find((zone) => zone === own) ?? 'America/Toronto',
      message: '',
      organizer: '',
      participants: [],
    };
  });
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  // The team's members, for the organizer: the user by default.
  useEffect(() => {
    const controller = new AbortController();
    meetingCalls
      .availableParticipants(teamId, { role: 'TEAM_MEMBER', limit: 100, page: 1 }, controller.signal)
      .then((page) => {
        setMembers(page.items);
        const me = page.items.find((member) => member.email?.toLowerCase() === user.email.toLowerCase());
        setDraft((current) => (current.organizer ? current : { ...current, organizer: me?.id ?? '' }));
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setErrors({ fields: {}, form: [toApiError(failure).message] });
      });
    return () => controller.abort();
  }, [teamId, user.email]);

  const body = useMemo(() => bodyOf(draft, teamId), [draft, teamId]);
  const checked = useMemo(() => {
    const parsed = createMeetingSchema.safeParse(body);
    const fields: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path.map(String).join('.'));
        if (field) fields[field] ??= issue.message;
      }
    }
    if (body.startTime === '') fields.startTime = MeetingMessage.startTimeRequired;
    return fields;
  }, [body]);
  // The rules' messages show once the user has tried to save; the API's until the next change.
  const fieldError = (field: string) => (tried ? checked[field] : undefined) ?? errors.fields[field];
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors(NO_ERRORS);
  };

  async function save() {
    setTried(true);
    if (Object.keys(checked).length > 0) return;
    setBusy(true);
    try {
      onSaved(await meetingCalls.create(body));
    } catch (failure) {
      const error = toApiError(failure);
      const fields: Record<string, string> = {};
      for (const [path, message] of Object.entries(error.fieldErrors())) fields[fieldOf(path)] ??= message;
      const form =
        error.details.length === 0
          ? [error.message]
          : error.details.filter((detail) => !FIELDS.includes(fieldOf(detail.path))).map((detail) => detail.message);
      setErrors({ fields, form });
      setBusy(false);
    }
  }

  const needsLocation = MEETING_TYPES_NEEDING_LOCATION.includes(draft.type);
  const memberOptions = (members ?? []).map((member) => ({ value: member.id, label: member.name }));

  return (
    <SideDrawer title="New meeting" testId="new-meeting" onClose={onClose}>
      <form
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <InputField
          id={`${ids}-title`}
          label="Title"
          required
          value={draft.title}
          onChange={(value) => set('title', value)}
          error={fieldError('title')}
          testId="new-meeting-title"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectInput
            id={`${ids}-type`}
            label="Type"
            required
            value={draft.type}
            options={TYPE_OPTIONS}
            onChange={(value) => set('type', value as MeetingType)}
            error={fieldError('type')}
            testId="new-meeting-type"
          />
          {needsLocation && (
            <InputField
              id={`${ids}-location`}
              label="Location"
              required
              value={draft.location}
              onChange={(value) => set('location', value)}
              error={fieldError('location')}
              testId="new-meeting-location"
            />
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <FieldShell
            id={`${ids}-start`}
            label="Start"
            required
            error={fieldError('startTime')}
            hint="On your own clock."
            testId="new-meeting-start"
            className="sm:col-span-2"
          >
            <input
              id={`${ids}-start`}
              type="datetime-local"
              className={controlClass(Boolean(fieldError('startTime')))}
              value={draft.start}
              onChange={(event) => set('start', event.target.value)}
              aria-invalid={Boolean(fieldError('startTime'))}
              data-testid="new-meeting-start"
            />
          </FieldShell>
          <InputField
            id={`${ids}-duration`}
            type="number"
            label="Duration (minutes)"
            required
            value={draft.duration}
            onChange={(value) => set('duration', value)}
            error={fieldError('duration')}
            testId="new-meeting-duration"
          />
        </div>
        <SelectInput
          id={`${ids}-zone`}
          label="Time zone of the meeting"
          hint="The zone its invitations are written in."
          value={draft.timeZone}
          options={ZONE_OPTIONS}
          onChange={(value) => set('timeZone', value as MeetingTimeZone)}
          error={fieldError('timeZone')}
          testId="new-meeting-timeZone"
        />
        <FieldShell
          id={`${ids}-message`}
          label="Message to participants"
          required
          error={fieldError('message')}
          testId="new-meeting-message"
        >
          <textarea
            id={`${ids}-message`}
            rows={3}
            className={controlClass(Boolean(fieldError('message')))}
            value={draft.message}
            onChange={(event) => set('message', event.target.value)}
            aria-invalid={Boolean(fieldError('message'))}
            data-testid="new-meeting-message"
          />
        </FieldShell>
        <ParticipantPicker
          teamId={teamId}
          chosen={draft.participants}
          error={fieldError('participants')}
          onChange={(participants) => set('participants', participants)}
        />
        <SelectInput
          id={`${ids}-organizer`}
          label="Organizer"
          hint="Takes part in the meeting and owns it."
          required
          value={draft.organizer}
          options={memberOptions}
          emptyLabel={members ? 'Choose a team member' : 'Loading the team…'}
          onChange={(value) => set('organizer', value)}
          error={fieldError('organizer')}
          testId="new-meeting-organizer"
        />
        <FormMessages messages={errors.form} testId="new-meeting-errors" />
        <div className="flex gap-3">
          <Button type="submit" loading={busy} data-testid="new-meeting-save">
            Schedule meeting
          </Button>
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
        </div>
      </form>
    </SideDrawer>
  );
}
