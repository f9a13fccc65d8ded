import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button, Callout, Card } from '@tremor/react';
import { type ApiError, toApiError } from '../../../api';
import { bookingLinkCalls, type BookingLinkView, type BookingPage } from '../../../api/meetings';
import { FreeTimes, type Slot } from './booking-slots';
import { formatSpan } from './zoned-time';

/** What the link was e-mailed for: to move the booking (which may also cancel it), or to cancel it. */
export type ManageMode = 'reschedule' | 'cancel';

type Load = { state: 'loading' } | { state: 'ready'; view: BookingLinkView } | { state: 'refused'; error: ApiError };

/** What happened last: moved, cancelled, or refused for good (inside the notice: no retry). */
type Outcome =
  | { kind: 'moved'; view: BookingLinkView }
  | { kind: 'cancelled'; view: BookingLinkView }
  | { kind: 'refused'; message: string };

const STATUS_LABELS: Record<BookingLinkView['status'], string> = {
  REQUESTED: 'Awaiting confirmation',
  CONFIRMED: 'Confirmed',
  CANCELLED: 'Cancelled',
};

/** The booking as it stands: what, with whom, when in the visitor's zone, and its status. */
function CurrentBooking({ view, timeZone }: { view: BookingLinkView; timeZone: string }) {
  return (
    <Card className="p-5" data-testid="manage-current">
      <p className="text-tremor-default text-tremor-content">Your meeting</p>
      <p className="text-tremor-title font-semibold text-tremor-content-strong" data-testid="manage-when">
        {formatSpan(new Date(view.start), new Date(view.end), timeZone)}
      </p>
      <p className="mt-1 text-tremor-default text-tremor-content-emphasis">
        {view.title} with {view.teamName}, {view.firmName}
      </p>
      <p className="mt-2 text-tremor-label font-medium text-tremor-content" data-testid="manage-status">
        {STATUS_LABELS[view.status]}
      </p>
    </Card>
  );
}

function BookAgain({ configId }: { configId: string }) {
  return (
    <Link
      to={`/book/${encodeURIComponent(configId)}`}
      className="font-medium text-tremor-brand hover:underline"
      data-testid="manage-book-again"
    >
      Book a new time
    </Link>
  );
}

/**
 * The public booking page opened by a link of a booking's confirmation e-mail: the booking as it
 * stands in the visitor's own zone, then either the free times to move it to (the booking page's
 * own list) or the cancel, confirmed first. A time taken meanwhile says the API's sentence and the
 * times are read again; a change refused inside the template's cancellation notice says the API's
 * sentence and offers nothing more to try.
 */
