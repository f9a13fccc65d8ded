/**
 * How long a requested booking holds its time before it is confirmed, in minutes. A request
 * (`POST /meetings/request`) takes its slot at once, so two clients cannot both ask for it; but a
 * client who closes the page before confirming must not keep an advisor's time blocked for good.
 * Fifteen minutes is a generous time to read a page and press Confirm (the confirmation follows the
 * request within seconds when nothing goes wrong), and short enough that a slot abandoned in the
 * morning is offered again the same morning. After it the request no longer counts as busy; it can
 * still be confirmed while its time is free, and is refused once someone else has taken it.
 */
export const BOOKING_HOLD_MINUTES = 15;

/** The instant before which a request still unconfirmed at `now` no longer holds its slot. */
export function bookingHoldCutoff(now: Date): Date {
  return new Date(now.getTime() - BOOKING_HOLD_MINUTES * 60_000);
}

/** True when a request made at `requestedAt` and not confirmed still holds its slot at `now`. */
export function holdsSlot(requestedAt: Date, now: Date): boolean {
  return requestedAt.getTime() > bookingHoldCutoff(now).getTime();
}
