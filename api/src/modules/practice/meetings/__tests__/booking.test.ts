import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingMessage, MeetingMessage } from '@meridian/domain';
import { call } from '#test/support/http.js';
import { addUser } from '#test/support/factories.js';
import { createContact } from '#test/support/crm-factories.js';
import { apiClient, expectInvalid, expectNotFound, type ApiCall, type Body } from '#test/support/crm-api.js';
import { changedTables, installChangeCounter, type ChangeCounter } from '#test/support/change-counter.js';
import { startWithTwoFirms, type TwoFirms } from '#test/support/two-firms.js';
import { BOOKING_LIMITS } from '../booking-throttle.js';

const DAY_MS = 24 * 60 * 60 * 1000;

let world: TwoFirms;
let counter: ChangeCounter;
let asAdmin: ApiCall;
let teamA: string;
/** The templates' ids, each a booking page's id while no provider configuration exists. */
let discovery: string;
let review: string;
let flooded: string;
let advisorMemberId: string;

let clients = 0;
/** A client address of its own (the API believes the loopback proxy's X-Forwarded-For), so limits start at zero. */
function newClient(): string {
  clients += 1;
  return `198.51.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
}

/** A visitor of the public pages, without a token, from `client`. */
function visitor(client = newClient()): ApiCall {
  return (method, path, body) =>
    call<Body>(world.api.baseUrl, method, path, { body, headers: { 'x-forwarded-for': client } });
}

/** A template of team A open every day, all day, in Toronto: 30-minute slots, no buffers. */
async function template(title: string): Promise<string> {
  const response = await asAdmin('POST', '/api/meetings/template', {
    teamId: teamA,
    title,
    message: 'A first talk about your plans',
    duration: 30,
    availableDaysInFuture: 30,
    openingHours: [{ days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '23:59' }],
    minimumNotice: 0,
    minimumCancellationNotice: 1440,
    timeZone: 'America/Toronto',
  });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

/** The page's free slot starts over one day, `days` from now. */
async function startsOn(configId: string, days: number, client = visitor()): Promise<string[]> {
  const from = new Date(Date.now() + days * DAY_MS);
  from.setUTCMinutes(0, 0, 0);
  const until = new Date(from.getTime() + DAY_MS);
  const response = await client(
    'GET',
    `/api/meetings/booking/${configId}/slots?from=${from.toISOString()}&until=${until.toISOString()}`,
  );
  expect(response.status).toBe(200);
  return (response.body.slots as { start: string }[]).map((slot) => slot.start);
}

function booking(configId: string, start: string, overrides: Record<string, unknown> = {}) {
  return { configId, start, name: 'Robin Client', email: 'robin@example.com', ...overrides };
}

beforeAll(async () => {
  world = await startWithTwoFirms();
  const [north] = world.firms;
  teamA = north.teamId;
  asAdmin = apiClient(world.api.baseUrl, north.token);
  // The firm's admin joined first; the advisor who joins after still hosts the bookings.
  const advisor = await addUser(world.prisma, north, 'ADVISOR');
  advisorMemberId = (await world.prisma.teamMember.findFirstOrThrow({ where: { userId: advisor.userId } })).id;
  await createContact(world.prisma, north, {
    firstName: 'Dana',
    lastName: 'Client',
    emails: ['Dana.Client@Example.com'],
  });
  discovery = await template('Discovery call');
  review = await template('Annual review');
  flooded = await template('Popular call');
  counter = await installChangeCounter(world.api.databaseUrl);
});
afterAll(async () => {
  await counter?.close();
  await world?.close();
});

describe('a public booking page', () => {
  it('shows what is booked, the firm, the team and the zone, to anyone', async () => {
    const page = await visitor()('GET', `/api/meetings/booking/${discovery}`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      configId: discovery,
      title: 'Discovery call',
      message: 'A first talk about your plans',
      duration: 30,
      firmName: 'North Wealth',
      teamName: 'Factory team',
      timeZone: 'America/Toronto',
      timeZoneLabel: 'Toronto',
      availableDaysInFuture: 30,
      minimumCancellationNotice: 1440,
    });
  });

  it('answers 404 alike for an unknown page id, whatever its shape', async () => {
    const client = visitor();
    expectNotFound(await client('GET', '/api/meetings/booking/meeting_template-AAAAAAAAAAAAAAAAAAAAA'), 'Booking page');
    expectNotFound(await client('GET', '/api/meetings/booking/not-a-config'), 'Booking page');
    expectNotFound(await client('GET', '/api/meetings/booking/not-a-config/slots'), 'Booking page');
  });

  it('lists the free slots of a day: every half hour, 30 minutes long, in order', async () => {
    const client = visitor();
    const from = new Date(Date.now() + 3 * DAY_MS);
    from.setUTCMinutes(0, 0, 0);
    const until = new Date(from.getTime() + DAY_MS);
    const response = await client(
      'GET',
      `/api/meetings/booking/${discovery}/slots?from=${from.toISOString()}&until=${until.toISOString()}`,
    );
    expect(response.status).toBe(200);
    const slots = response.body.slots as { start: string; end: string }[];
    // 48 half hours a day, less the one that would run past 23:59 (47), give or take a clock change.
    expect(slots.length).toBeGreaterThanOrEqual(45);
    for (const slot of slots) {
      expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(30 * 60 * 1000);
      expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(from.getTime());
      expect(Date.parse(slot.start)).toBeLessThan(until.getTime());
    }
    expect(slots.map((slot) => slot.start)).toEqual([...slots.map((slot) => slot.start)].sort());
    expect(response.body).toMatchObject({ configId: discovery, timeZone: 'America/Toronto', duration: 30 });
  });

  it('refuses a slot range that is backwards, too long or unreadable (400)', async () => {
    const client = visitor();
    const path = `/api/meetings/booking/${discovery}/slots`;
    const now = Date.now();
    const at = (offset: number) => new Date(now + offset).toISOString();
    expectInvalid(
      await client('GET', `${path}?from=${at(DAY_MS)}&until=${at(0)}`),
      'until',
      BookingMessage.rangeBackwards,
    );
    expectInvalid(
      await client('GET', `${path}?from=${at(0)}&until=${at(40 * DAY_MS)}`),
      'until',
      'Please choose a range of at most 31 days',
    );
    expectInvalid(await client('GET', `${path}?from=tomorrow`), 'from', 'Please enter a valid date and time');
  });
});

describe('requesting a slot', () => {
  it('books a free slot for the next visitor to see gone, with the advisor and the matching contact', async () => {
    const [start, next] = await startsOn(discovery, 4);
    const before = await counter.read();
    const response = await visitor()(
      'POST',
      '/api/meetings/request',
      booking(discovery, start!, { name: 'Dana Client', email: 'dana.client@example.com', timeZone: 'Europe/Paris' }),
    );
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      bookingId: expect.stringMatching(/^booking-[A-Za-z0-9_-]{21}$/),
      configId: discovery,
      start,
      end: new Date(Date.parse(start!) + 30 * 60 * 1000).toISOString(),
      timeZone: 'America/Toronto',
      eventId: null,
      confirmedAt: null,
    });
    expect(changedTables(before, await counter.read())).toEqual({
      meetings: 1,
      meeting_participants: 2,
      audit_logs: 1,
    });

    const later = await startsOn(discovery, 4);
    expect(later).not.toContain(start);
    expect(later).toContain(next);

    const meeting = await world.prisma.meeting.findFirstOrThrow({
      where: { bookingId: response.body.bookingId },
      include: { participants: { orderBy: { role: 'asc' } } },
    });
    expect(meeting).toMatchObject({
      teamId: teamA,
      templateId: discovery,
      organizerTeamMemberId: advisorMemberId,
      title: 'Discovery call with Dana Client',
      durationMinutes: 30,
      timeZone: 'America/Toronto',
      configId: discovery,
      confirmedAt: null,
      cancelledAt: null,
    });
    expect(meeting.startTime.toISOString()).toBe(start);
    const contact = await world.prisma.contactEmail.findFirstOrThrow({ where: { email: 'Dana.Client@Example.com' } });
    expect(
      meeting.participants.map(({ role, email, contactId, teamMemberId }) => ({
        role,
        email,
        contactId,
        teamMemberId,
      })),
    ).toEqual([
      { role: 'CONTACT', email: 'dana.client@example.com', contactId: contact.contactId, teamMemberId: null },
      {
        role: 'TEAM_MEMBER',
        email: expect.stringMatching(/^advisor-/),
        contactId: null,
        teamMemberId: advisorMemberId,
      },
    ]);
    const [audit] = await world.prisma.auditLog.findMany({ where: { entityId: meeting.id } });
    expect(audit).toMatchObject({ action: 'CREATE', actorKind: 'SYSTEM', actorId: null });
    expect(audit!.after).toMatchObject({
      bookedBy: { name: 'Dana Client', email: 'dana.client@example.com', timeZone: 'Europe/Paris' },
    });
  });

  it('adds a client no contact matches as an outside guest', async () => {
    const [start] = await startsOn(discovery, 5);
    const response = await visitor()('POST', '/api/meetings/request', booking(discovery, start!));
    expect(response.status).toBe(201);
    const guest = await world.prisma.meetingParticipant.findFirstOrThrow({
      where: { meeting: { bookingId: response.body.bookingId }, email: 'robin@example.com' },
    });
    expect(guest).toMatchObject({ role: 'EXTERNAL', name: 'Robin Client', contactId: null, teamMemberId: null });
  });

  it('gives one of two clients asking for the same slot at once the slot, and tells the other it is gone', async () => {
    const [start] = await startsOn(discovery, 6);
    const before = await counter.read();
    const answers = await Promise.all([
      visitor()('POST', '/api/meetings/request', booking(discovery, start!, { email: 'first@example.com' })),
      visitor()('POST', '/api/meetings/request', booking(discovery, start!, { email: 'second@example.com' })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body).toMatchObject({
      code: 'CONFLICT',
      message: 'This time was just booked by someone else; please choose another',
    });
    expect(await world.prisma.meeting.count({ where: { startTime: new Date(start!) } })).toBe(1);
    expect(changedTables(before, await counter.read())).toEqual({
      meetings: 1,
      meeting_participants: 2,
      audit_logs: 1,
    });
  });

  it('shares the team’s calendar between its pages: a slot taken on one is gone on the other', async () => {
    const [start] = await startsOn(discovery, 7);
    expect((await visitor()('POST', '/api/meetings/request', booking(discovery, start!))).status).toBe(201);
    expect(await startsOn(review, 7)).not.toContain(start);
    const taken = await visitor()('POST', '/api/meetings/request', booking(review, start!));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(BookingMessage.slotTaken);
  });

  it('refuses a time the page does not offer, writing nothing (409)', async () => {
    const [start] = await startsOn(discovery, 8);
    const offGrid = new Date(Date.parse(start!) + 7 * 60 * 1000).toISOString();
    const before = await counter.read();
    const client = visitor();
    for (const time of [
      offGrid,
      new Date(Date.now() - DAY_MS).toISOString(),
      new Date(Date.now() + 40 * DAY_MS).toISOString(),
    ]) {
      const response = await client('POST', '/api/meetings/request', booking(discovery, time));
      expect(response.status).toBe(409);
      expect(response.body.message).toBe(
        'This time is not offered on this booking page; please choose one of the times shown',
      );
    }
    expect(changedTables(before, await counter.read())).toEqual({});
  });

  it('answers crm §5’s messages to a request it cannot read (400), writing nothing', async () => {
    const client = visitor();
    const [start] = await startsOn(discovery, 8);
    const before = await counter.read();
    const post = (body: unknown) => client('POST', '/api/meetings/request', body);
    expectInvalid(
      await post(booking(discovery, start!, { email: 'not-an-address' })),
      'email',
      MeetingMessage.participantEmailInvalid,
    );
    expectInvalid(
      await post(booking(discovery, start!, { email: '' })),
      'email',
      MeetingMessage.participantEmailRequired,
    );
    expectInvalid(await post(booking(discovery, start!, { name: ' ' })), 'name', 'Name is required');
    expectInvalid(await post(booking(discovery, start!, { start: undefined })), 'start', 'Start Time is required');
    expectInvalid(await post(booking(discovery, 'next Tuesday')), 'start', 'Start Time is required');
    expectInvalid(
      await post(booking(discovery, start!, { timeZone: 'Mars/Olympus' })),
      'timeZone',
      'Please choose a valid time zone',
    );
    expectInvalid(await post(booking('', start!)), 'configId', 'Configuration is required');
    expect(changedTables(before, await counter.read())).toEqual({});
    expectNotFound(await post(booking('meeting_template-AAAAAAAAAAAAAAAAAAAAA', start!)), 'Booking page');
  });
});

describe('confirming a booking', () => {
  it('confirms once, records the event, and answers the same to a second confirmation without a change', async () => {
    const [start] = await startsOn(discovery, 9);
    const client = visitor();
    const requested = await client('POST', '/api/meetings/request', booking(discovery, start!));
    const bookingId = requested.body.bookingId as string;
    const confirm = { bookingId, configId: discovery, eventId: 'event-1', isReschedule: false };

    const confirmed = await client('PATCH', '/api/meetings/confirm', confirm);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({
      ...requested.body,
      eventId: 'event-1',
      confirmedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const meeting = await world.prisma.meeting.findFirstOrThrow({ where: { bookingId } });
    expect(meeting.confirmedAt?.toISOString()).toBe(confirmed.body.confirmedAt);
    expect(meeting.eventId).toBe('event-1');
    const audit = await world.prisma.auditLog.findMany({
      where: { entityId: meeting.id },
      orderBy: { occurredAt: 'asc' },
    });
    expect(audit.map((entry) => [entry.action, entry.actorKind])).toEqual([
      ['CREATE', 'SYSTEM'],
      ['UPDATE', 'SYSTEM'],
    ]);

    const before = await counter.read();
    const again = await client('PATCH', '/api/meetings/confirm', { ...confirm, eventId: 'event-2' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(confirmed.body);
    expect(changedTables(before, await counter.read())).toEqual({});
  });

  it('answers 404 alike to an unknown booking, one of another page and an unknown page', async () => {
    const [start] = await startsOn(discovery, 9);
    const client = visitor();
    const requested = await client('POST', '/api/meetings/request', booking(discovery, start!));
    const bookingId = requested.body.bookingId as string;
    const before = await counter.read();
    const confirm = (body: Record<string, unknown>) =>
      client('PATCH', '/api/meetings/confirm', { bookingId, configId: discovery, eventId: 'event-x', ...body });
    expectNotFound(await confirm({ bookingId: 'booking-AAAAAAAAAAAAAAAAAAAAA' }), 'Booking');
    expectNotFound(await confirm({ configId: review }), 'Booking');
    expectNotFound(await confirm({ configId: 'meeting_template-AAAAAAAAAAAAAAAAAAAAA' }), 'Booking');
    expectInvalid(await confirm({ bookingId: '' }), 'bookingId', 'Booking is required');
    expectInvalid(await confirm({ isReschedule: 'yes' }), 'isReschedule', 'isReschedule must be true or false');
    expect(changedTables(before, await counter.read())).toEqual({});
  });

  it('moves a booking: the new time is requested under the same id, and confirming it cancels the old one', async () => {
    const [first] = await startsOn(discovery, 10);
    const [second] = await startsOn(discovery, 11);
    const client = visitor();
    const made = await client('POST', '/api/meetings/request', booking(discovery, first!));
    const bookingId = made.body.bookingId as string;
    await client('PATCH', '/api/meetings/confirm', {
      bookingId,
      configId: discovery,
      eventId: 'event-a',
      isReschedule: false,
    });

    const moved = await client(
      'POST',
      '/api/meetings/request',
      booking(discovery, second!, { rescheduleOf: bookingId }),
    );
    expect(moved.status).toBe(201);
    expect(moved.body).toMatchObject({ bookingId, start: second, confirmedAt: null });
    // Until the move is confirmed, the meeting keeps its time.
    expect(await startsOn(discovery, 10)).not.toContain(first);

    const unflagged = await client('PATCH', '/api/meetings/confirm', {
      bookingId,
      configId: discovery,
      eventId: 'event-b',
    });
    expect(unflagged.status).toBe(409);
    expect(unflagged.body.message).toBe(
      'This booking moves an earlier meeting, so it must be confirmed as a reschedule',
    );

    const confirmed = await client('PATCH', '/api/meetings/confirm', {
      bookingId,
      configId: discovery,
      eventId: 'event-b',
      isReschedule: true,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ bookingId, start: second, eventId: 'event-b' });
    const meetings = await world.prisma.meeting.findMany({ where: { bookingId }, orderBy: { requestedAt: 'asc' } });
    expect(
      meetings.map((meeting) => [
        meeting.startTime.toISOString(),
        meeting.cancelledAt !== null,
        meeting.confirmedAt !== null,
      ]),
    ).toEqual([
      [first, true, true],
      [second, false, true],
    ]);
    expect(await startsOn(discovery, 10)).toContain(first);
    expect(await startsOn(discovery, 11)).not.toContain(second);

    const again = await client('PATCH', '/api/meetings/confirm', {
      bookingId,
      configId: discovery,
      eventId: 'event-b',
      isReschedule: true,
    });
    expect(again.body).toEqual(confirmed.body);
  });

  it('moves a booking onto its own time (its meetings are not busy for it), one request at a time', async () => {
    const [first, second] = await startsOn(review, 12);
    const client = visitor();
    const made = await client('POST', '/api/meetings/request', booking(review, first!));
    const bookingId = made.body.bookingId as string;
    await client('PATCH', '/api/meetings/confirm', { bookingId, configId: review, eventId: 'event-c' });
    const ownTime = await client('POST', '/api/meetings/request', booking(review, first!, { rescheduleOf: bookingId }));
    expect(ownTime.status).toBe(201);
    // Another client cannot take that time: the booking still holds it.
    expect((await visitor()('POST', '/api/meetings/request', booking(review, first!))).status).toBe(409);
    // A second move replaces the first one, which was not confirmed.
    const elsewhere = await client(
      'POST',
      '/api/meetings/request',
      booking(review, second!, { rescheduleOf: bookingId }),
    );
    expect(elsewhere.status).toBe(201);
    const live = await world.prisma.meeting.findMany({
      where: { bookingId, cancelledAt: null },
      orderBy: { requestedAt: 'asc' },
    });
    expect(live.map((meeting) => [meeting.startTime.toISOString(), meeting.confirmedAt !== null])).toEqual([
      [first, true],
      [second, false],
    ]);
  });

  it('refuses to move a meeting inside the minimum cancellation notice', async () => {
    const client = visitor();
    const soon = await client('GET', `/api/meetings/booking/${discovery}/slots`);
    // The first slot at least five minutes away, so it is still offered when the request arrives.
    const start = (soon.body.slots as { start: string }[]).find(
      (slot) => Date.parse(slot.start) > Date.now() + 5 * 60 * 1000,
    )!.start;
    expect(Date.parse(start) - Date.now()).toBeLessThan(DAY_MS);
    const made = await client('POST', '/api/meetings/request', booking(discovery, start));
    expect(made.status).toBe(201);
    const [later] = await startsOn(discovery, 13);
    const before = await counter.read();
    const refused = await client(
      'POST',
      '/api/meetings/request',
      booking(discovery, later!, { rescheduleOf: made.body.bookingId }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This meeting starts in less than 1 day and can no longer be moved online; please contact the firm directly',
    );
    expect(changedTables(before, await counter.read())).toEqual({});
  });
});

describe('the limits of the public pages', () => {
  it('refuses a client’s requests past its limit (429 with Retry-After), others still served', async () => {
    const [start] = await startsOn(discovery, 14);
    // A time not offered: each request counts and is refused, writing nothing.
    const offGrid = new Date(Date.parse(start!) + 60 * 1000).toISOString();
    const client = visitor();
    for (let sent = 0; sent < BOOKING_LIMITS.bookingsPerClient.max; sent++) {
      expect((await client('POST', '/api/meetings/request', booking(discovery, offGrid))).status).toBe(409);
    }
    const limited = await client('POST', '/api/meetings/request', booking(discovery, start!));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.body.message).toMatch(/^Too many bookings were sent from this address; try again in \d+ seconds?$/);
    expect(
      (await client('PATCH', '/api/meetings/confirm', { bookingId: 'booking-x', configId: discovery })).status,
    ).toBe(429);
    expect((await visitor()('POST', '/api/meetings/request', booking(discovery, start!))).status).toBe(201);
  });

  it('refuses requests to a page past its limit, from whatever address', async () => {
    const [start] = await startsOn(flooded, 15);
    const offGrid = new Date(Date.parse(start!) + 60 * 1000).toISOString();
    for (let sent = 0; sent < BOOKING_LIMITS.bookingsPerPage.max; sent++) {
      expect((await visitor()('POST', '/api/meetings/request', booking(flooded, offGrid))).status).toBe(409);
    }
    const full = await visitor()('POST', '/api/meetings/request', booking(flooded, start!));
    expect(full.status).toBe(429);
    expect(full.body.message).toMatch(/^This booking page has received too many bookings; try again in \d+ seconds?$/);
    // Another page of the team is not held up.
    const [other] = await startsOn(review, 15);
    expect((await visitor()('POST', '/api/meetings/request', booking(review, other!))).status).toBe(201);
  });

  it('limits how many page reads a client makes', async () => {
    const client = visitor();
    for (let read = 0; read < BOOKING_LIMITS.pageViewsPerClient.max; read++) {
      expect((await client('GET', `/api/meetings/booking/${discovery}`)).status).toBe(200);
    }
    const limited = await client('GET', `/api/meetings/booking/${discovery}/slots`);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many booking pages were opened from this address/);
  });
});
