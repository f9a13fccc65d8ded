/**
 * Nylas Scheduler configurations (`/v3/grants/{grant}/scheduling/configurations`): a booking
 * template as a configuration (`schedulerConfigurationOf`, pure), and their create, update and
 * delete through the official SDK, each failure a ConnectorError (`errors.ts` classifies it).
 */
import * as nylasSdk from 'nylas';
import type { CreateConfigurationRequest } from 'nylas';
import { z } from 'zod';
import { ConnectorError } from '../core/errors.js';
import { describeZodIssues } from '../core/record-errors.js';
import { NYLAS_API_URI, type NylasClientOptions } from './client.js';
import { toConnectorError } from './errors.js';

/** The SDK's client class, loaded as client.ts explains (its types read as CommonJS). */
type NylasClass = typeof nylasSdk.default.default;
const loadedDefault: unknown = nylasSdk.default;
const Nylas = (
  typeof loadedDefault === 'function' ? loadedDefault : (loadedDefault as { default: NylasClass }).default
) as NylasClass;
type NylasSdk = InstanceType<typeof Nylas>;

/** What a configuration says, in the SDK's words (it writes them in snake_case). */
export type NylasSchedulerConfiguration = CreateConfigurationRequest;

/** One set of a template's opening hours: weekdays (0 = Sunday) and `HH:mm` on its zone's clock. */
export interface SchedulerOpeningHours {
  days: readonly number[];
  start: string;
  end: string;
}

/** A booking template as the configuration reads it; durations, buffers and notices in minutes. */
export interface SchedulerTemplate {
  title: string;
  message: string | null;
  durationMinutes: number;
  availableDaysInFuture: number;
  beforeBufferMinutes: number;
  afterBufferMinutes: number;
  minimumNoticeMinutes: number;
  minimumCancellationNoticeMinutes: number | null;
  /** IANA zone the opening hours are read in. */
  timeZone: string;
  openingHours: readonly SchedulerOpeningHours[];
}

/** Nylas takes buffers in steps of 5 minutes. */
const BUFFER_STEP = 5;

/** A buffer as Nylas takes it: rounded up to a step of 5, so a booking never gets less room than asked. */
function bufferOf(minutes: number): number {
  return Math.ceil(Math.max(0, minutes) / BUFFER_STEP) * BUFFER_STEP;
}

/** `09:30` -> `9:30`: Nylas writes the hour without its leading zero. */
function nylasTime(time: string): string {
  const [hours = '0', minutes = '00'] = time.split(':');
  return `${Number(hours)}:${minutes}`;
}

/**
 * The configuration of a template whose bookings go to `organizerEmail`'s calendar (the grant's
 * own account): the organizer, available on its primary calendar during the template's opening
 * hours (in its zone), booked into it; the meeting's length and buffers; how far ahead and how
 * soon a client may book (`available_days_in_future`, `min_booking_notice`) and cancel
 * (`min_cancellation_notice`); the event's title and description.
 */
export function schedulerConfigurationOf(
  template: SchedulerTemplate,
  organizerEmail: string,
): NylasSchedulerConfiguration {
  return {
    participants: [
      {
        email: organizerEmail,
        isOrganizer: true,
        timezone: template.timeZone,
        availability: {
          calendarIds: ['primary'],
          openHours: template.openingHours.map((hours) => ({
            days: [...hours.days],
            timezone: template.timeZone,
            start: nylasTime(hours.start),
            end: nylasTime(hours.end),
            exdates: [],
          })),
        },
        booking: { calendarId: 'primary' },
      },
    ],
    availability: {
      durationMinutes: template.durationMinutes,
      availabilityRules: {
        buffer: { before: bufferOf(template.beforeBufferMinutes), after: bufferOf(template.afterBufferMinutes) },
      },
    },
    eventBooking: {
      title: template.title,
      ...(template.message ? { description: template.message } : {}),
      timezone: template.timeZone,
    },
    scheduler: {
      availableDaysInFuture: template.availableDaysInFuture,
      minBookingNotice: template.minimumNoticeMinutes,
      ...(template.minimumCancellationNoticeMinutes === null
        ? {}
        : { minCancellationNotice: template.minimumCancellationNoticeMinutes }),
    },
  };
}

const configurationAnswer = z.object({ data: z.object({ id: z.string().min(1) }).loose() });

/** Scheduler configurations of one application (its API key), on any of its grants. */
export class NylasSchedulerClient {
  private readonly nylas: NylasSdk;

  constructor(options: Omit<NylasClientOptions, 'clientId'>) {
    this.nylas = new Nylas({
      apiKey: options.apiKey,
      apiUri: options.apiUri ?? NYLAS_API_URI,
      timeout: options.timeoutSeconds ?? 30,
    });
  }

  /** Makes the configuration on the grant; answers its id. */
  async createConfiguration(grantId: string, configuration: NylasSchedulerConfiguration): Promise<string> {
    const answer = await this.call('configurations/create', () =>
      this.nylas.scheduler.configurations.create({ identifier: grantId, requestBody: configuration }),
    );
    return configurationIdOf('configurations/create', answer);
  }

  /**
   * Replaces the configuration's settings with `configuration`; `'gone'` when the grant has no such
   * configuration (deleted at Nylas), for the caller to make a new one.
   */
  async updateConfiguration(
    grantId: string,
    configurationId: string,
    configuration: NylasSchedulerConfiguration,
  ): Promise<'updated' | 'gone'> {
    try {
      const answer = await this.call('configurations/update', () =>
        this.nylas.scheduler.configurations.update({
          identifier: grantId,
          configurationId,
          requestBody: configuration,
        }),
      );
      configurationIdOf('configurations/update', answer);
      return 'updated';
    } catch (error) {
      if (error instanceof ConnectorError && error.code === 'NOT_FOUND') return 'gone';
      throw error;
    }
  }

  /** Deletes the configuration; one already gone is not a failure (a job run twice deletes it twice). */
  async destroyConfiguration(grantId: string, configurationId: string): Promise<'deleted' | 'already-gone'> {
    try {
      await this.call('configurations/delete', () =>
        this.nylas.scheduler.configurations.destroy({ identifier: grantId, configurationId }),
      );
      return 'deleted';
    } catch (error) {
      if (error instanceof ConnectorError && error.code === 'NOT_FOUND') return 'already-gone';
      throw error;
    }
  }

  /** The SDK call's answer, or its failure as a ConnectorError naming `operation`. */
  private async call(operation: string, send: () => Promise<unknown>): Promise<unknown> {
    try {
      return await send();
    } catch (error) {
      throw toConnectorError(error, operation);
    }
  }
}

/** The configuration id of an answer, read at the edge. */
function configurationIdOf(operation: string, response: unknown): string {
  const parsed = configurationAnswer.safeParse(response);
  if (!parsed.success) {
    throw new ConnectorError(
      'PERMANENT',
      `Nylas ${operation} returned a response we cannot read: ${describeZodIssues(parsed.error)}`,
      { code: 'INVALID_RESPONSE', operation },
    );
  }
  return parsed.data.data.id;
}
