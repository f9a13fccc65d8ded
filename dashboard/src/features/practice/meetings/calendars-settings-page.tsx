import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Callout, Card } from '@tremor/react';
import { CALENDAR_PROVIDER_LABELS, type CalendarProvider } from '@meridian/domain';
import { getTeam, toApiError } from '../../../api';
import { calendarConnectionCalls } from '../../../api/meetings';
import { FormMessages, InputField } from '../../../components/fields';
import { LoadingState } from '../../../components/full-page-status';
import { useResource } from '../../../hooks/use-resource';
import { useSessionUser } from '../../platform/auth/auth-context';
import { useCan } from '../../platform/auth/use-can';

/** The providers in the order people look for them. */
const PROVIDERS: readonly CalendarProvider[] = ['google', 'microsoft', 'icloud', 'imap', 'virtual-calendar'];

const PROVIDER_HINTS: Readonly<Record<CalendarProvider, string>> = {
  google: 'Gmail and Google Workspace accounts',
  microsoft: 'Outlook, Office 365 and Exchange Online',
  icloud: 'An Apple account, with an app-specific password',
  imap: 'Another e-mail provider’s calendar',
  'virtual-calendar': 'A calendar kept by Meridian, with no outside account',
};

/** What a 409 of the calendar calls means to an advisor: this server has no calendar service set up. */
const NOT_SET_UP =
  'Calendar connections are not set up on this server yet. Ask your firm’s administrator; until then, bookings go into the firm’s own calendar.';