export function ManageBooking({
  page,
  token,
  mode,
  timeZone,
}: {
  page: BookingPage;
  token: string;
  mode: ManageMode;
  timeZone: string;
}) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [outcome, setOutcome] = useState<Outcome>();
  const [chosen, setChosen] = useState<Slot>();
  const [attempt, setAttempt] = useState(0);
  const [taken, setTaken] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(mode === 'cancel');

  useEffect(() => {
    const controller = new AbortController();
    bookingLinkCalls
      .view(token, controller.signal)
      .then((view) => setLoad({ state: 'ready', view }))
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'refused', error: toApiError(failure) });
      });
    return () => controller.abort();
  }, [token]);

  /**
   * A 409: the booking read again tells a taken time (still changeable: choose another) from a
   * change no longer allowed (the sentence is final).
   */
  async function refusedWith(error: ApiError) {
    let view: BookingLinkView | undefined;
    try {
      view = await bookingLinkCalls.view(token);
      setLoad({ state: 'ready', view });
    } catch {
      view = undefined;
    }
    if (view && view.changeable && (mode === 'reschedule' ? view.mayReschedule : view.mayCancel)) {
      setTaken(error.message);
      setChosen(undefined);
      setAttempt((count) => count + 1);
    } else {
      setOutcome({ kind: 'refused', message: error.message });
    }
  }

  async function run(action: () => Promise<BookingLinkView>, kind: 'moved' | 'cancelled') {
    setBusy(true);
    setTaken(undefined);
    try {
      const view = await action();
      setLoad({ state: 'ready', view });
      setOutcome({ kind, view });
    } catch (failure) {
      const error = toApiError(failure);
      if (error.status === 409) await refusedWith(error);
      else setOutcome({ kind: 'refused', message: error.message });
    } finally {
      setBusy(false);
    }
  }

  if (load.state === 'loading') {
    return (
      <p className="text-center text-tremor-default text-tremor-content" role="status">
        Reading your booking…
      </p>
    );
  }
  if (load.state === 'refused') {
    return (
      <Callout
        title={load.error.status === 404 ? 'This link does not open a booking' : 'Your booking could not be read'}
        color="rose"
        role="alert"
        data-testid="manage-refused"
      >
        <p>{load.error.message}</p>
        {load.error.status === 404 && (
          <p className="mt-1">
            The link may be out of date. You can <BookAgain configId={page.configId} />.
          </p>
        )}
      </Callout>
    );
  }

  const { view } = load;
  if (outcome?.kind === 'moved') {
    return (
      <Callout title="Your meeting has moved" color="emerald" data-testid="manage-done">
        {view.teamName} now expects you on {formatSpan(new Date(view.start), new Date(view.end), timeZone)}. A new
        invitation is on its way to your e-mail.
      </Callout>
    );
  }
  if (outcome?.kind === 'cancelled' || (view.status === 'CANCELLED' && !outcome)) {
    return (
      <div className="space-y-4">
        <CurrentBooking view={view} timeZone={timeZone} />
        <Callout title="Your meeting is cancelled" color="emerald" data-testid="manage-cancelled">
          {outcome ? 'A cancellation is on its way to your e-mail. ' : ''}
          To meet another time, <BookAgain configId={view.configId} />.
        </Callout>
      </div>
    );
  }

  const allowed = mode === 'reschedule' ? view.mayReschedule : view.mayCancel;
  return (
    <div className="space-y-4">
      <CurrentBooking view={view} timeZone={timeZone} />
      {outcome?.kind === 'refused' && (
        <Callout title="Your meeting was not changed" color="rose" role="alert" data-testid="manage-final">
          {outcome.message}
        </Callout>
      )}
      {!outcome && !view.changeable && (
        <Callout title="Your meeting was not changed" color="amber" role="alert" data-testid="manage-final">
          This meeting can no longer be changed online; please contact your advisor.
        </Callout>
      )}
      {!outcome && view.changeable && !allowed && (
        <Callout title="This link cannot move the meeting" color="amber" data-testid="manage-final">
          Please use the link to choose another time from your confirmation e-mail, or contact your advisor.
        </Callout>
      )}
      {!outcome && allowed && mode === 'reschedule' && !confirmingCancel && (
        <>
          <h2 className="text-center text-tremor-title font-semibold text-tremor-content-strong">Choose a new time</h2>
          {taken && (
            <Callout title="That time is no longer free" color="amber" role="alert" data-testid="manage-taken">
              <p>{taken}</p>
              <p className="mt-1">The times below are up to date.</p>
            </Callout>
          )}
          <FreeTimes page={page} timeZone={timeZone} attempt={attempt} chosen={chosen} onChoose={setChosen} />
          {chosen && (
            <Card className="p-5" data-testid="manage-move">
              <p className="text-tremor-default text-tremor-content">Move your meeting to</p>
              <p className="text-tremor-title font-semibold text-tremor-content-strong" data-testid="manage-chosen">
                {formatSpan(new Date(chosen.start), new Date(chosen.end), timeZone)}
              </p>
              <Button
                className="mt-4"
                loading={busy}
                onClick={() => void run(() => bookingLinkCalls.reschedule(token, chosen.start), 'moved')}
                data-testid="manage-move-submit"
              >
                Move my meeting
              </Button>
            </Card>
          )}
          {view.mayCancel && (
            <p className="text-center text-tremor-default text-tremor-content">
              No time suits you?{' '}
              <button
                type="button"
                className="font-medium text-tremor-brand hover:underline"
                onClick={() => setConfirmingCancel(true)}
                data-testid="manage-cancel-instead"
              >
                Cancel the meeting instead
              </button>
            </p>
          )}
        </>
      )}
      {!outcome && view.mayCancel && confirmingCancel && (
        <Card className="p-5" data-testid="manage-cancel">
          <p className="text-tremor-default font-semibold text-tremor-content-strong">Cancel this meeting?</p>
          <p className="mt-1 text-tremor-default text-tremor-content">
            Its time is freed for others and you receive a cancellation by e-mail. You can book a new time afterwards.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button
              color="rose"
              loading={busy}
              onClick={() => void run(() => bookingLinkCalls.cancel(token), 'cancelled')}
              data-testid="manage-cancel-submit"
            >
              Cancel the meeting
            </Button>
            {mode === 'reschedule' && view.mayReschedule && (
              <Button variant="secondary" onClick={() => setConfirmingCancel(false)} disabled={busy}>
                Choose a new time instead
              </Button>
            )}
          </div>
        </Card>
      )}
    </div>
  );
}
