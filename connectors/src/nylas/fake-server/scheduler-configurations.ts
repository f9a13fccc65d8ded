/**
 * The fake Nylas's Scheduler configurations (`/v3/grants/{grant}/scheduling/configurations` and
 * `.../{id}`: list, create, get, update, delete), kept per grant. A configuration is kept as the
 * wire body it was sent (snake_case, as the SDK writes it) with its `id`; an update replaces each
 * top-level object it names (Nylas's PUT replaces nested objects whole). A create or update must
 * name at least one participant with availability, `availability.duration_minutes` and
 * `event_booking.title`, as Nylas requires; otherwise 400.
 */
import { nylasId, requestId } from './payloads.js';
import { type FakeNylasState, invalidRequest, notFound } from './state.js';

/** The operations of these routes, by name (the scope of a fault). */
export const FAKE_SCHEDULER_OPERATIONS = [
  'configurations/list',
  'configurations/create',
  'configurations/get',
  'configurations/update',
  'configurations/delete',
] as const;
export type FakeSchedulerOperation = (typeof FAKE_SCHEDULER_OPERATIONS)[number];

/** A stored configuration: the wire body with its id. */
export type FakeSchedulerConfiguration = Record<string, unknown> & { id: string };

interface SchedulerRequest {
  params: string[];
  body: Record<string, unknown>;
}

interface SchedulerReply {
  status: number;
  body?: unknown;
}

/** How the server declares a route (its own `route` helper). */
export type SchedulerRouteFactory<R> = (
  method: string,
  operation: FakeSchedulerOperation,
  path: string,
  handle: (request: SchedulerRequest) => SchedulerReply,
) => R;

const PATH = '/v3/grants/{grant}/scheduling/configurations';

export class FakeSchedulerConfigurations {
  /** Grant id -> configuration id -> configuration. */
  private readonly byGrant = new Map<string, Map<string, FakeSchedulerConfiguration>>();

  constructor(private readonly state: FakeNylasState) {}

  /** The grant's configurations (a test hook), oldest first. */
  of(grantId: string): FakeSchedulerConfiguration[] {
    return [...(this.byGrant.get(grantId)?.values() ?? [])];
  }

  /** Every configuration of every grant (a test hook). */
  all(): FakeSchedulerConfiguration[] {
    return [...this.byGrant.values()].flatMap((configurations) => [...configurations.values()]);
  }

  routes<R>(route: SchedulerRouteFactory<R>): R[] {
    return [
      route('GET', 'configurations/list', PATH, ({ params }) => ({
        status: 200,
        body: { request_id: requestId(), data: this.of(this.grantIdOf(params)), next_cursor: null },
      })),
      route('POST', 'configurations/create', PATH, ({ params, body }) => {
        const configurations = this.configurationsOf(params);
        checkConfiguration(body);
        const configuration = { ...body, id: nylasId(36) };
        configurations.set(configuration.id, configuration);
        return one(configuration);
      }),
      route('GET', 'configurations/get', `${PATH}/{configuration}`, ({ params }) => one(this.find(params))),
      route('PUT', 'configurations/update', `${PATH}/{configuration}`, ({ params, body }) => {
        const found = this.find(params);
        const updated = { ...found, ...body, id: found.id };
        checkConfiguration(updated);
        this.configurationsOf(params).set(found.id, updated);
        return one(updated);
      }),
      route('DELETE', 'configurations/delete', `${PATH}/{configuration}`, ({ params }) => {
        const found = this.find(params);
        this.configurationsOf(params).delete(found.id);
        return { status: 200, body: { request_id: requestId() } };
      }),
    ];
  }

  private grantIdOf(params: string[]): string {
    const grant = this.state.findGrant(decodeURIComponent(params[0] ?? ''));
    if (grant === undefined) return notFound('Grant');
    return grant.id;
  }

  private configurationsOf(params: string[]): Map<string, FakeSchedulerConfiguration> {
    const grantId = this.grantIdOf(params);
    let configurations = this.byGrant.get(grantId);
    if (configurations === undefined) {
      configurations = new Map();
      this.byGrant.set(grantId, configurations);
    }
    return configurations;
  }

  private find(params: string[]): FakeSchedulerConfiguration {
    const found = this.configurationsOf(params).get(decodeURIComponent(params[1] ?? ''));
    if (found === undefined) return notFound('Configuration');
    return found;
  }
}

function one(configuration: FakeSchedulerConfiguration): SchedulerReply {
  return { status: 200, body: { request_id: requestId(), data: configuration } };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Nylas's own refusals of a configuration that cannot schedule anything. */
function checkConfiguration(body: Record<string, unknown>): void {
  const participants = body.participants;
  if (!Array.isArray(participants) || !participants.some((item) => isObject(item) && isObject(item.availability))) {
    invalidRequest('participants must name at least one participant with availability');
  }
  const availability = body.availability;
  if (!isObject(availability) || typeof availability.duration_minutes !== 'number') {
    invalidRequest('availability.duration_minutes is required');
  }
  const booking = body.event_booking;
  if (!isObject(booking) || typeof booking.title !== 'string' || booking.title === '') {
    invalidRequest('event_booking.title is required');
  }
}
