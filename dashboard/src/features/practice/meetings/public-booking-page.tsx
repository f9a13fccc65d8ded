import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Button, Callout, Card } from '@tremor/react';
import { type ApiError, toApiError } from '../../../api';
import { bookingCalls, type Booking, type BookingPage, type BookingSlots } from '../../../api/meetings';
import { FormMessages, InputField } from '../../../components/fields';
import { usePageTitle } from '../../../hooks/use-page-title';
import {
  formatClock,
  formatDayHeading,
  formatMinutes,
  formatShortDay,
  formatSpan,
  groupByDay,
  ownTimeZone,
} from './zoned-time';

type Slot = BookingSlots['slots'][number];
type Load = { state: 'loading' } | { state: 'ready'; page: BookingPage } | { state: 'refused'; error: ApiError };

/** The most days one slots answer covers (the API's limit). */
const MAX_RANGE_DAYS = 31;
const DAY_MS = 86_400_000;

/** The reader's zone in words ("Eastern Standard Time"), as their browser names it. */
function zoneName(timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-CA', { timeZone, timeZoneName: 'long' })
    .formatToParts(new Date())
    .find((item) => item.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

function Refused({ error }: { error: ApiError }) {
  return (
    <Callout
      title={error.status === 404 ? 'This booking page does not exist' : 'The booking page could not be opened'}
      color="rose"
      role="alert"
      data-testid="booking-refused"
    >
      {error.status === 404 ? 'The link may be out of date. Please ask the firm for a new one.' : error.message}
    </Callout>
  );
}

/** The client's name and e-mail, and the button that books the chosen slot. */
function BookForm({
  page,
  slot,
  timeZone,
  onBooked,
  onTaken,
}: {
  page: BookingPage;
  slot: Slot;
  timeZone: string;
  onBooked: (booking: Booking, name: string) => void;
  onTaken: (message: string) => void;
}) {
  const ids = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string[] }>({ fields: {}, form: [] });

  async function book() {
    setBusy(true);
    setErrors({ fields: {}, form: [] });
    try {
      const requested = await bookingCalls.request({
        configId: page.configId,
        start: slot.start,
        name,
        email,
        timeZone,
      });
      const confirmed = await bookingCalls.confirm({ bookingId: requested.bookingId, configId: page.configId });
      onBooked(confirmed, name);
    } catch (failure) {
      const error = toApiError(failure);
      setBusy(false);
      if (error.status === 409) {
        onTaken(error.message);
        return;
      }
      const fields = error.fieldErrors();
      const shown = ['name', 'email'];
      setErrors({
        fields,
        form: Object.keys(fields).some((path) => shown.includes(path))
          ? error.details.filter((detail) => !shown.includes(detail.path)).map((detail) => detail.message)
          : [error.message],
      });
    }
  }

  return (
    <Card className="p-5" data-testid="booking-form">
      <p className="text-tremor-default text-tremor-content">You chose</p>
      <p className="text-tremor-title font-semibold text-tremor-content-strong" data-testid="booking-chosen">
        {formatSpan(new Date(slot.start), new Date(slot.end), timeZone)}
      </p>
      <form
        className="mt-4 space-y-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void book();
        }}
      >
        <InputField
          id={`${ids}-name`}
          label="Your name"
          required
          value={name}
          onChange={setName}
          error={errors.fields.name}
          testId="booking-name"
        />
        <InputField
          id={`${ids}-email`}
          type="email"
          label="Your e-mail"
          required
          value={email}
          onChange={setEmail}
          error={errors.fields.email}
          testId="booking-email"
        />
        <FormMessages messages={errors.form} testId="booking-errors" />
        <Button type="submit" loading={busy} data-testid="booking-submit">
          Book this time
        </Button>
      </form>
    </Card>
  );
}

