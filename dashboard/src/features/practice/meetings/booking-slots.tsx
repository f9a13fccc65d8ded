import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Callout, Card } from '@tremor/react';
import { toApiError } from '../../../api';
import { bookingCalls, type BookingPage, type BookingSlots } from '../../../api/meetings';
import { formatClock, formatDayHeading, formatShortDay, groupByDay } from './zoned-time';

export type Slot = BookingSlots['slots'][number];

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

/**
 * A booking page's free times in the visitor's own zone: the days that have some, then the chosen
 * day's starts. Read a month at a time (the API's longest range); "Show later days" adds a month.
 * `attempt` changing reads them again (after a time was taken meanwhile). Booking and moving a
 * booking pick from the same list.
 */
export function FreeTimes({
  page,
  timeZone,
  attempt,
  chosen,
  onChoose,
}: {
  page: BookingPage;
  timeZone: string;
  attempt: number;
  chosen: Slot | undefined;
  onChoose: (slot: Slot | undefined) => void;
}) {
  const [slots, setSlots] = useState<Slot[]>();
  const [slotsError, setSlotsError] = useState<string>();
  const [day, setDay] = useState<string>();
  const [months, setMonths] = useState(1);
  const bookableDays = page.availableDaysInFuture + 1;
  const readSlots = useCallback(
    (signal: AbortSignal) => {
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
    [page.configId, bookableDays, months],
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
    <>
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
                      onChoose(undefined);
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
                    onClick={() => onChoose(slot)}
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
    </>
  );
}