/** Picks a provider and goes to its sign-in (Nylas's hosted authentication), which comes back here. */
function ConnectCalendar({ email: ownEmail }: { email: string }) {
  const ids = useId();
  const [provider, setProvider] = useState<CalendarProvider>('google');
  const [email, setEmail] = useState(ownEmail);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; form: string[] }>({ form: [] });

  async function connect() {
    setBusy(true);
    setErrors({ form: [] });
    try {
      const { url } = await calendarConnectionCalls.authUrl(provider, email);
      window.location.assign(url);
    } catch (failure) {
      const error = toApiError(failure);
      const fields = error.fieldErrors();
      if (fields.email) setErrors({ email: fields.email, form: [] });
      else setErrors({ form: [error.status === 409 ? NOT_SET_UP : error.message] });
      setBusy(false);
    }
  }

  return (
    <Card className="p-5" data-testid="connect-calendar">
      <h2 className="text-tremor-title font-semibold text-tremor-content-strong">Connect calendar</h2>
      <p className="mt-1 text-tremor-default text-tremor-content">
        Bookings then go into your calendar, and its busy times are kept free on your booking pages.
      </p>
      <form
        className="mt-4 space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void connect();
        }}
      >
        <fieldset>
          <legend className="text-tremor-default font-medium text-tremor-content-strong">Calendar provider</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {PROVIDERS.map((value) => (
              <label
                key={value}
                className={`flex cursor-pointer items-start gap-3 rounded-tremor-default border p-3 ${
                  provider === value ? 'border-tremor-brand bg-tremor-brand-faint' : 'border-tremor-border'
                }`}
              >
                <input
                  type="radio"
                  name={`${ids}-provider`}
                  className="mt-1"
                  checked={provider === value}
                  onChange={() => setProvider(value)}
                  data-testid={`calendar-provider-${value}`}
                />
                <span>
                  <span
                    className="block text-tremor-default font-medium text-tremor-content-strong"
                    data-testid="calendar-provider-name"
                  >
                    {CALENDAR_PROVIDER_LABELS[value]}
                  </span>
                  <span className="block text-tremor-label text-tremor-content">{PROVIDER_HINTS[value]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <InputField
          id={`${ids}-email`}
          type="email"
          label="The calendar’s e-mail address"
          value={email}
          onChange={setEmail}
          error={errors.email}
          testId="calendar-email"
          required
        />
        <FormMessages messages={errors.form} testId="calendar-connect-errors" />
        <Button type="submit" loading={busy} data-testid="calendar-connect">
          Connect {CALENDAR_PROVIDER_LABELS[provider]}
        </Button>
      </form>
    </Card>
  );
}

/** The team's connected calendars, as the provider lists them; an expired login says so. */
function ConnectedCalendars({ teamId }: { teamId: string }) {
  const load = useCallback((signal: AbortSignal) => calendarConnectionCalls.ofTeam(teamId, signal), [teamId]);
  const { data, error } = useResource(load);
  return (
    <Card className="p-5" data-testid="connected-calendars">
      <h2 className="text-tremor-title font-semibold text-tremor-content-strong">Connected calendars</h2>
      {error && (
        <p className="mt-2 text-tremor-default text-tremor-content" data-testid="connected-calendars-error">
          {error.status === 409 ? NOT_SET_UP : error.message}
        </p>
      )}
      {!data && !error && <LoadingState />}
      {data && data.connections.length === 0 && (
        <p className="mt-2 text-tremor-default text-tremor-content" data-testid="connected-calendars-empty">
          No calendar is connected yet: bookings go into the firm’s own calendar. Connect one above.
        </p>
      )}
      {data && data.connections.length > 0 && (
        <ul className="mt-3 divide-y divide-tremor-border">
          {data.connections.map((connection) => (
            <li key={connection.connectionId} className="py-3" data-testid="connected-calendar">
              <p className="text-tremor-default font-medium text-tremor-content-strong">
                {connection.email ?? 'An account without an e-mail address'}
                {connection.provider && (
                  <span className="ml-2 font-normal text-tremor-content">
                    {CALENDAR_PROVIDER_LABELS[connection.provider]}
                  </span>
                )}
              </p>
              {connection.problem && (
                <p className="mt-1 text-tremor-label text-amber-700" data-testid="connected-calendar-problem">
                  {connection.problem}
                </p>
              )}
              <ul className="mt-1 flex flex-wrap gap-2">
                {connection.calendars.map((calendar) => (
                  <li
                    key={calendar.id}
                    className="flex items-center gap-1 text-tremor-default text-tremor-content-emphasis"
                  >
                    {calendar.name}
                    {calendar.isPrimary && <Badge color="blue">Primary</Badge>}
                    {calendar.readOnly && <Badge color="gray">Read only</Badge>}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Back from the provider's sign-in with `code` and `state`: the connection is made for the caller. */
function useReturnFromProvider(): { state: 'idle' | 'working' | 'done' | 'failed'; message?: string } {
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  const [result, setResult] = useState<{ state: 'idle' | 'working' | 'done' | 'failed'; message?: string }>({
    state: 'idle',
  });
  const started = useRef(false);
  const code = params.get('code');
  const state = params.get('state');
  useEffect(() => {
    if (!code || !state || started.current) return;
    started.current = true;
    setResult({ state: 'working' });
    void (async () => {
      try {
        const teamId = user.teamIds[0];
        const team = teamId ? await getTeam(teamId) : undefined;
        const owner = team?.members.find((member) => member.userId === user.id);
        if (!owner) throw new Error('You are on no team yet, so no calendar can be connected for you.');
        const answer = await calendarConnectionCalls.connect({ code, state, owner: owner.id, creator: user.id });
        setResult({
          state: 'done',
          message: `${answer.connection.email ?? 'Your calendar'} is ${answer.created ? 'connected' : 'connected again'}.`,
        });
      } catch (failure) {
        setResult({ state: 'failed', message: toApiError(failure).message });
      } finally {
        setParams({}, { replace: true });
      }
    })();
  }, [code, state, user, setParams]);
  return result;
}

/** Settings · Calendars: connect a calendar, and the team's connected ones. */
export default function CalendarsSettingsPage() {
  const user = useSessionUser();
  const canWrite = useCan()('PRACTICE_WRITE');
  const returned = useReturnFromProvider();
  const teamId = user.teamIds[0];
  return (
    <div className="space-y-4" data-testid="calendars-settings">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Calendars</h1>
        <p className="mt-1 text-tremor-default text-tremor-content">
          Your booking pages offer the times your connected calendar shows free.
        </p>
      </div>
      {returned.state === 'working' && <LoadingState label="Connecting your calendar…" />}
      {returned.state === 'done' && (
        <Callout color="emerald" title={returned.message ?? ''} data-testid="calendar-connected" />
      )}
      {returned.state === 'failed' && (
        <Callout color="rose" title="The calendar was not connected" role="alert" data-testid="calendar-connect-failed">
          {returned.message}
        </Callout>
      )}
      {canWrite && <ConnectCalendar email={user.email} />}
      {/* Read again once a connection is made. */}
      {teamId ? (
        <ConnectedCalendars key={returned.state} teamId={teamId} />
      ) : (
        <Callout color="gray" title="You are on no team yet">
          Calendars are connected for a team’s members. Ask your firm’s administrator to add you to one.
        </Callout>
      )}
    </div>
  );
}