/**
 * A booking template's public page (crm §7 Meetings; no login): what is booked, the days with free
 * slots in the client's own time zone, a slot chosen, name and e-mail, then the booking requested
 * and confirmed. A slot taken meanwhile says so and the times are read again.
 */
export default function PublicBookingPage() {
  const { configId = '' } = useParams();
  const timeZone = useMemo(() => ownTimeZone(), []);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [slots, setSlots] = useState<Slot[]>();
  const [slotsError, setSlotsError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [day, setDay] = useState<string>();
  const [chosen, setChosen] = useState<Slot>();
  const [taken, setTaken] = useState<string>();
  const [booked, setBooked] = useState<{ booking: Booking; name: string }>();

  useEffect(() => {
    const controller = new AbortController();
    bookingCalls
      .page(configId, controller.signal)
      .then((page) => setLoad({ state: 'ready', page }))
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'refused', error: toApiError(failure) });
      });
    return () => controller.abort();
  }, [configId]);

  const page = load.state === 'ready' ? load.page : undefined;
  usePageTitle(page?.title);
  // The slots are read a month at a time (the API's longest range); "Show later days" adds a month.
  const [months, setMonths] = useState(1);
  const bookableDays = page ? page.availableDaysInFuture + 1 : 0;
  const readSlots = useCallback(
    (signal: AbortSignal) => {
      if (!page) return;
      const now = Date.now();
      const days = Math.min(bookableDays, months * MAX_RANGE_DAYS);
      const ranges: { from: string; until: string }[] = [];
      for (let start = 0; start < days; start += MAX_RANGE_DAYS) {
        ranges.push({
          from: new Date(now + start * DAY_MS).toISOString(),
          until: new Date(now + Math.min(days, start + MAX_RANGE_DAYS) * DAY_MS).toISOString(),
        });
      }
      Promise.all(ranges.map((range) => bookingCalls.slots(page.configId, range, signal)))
        .then((answers) => {
          setSlots(answers.flatMap((answer) => answer.slots));
          setSlotsError(undefined);
        })
        .catch((failure: unknown) => {
          if (!signal.aborted) setSlotsError(toApiError(failure).message);
        });
    },
    [page, bookableDays, months],
  );
  useEffect(() => {
    const controller = new AbortController();
    readSlots(controller.signal);
    return () => controller.abort();
  }, [readSlots, attempt]);

  const days = useMemo(
    () => (slots ? groupByDay(slots, (slot) => new Date(slot.start), timeZone) : []),
    [slots, timeZone],
  );
  const openDay = days.find((group) => group.key === day) ?? days[0];

  return (
    <main className="min-h-screen bg-tremor-background-muted px-4 py-10" data-testid="public-booking">
      <div className="mx-auto w-full max-w-3xl space-y-6">
        <header className="space-y-2 text-center">
          {page && <p className="text-tremor-default font-medium text-tremor-content">{page.firmName}</p>}
          <h1 className="text-2xl font-semibold text-tremor-content-strong" data-testid="booking-title">
            {page?.title ?? 'Book a meeting'}
          </h1>
          {page && (
            <p className="text-tremor-default text-tremor-content" data-testid="booking-facts">
              {formatMinutes(page.duration)} with {page.teamName}
            </p>
          )}
          {page?.message && (
            <p className="mx-auto max-w-xl whitespace-pre-line text-tremor-default text-tremor-content-emphasis">
              {page.message}
            </p>
          )}
        </header>
        {load.state === 'loading' && (
          <p className="text-center text-tremor-default text-tremor-content" role="status">
            Opening the booking page…
          </p>
        )}
        {load.state === 'refused' && <Refused error={load.error} />}
        {page && booked && (
          <Callout title="Your meeting is booked" color="emerald" data-testid="booking-done">
            Thank you, {booked.name}. {page.teamName} expects you on{' '}
            {formatSpan(new Date(booked.booking.start), new Date(booked.booking.end), timeZone)}. A confirmation is on
            its way to your e-mail.
          </Callout>
        )}
        {page && !booked && (
          <>
            {taken && (
              <Callout title="That time is no longer free" color="amber" role="alert" data-testid="booking-taken">
                <p>{taken}</p>
                <p className="mt-1">The times below are up to date.</p>
              </Callout>
            )}
            <p className="text-center text-tremor-label text-tremor-content" data-testid="booking-zone">
              Times are shown in your time zone: {zoneName(timeZone)}.
            </p>
            {slotsError && (
              <Callout title="The free times could not be read" color="rose" role="alert">
                {slotsError}
              </Callout>
            )}
            {!slots && !slotsError && (
              <p className="text-center text-tremor-default text-tremor-content" role="status">
                Loading the free times…
              </p>
            )}
            {slots && slots.length === 0 && (
              <Card className="p-5 text-center" data-testid="booking-no-slots">
                <p className="text-tremor-default text-tremor-content-strong">No time is free in the coming days.</p>
                <p className="mt-1 text-tremor-default text-tremor-content">Please contact the firm directly.</p>
              </Card>
            )}
            {openDay && (
              <Card className="grid gap-4 p-5 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
                <nav aria-label="Days with free times">
                  <ul className="space-y-1" data-testid="booking-days">
                    {days.map((group) => (
                      <li key={group.key}>
                        <button
                          type="button"
                          onClick={() => {
                            setDay(group.key);
                            setChosen(undefined);
                          }}
                          aria-current={group.key === openDay.key ? 'date' : undefined}
                          className={`flex w-full justify-between rounded-tremor-small px-3 py-2 text-left text-tremor-default ${
                            group.key === openDay.key
                              ? 'bg-tremor-brand-faint font-medium text-tremor-brand-emphasis'
                              : 'text-tremor-content-emphasis hover:bg-tremor-background-subtle'
                          }`}
                          data-testid="booking-day"
                        >
                          <span>{formatShortDay(group.date, timeZone)}</span>
                          <span className="text-tremor-label text-tremor-content">
                            {group.items.length} time{group.items.length === 1 ? '' : 's'}
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                </nav>
                <section aria-label={formatDayHeading(openDay.date, timeZone)}>
                  <h2
                    className="text-tremor-default font-semibold text-tremor-content-strong"
                    data-testid="booking-day-heading"
                  >
                    {formatDayHeading(openDay.date, timeZone)}
                  </h2>
                  <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4" data-testid="booking-slots">
                    {openDay.items.map((slot) => (
                      <li key={slot.start}>
                        <button
                          type="button"
                          onClick={() => setChosen(slot)}
                          aria-pressed={chosen?.start === slot.start}
                          className={`w-full rounded-tremor-default border px-2 py-2 text-tremor-default font-medium ${
                            chosen?.start === slot.start
                              ? 'border-tremor-brand bg-tremor-brand text-white'
                              : 'border-tremor-border text-tremor-brand-emphasis hover:border-tremor-brand'
                          }`}
                          data-testid="booking-slot"
                          data-start={slot.start}
                        >
                          {formatClock(new Date(slot.start), timeZone)}
                        </button>
                      </li>
                    ))}
                  </ul>
                </section>
              </Card>
            )}
            {slots && bookableDays > months * MAX_RANGE_DAYS && (
              <p className="text-center">
                <Button variant="secondary" onClick={() => setMonths((count) => count + 1)} data-testid="booking-later">
                  Show later days
                </Button>
              </p>
            )}
            {chosen && (
              <BookForm
                key={chosen.start}
                page={page}
                slot={chosen}
                timeZone={timeZone}
                onBooked={(booking, name) => setBooked({ booking, name })}
                onTaken={(message) => {
                  setTaken(message);
                  setChosen(undefined);
                  setAttempt((count) => count + 1);
                }}
              />
            )}
          </>
        )}
      </div>
    </main>
  );
}
