/**
 * A booking's e-mails and their links, over HTTP against the real database: the confirmation in
 * the outbox with a calendar invite of the slot, moving and cancelling by the signed links (the
 * old time freed, one of two clients moving into one slot at once, nothing changed inside the
 * notice), and a request left unconfirmed past its hold no longer holding its slot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_HOLD_MINUTES, BookingMessage } from '@meridian/domain';
import { call } from '#test/support/http.js';
import { addUser } from '#test/support/factories.js';
import { apiClient, expectNotFound, type ApiCall, type Body } from '#test/support/crm-api.js';
import { changedTables, installChangeCounter, type ChangeCounter } from '#test/support/change-counter.js';
import { startWithTwoFirms, type TwoFirms } from '#test/support/two-firms.js';

const DAY_MS = 24 * 60 * 60 * 1000;

let world: TwoFirms;
let counter: ChangeCounter;
let asAdmin: ApiCall;
let teamA: string;
/** Cancellation notice of a day. */
let discovery: string;

let clients = 0;
/** A client address of its own (the API believes the loopback proxy's X-Forwarded-For), so limits start at zero. */
function newClient(): string {
  clients += 1;
  return `203.0.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
}

function visitor(client = newClient()): ApiCall {
  return (method, path, body) =>
    call<Body>(world.api.baseUrl, method, path, { body, headers: { 'x-forwarded-for': client } });
}

async function template(title: string, minimumCancellationNotice: number): Promise<string> {
  const response = await asAdmin('POST', '/api/meetings/template', {
    teamId: teamA,
    title,
    message: 'A first talk about your plans',
    duration: 30,
    availableDaysInFuture: 30,
    openingHours: [{ days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '23:59' }],
    minimumNotice: 0,
    minimumCancellationNotice,
    timeZone: 'America/Toronto',
  });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

async function startsOn(configId: string, days: number): Promise<string[]> {
  const from = new Date(Date.now() + days * DAY_MS);
  from.setUTCMinutes(0, 0, 0);
  const until = new Date(from.getTime() + DAY_MS);
  const response = await visitor()(
    'GET',
    `/api/meetings/booking/${configId}/slots?from=${from.toISOString()}&until=${until.toISOString()}`,
  );
  expect(response.status).toBe(200);
  return (response.body.slots as { start: string }[]).map((slot) => slot.start);
}

/** Requests and confirms `start` for `email`; the booking id. */
async function book(configId: string, start: string, email: string): Promise<string> {
  const client = visitor();
  const requested = await client('POST', '/api/meetings/request', { configId, start, name: 'Robin Client', email });
  expect(requested.status, JSON.stringify(requested.body)).toBe(201);
  const bookingId = requested.body.bookingId as string;
  const confirmed = await client('PATCH', '/api/meetings/confirm', { bookingId, configId, isReschedule: false });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return bookingId;
}

interface SentEmail {
  subject: string;
  textBody: string;
  attachments: { filename: string; contentType: string; content: string }[];
}

/** The e-mails written to `email`, oldest first. */
async function emailsTo(email: string): Promise<SentEmail[]> {
  const rows = await world.prisma.outboxEmail.findMany({
    where: { toAddress: email },
    orderBy: { createdAt: 'asc' },
    select: { subject: true, textBody: true, attachments: true },
  });
  return rows.map((row) => ({ ...row, attachments: (row.attachments ?? []) as unknown as SentEmail['attachments'] }));
}

/** The tokens of an e-mail's links. */
function tokensOf(email: SentEmail): { reschedule: string; cancel: string } {
  const reschedule = /[?&]reschedule=([\w-]+\.[\w-]+)/.exec(email.textBody)?.[1];
  const cancel = /[?&]cancel=([\w-]+\.[\w-]+)/.exec(email.textBody)?.[1];
  expect(reschedule).toBeDefined();
  expect(cancel).toBeDefined();
  return { reschedule: reschedule!, cancel: cancel! };
}

/** An instant as iCalendar writes it in UTC: 20261201T150000Z. */
function icsTime(iso: string): string {
  return `${iso.slice(0, 19).replaceAll('-', '').replaceAll(':', '')}Z`;
}

/** A property of the invite, with its folded lines joined. */
function icsLines(content: string): string[] {
  return content.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
}

beforeAll(async () => {
  world = await startWithTwoFirms();
  const [north] = world.firms;
  teamA = north.teamId;
  asAdmin = apiClient(world.api.baseUrl, north.token);
  await addUser(world.prisma, north, 'ADVISOR');
  discovery = await template('Discovery call', 1440);
  counter = await installChangeCounter(world.api.databaseUrl);
});
afterAll(async () => {
  await counter?.close();
  await world?.close();
});

describe('the confirmation e-mail', () => {
  it('goes to the client through the outbox with an invite of the slot and links to move or cancel it', async () => {
    const [start] = await startsOn(discovery, 3);
    const bookingId = await book(discovery, start!, 'ics@example.com');
    const [email, ...others] = await emailsTo('ics@example.com');
    expect(others).toEqual([]);
    expect(email!.subject).toMatch(/^Your meeting with North Wealth is confirmed: /);
    expect(email!.attachments).toHaveLength(1);
    const [invite] = email!.attachments;
    expect(invite!.filename).toBe('invite.ics');
    expect(invite!.contentType).toContain('text/calendar');
    const lines = icsLines(invite!.content);
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain(`DTSTART:${icsTime(start!)}`);
    expect(lines).toContain(`DTEND:${icsTime(new Date(Date.parse(start!) + 30 * 60_000).toISOString())}`);
    expect(lines).toContain(`UID:${bookingId}@meridian`);
    expect(lines).toContain('SEQUENCE:0');
    tokensOf(email!);
  });

  it('is not written again when a confirmation is repeated', async () => {
    const [start] = await startsOn(discovery, 4);
    const bookingId = await book(discovery, start!, 'twice@example.com');
    const again = await visitor()('PATCH', '/api/meetings/confirm', { bookingId, configId: discovery });
    expect(again.status).toBe(200);
    expect(await emailsTo('twice@example.com')).toHaveLength(1);
  });
});

describe('a booking’s links', () => {
  it('show the booking: what, when, confirmed, and changeable until the notice', async () => {
    const [start] = await startsOn(discovery, 5);
    await book(discovery, start!, 'view@example.com');
    const [email] = await emailsTo('view@example.com');
    const { reschedule, cancel } = tokensOf(email!);
    const shown = await visitor()('GET', `/api/meetings/booking-links/${reschedule}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      configId: discovery,
      title: 'Discovery call',
      firmName: 'North Wealth',
      teamName: 'Factory team',
      start,
      end: new Date(Date.parse(start!) + 30 * 60_000).toISOString(),
      duration: 30,
      timeZone: 'America/Toronto',
      timeZoneLabel: 'Toronto',
      status: 'CONFIRMED',
      changeable: true,
      changeableUntil: new Date(Date.parse(start!) - DAY_MS).toISOString(),
      mayReschedule: true,
      mayCancel: true,
    });
    const byCancelLink = await visitor()('GET', `/api/meetings/booking-links/${cancel}`);
    expect(byCancelLink.body).toMatchObject({ mayReschedule: false, mayCancel: true });
  });

  it('move the meeting to a free slot, freeing the old one, with an invite of the same UID and a higher SEQUENCE', async () => {
    const [first, , second] = await startsOn(discovery, 6);
    const bookingId = await book(discovery, first!, 'move@example.com');
    const { reschedule } = tokensOf((await emailsTo('move@example.com'))[0]!);
    expect(await startsOn(discovery, 6)).not.toContain(first);

    const moved = await visitor()('PATCH', `/api/meetings/booking-links/${reschedule}/reschedule`, { start: second });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ start: second, status: 'CONFIRMED', changeable: true });

    const free = await startsOn(discovery, 6);
    expect(free).toContain(first);
    expect(free).not.toContain(second);
    const meetings = await world.prisma.meeting.findMany({ where: { bookingId }, orderBy: { requestedAt: 'asc' } });
    expect(meetings.map((meeting) => [meeting.startTime.toISOString(), meeting.cancelledAt !== null])).toEqual([
      [first, true],
      [second, false],
    ]);
    expect(meetings[1]!.confirmedAt).not.toBeNull();
    const participants = await world.prisma.meetingParticipant.findMany({ where: { meetingId: meetings[1]!.id } });
    expect(participants.map((participant) => participant.email).sort()).toContain('move@example.com');

    const emails = await emailsTo('move@example.com');
    expect(emails).toHaveLength(2);
    expect(emails[1]!.subject).toMatch(/has moved/);
    const lines = icsLines(emails[1]!.attachments[0]!.content);
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain(`UID:${bookingId}@meridian`);
    expect(lines).toContain(`DTSTART:${icsTime(second!)}`);
    const sequence = Number(lines.find((line) => line.startsWith('SEQUENCE:'))!.slice('SEQUENCE:'.length));
    expect(sequence).toBeGreaterThan(0);

    // The first e-mail's link reaches the booking's new time.
    const shown = await visitor()('GET', `/api/meetings/booking-links/${reschedule}`);
    expect(shown.body).toMatchObject({ start: second, status: 'CONFIRMED' });
  });

  it('cancel the meeting, freeing its slot, with a METHOD:CANCEL invite; cancelling again changes nothing', async () => {
    const [start] = await startsOn(discovery, 7);
    const bookingId = await book(discovery, start!, 'cancel@example.com');
    const { cancel } = tokensOf((await emailsTo('cancel@example.com'))[0]!);
    const cancelled = await visitor()('PATCH', `/api/meetings/booking-links/${cancel}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ start, status: 'CANCELLED', changeable: false, mayCancel: false });
    expect(await startsOn(discovery, 7)).toContain(start);
    const meeting = await world.prisma.meeting.findFirstOrThrow({ where: { bookingId } });
    expect(meeting.cancelledAt).not.toBeNull();
    const emails = await emailsTo('cancel@example.com');
    expect(emails).toHaveLength(2);
    const lines = icsLines(emails[1]!.attachments[0]!.content);
    expect(lines).toContain('METHOD:CANCEL');
    expect(lines).toContain(`UID:${bookingId}@meridian`);
    expect(lines).toContain('STATUS:CANCELLED');

    const before = await counter.read();
    const again = await visitor()('PATCH', `/api/meetings/booking-links/${cancel}/cancel`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(cancelled.body);
    expect(changedTables(before, await counter.read())).toEqual({});
    // A cancelled booking cannot be moved back by its other link.
    const { reschedule } = tokensOf(emails[0]!);
    const [later] = await startsOn(discovery, 8);
    const refused = await visitor()('PATCH', `/api/meetings/booking-links/${reschedule}/reschedule`, { start: later });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(BookingMessage.cancelled);
  });

  it('refuse to move or cancel inside the notice, changing nothing (409)', async () => {
    const soon = await visitor()('GET', `/api/meetings/booking/${discovery}/slots`);
    const start = (soon.body.slots as { start: string }[]).find(
      (slot) => Date.parse(slot.start) > Date.now() + 5 * 60 * 1000,
    )!.start;
    expect(Date.parse(start) - Date.now()).toBeLessThan(DAY_MS);
    await book(discovery, start, 'late@example.com');
    const { reschedule, cancel } = tokensOf((await emailsTo('late@example.com'))[0]!);
    const shown = await visitor()('GET', `/api/meetings/booking-links/${cancel}`);
    expect(shown.body).toMatchObject({ status: 'CONFIRMED', changeable: false, mayCancel: false });

    const [later] = await startsOn(discovery, 9);
    const before = await counter.read();
    for (const refused of [
      await visitor()('PATCH', `/api/meetings/booking-links/${cancel}/cancel`),
      await visitor()('PATCH', `/api/meetings/booking-links/${reschedule}/reschedule`, { start: later }),
    ]) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'CONFLICT',
        message: 'This meeting can no longer be changed online; please contact your advisor',
      });
    }
    expect(changedTables(before, await counter.read())).toEqual({});
  });

  it('give one of two clients moving into the same slot at once the slot, and tell the other it is gone', async () => {
    const [a, b, , target] = await startsOn(discovery, 10);
    await book(discovery, a!, 'race-a@example.com');
    await book(discovery, b!, 'race-b@example.com');
    const tokenA = tokensOf((await emailsTo('race-a@example.com'))[0]!).reschedule;
    const tokenB = tokensOf((await emailsTo('race-b@example.com'))[0]!).reschedule;
    const answers = await Promise.all([
      visitor()('PATCH', `/api/meetings/booking-links/${tokenA}/reschedule`, { start: target }),
      visitor()('PATCH', `/api/meetings/booking-links/${tokenB}/reschedule`, { start: target }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(BookingMessage.slotTaken);
    expect(await world.prisma.meeting.count({ where: { startTime: new Date(target!), cancelledAt: null } })).toBe(1);
  });

  it('are refused alike (404) when altered, unknown, or used for what they do not allow', async () => {
    const [start, other] = await startsOn(discovery, 11);
    await book(discovery, start!, 'forged@example.com');
    const { reschedule, cancel } = tokensOf((await emailsTo('forged@example.com'))[0]!);
    const [payload, signature] = reschedule.split('.');
    const altered = `${payload}.${signature!.slice(0, -2)}AA`;
    const before = await counter.read();
    expectNotFound(await visitor()('GET', `/api/meetings/booking-links/${altered}`), 'Booking');
    expectNotFound(await visitor()('GET', `/api/meetings/booking-links/${payload}x.${signature}`), 'Booking');
    expect((await visitor()('GET', `/api/meetings/booking-links/${cancel}.y`)).status).toBe(400);
    expectNotFound(
      await visitor()('PATCH', `/api/meetings/booking-links/${cancel}/reschedule`, { start: other }),
      'Booking',
    );
    expect(changedTables(before, await counter.read())).toEqual({});
  });
});

describe('a request left unconfirmed', () => {
  it(`holds its slot for ${BOOKING_HOLD_MINUTES} minutes; then the slot is offered again, and the late confirmation refused once it is taken`, async () => {
    const [start] = await startsOn(discovery, 12);
    const late = visitor();
    const requested = await late('POST', '/api/meetings/request', {
      configId: discovery,
      start,
      name: 'Slow Client',
      email: 'slow@example.com',
    });
    expect(requested.status).toBe(201);
    expect(await startsOn(discovery, 12)).not.toContain(start);

    // The request was made a minute more than the hold ago.
    await world.prisma.meeting.updateMany({
      where: { bookingId: requested.body.bookingId as string },
      data: { requestedAt: new Date(Date.now() - (BOOKING_HOLD_MINUTES + 1) * 60_000) },
    });
    expect(await startsOn(discovery, 12)).toContain(start);
    const taken = await book(discovery, start!, 'quick@example.com');
    expect(taken).toBeTruthy();

    const refused = await late('PATCH', '/api/meetings/confirm', {
      bookingId: requested.body.bookingId,
      configId: discovery,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(BookingMessage.slotTaken);
    expect(await emailsTo('slow@example.com')).toEqual([]);
  });

  it('past its hold, is still confirmed while its time is free', async () => {
    const [start] = await startsOn(discovery, 13);
    const client = visitor();
    const requested = await client('POST', '/api/meetings/request', {
      configId: discovery,
      start,
      name: 'Slow Client',
      email: 'slow-free@example.com',
    });
    await world.prisma.meeting.updateMany({
      where: { bookingId: requested.body.bookingId as string },
      data: { requestedAt: new Date(Date.now() - (BOOKING_HOLD_MINUTES + 1) * 60_000) },
    });
    const confirmed = await client('PATCH', '/api/meetings/confirm', {
      bookingId: requested.body.bookingId,
      configId: discovery,
    });
    expect(confirmed.status).toBe(200);
    expect(await startsOn(discovery, 13)).not.toContain(start);
  });
});
