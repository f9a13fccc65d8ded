import { useEffect, useId, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Button, Callout, Card } from '@tremor/react';
import { type ApiError, toApiError } from '../../../api';
import { bookingCalls, type Booking, type BookingPage } from '../../../api/meetings';
import { FormMessages, InputField } from '../../../components/fields';
import { usePageTitle } from '../../../hooks/use-page-title';
import { FreeTimes, type Slot } from './booking-slots';
import { ManageBooking, type ManageMode } from './manage-booking';
import { formatMinutes, formatSpan, ownTimeZone } from './zoned-time';

type Load = { state: 'loading' } | { state: 'ready'; page: BookingPage } | { state: 'refused'; error: ApiError };

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
 * and confirmed. A slot taken meanwhile says so and the times are read again. Opened by a link of
 * the confirmation e-mail (`?reschedule=` or `?cancel=`), it shows that booking to move or cancel.
 */
export default function PublicBookingPage() {
  const { configId = '' } = useParams();
  // Opened by a link of the confirmation e-mail: `?reschedule=<token>` or `?cancel=<token>`.
  const [search] = useSearchParams();
  const manage = useMemo((): { mode: ManageMode; token: string } | undefined => {
    const reschedule = search.get('reschedule');
    if (reschedule) return { mode: 'reschedule', token: reschedule };
    const cancel = search.get('cancel');
    return cancel ? { mode: 'cancel', token: cancel } : undefined;
  }, [search]);
  const timeZone = useMemo(() => ownTimeZone(), []);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
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
  usePageTitle(
    page ? (manage ? `${manage.mode === 'cancel' ? 'Cancel' : 'Move'}: ${page.title}` : page.title) : undefined,
  );

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
        {page && manage && <ManageBooking page={page} token={manage.token} mode={manage.mode} timeZone={timeZone} />}
        {page && !manage && booked && (
          <Callout title="Your meeting is booked" color="emerald" data-testid="booking-done">
            Thank you, {booked.name}. {page.teamName} expects you on{' '}
            {formatSpan(new Date(booked.booking.start), new Date(booked.booking.end), timeZone)}. A confirmation is on
            its way to your e-mail.
          </Callout>
        )}
        {page && !manage && !booked && (
          <>
            {taken && (
              <Callout title="That time is no longer free" color="amber" role="alert" data-testid="booking-taken">
                <p>{taken}</p>
                <p className="mt-1">The times below are up to date.</p>
              </Callout>
            )}
            <FreeTimes page={page} timeZone={timeZone} attempt={attempt} chosen={chosen} onChoose={setChosen} />
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
