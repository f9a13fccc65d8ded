/**
 * A booking template as a Nylas Scheduler configuration (a worked example of the mapping), and the
 * configurations' create, update and delete through the official SDK against the fake Nylas, with
 * its failures as ConnectorErrors.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PrismProxy, startPrism } from '../../plaid/testing/prism.js';
import { FakeNylasServer } from '../fake-server/server.js';
import { NylasSchedulerClient, schedulerConfigurationOf, type SchedulerTemplate } from '../scheduler.js';
import { prepareNylasPrismSpec } from '../testing/prism.js';
import { connectorError, type NylasHarness, startNylasHarness } from './support.js';

const TEMPLATE: SchedulerTemplate = {
  title: 'Annual review',
  message: 'Bring last year’s statements.',
  durationMinutes: 45,
  availableDaysInFuture: 30,
  beforeBufferMinutes: 10,
  afterBufferMinutes: 7,
  minimumNoticeMinutes: 120,
  minimumCancellationNoticeMinutes: 1440,
  timeZone: 'America/Toronto',
  openingHours: [
    { days: [1, 2, 3, 4, 5], start: '09:00', end: '12:00' },
    { days: [2, 4], start: '13:30', end: '17:00' },
  ],
};

describe('schedulerConfigurationOf', () => {
  it('makes the organizer available in the template’s hours and zone, with its length, buffers and notices', () => {
    expect(schedulerConfigurationOf(TEMPLATE, 'marie@firm.example')).toEqual({
      participants: [
        {
          email: 'marie@firm.example',
          isOrganizer: true,
          timezone: 'America/Toronto',
          availability: {
            calendarIds: ['primary'],
            openHours: [
              { days: [1, 2, 3, 4, 5], timezone: 'America/Toronto', start: '9:00', end: '12:00', exdates: [] },
              { days: [2, 4], timezone: 'America/Toronto', start: '13:30', end: '17:00', exdates: [] },
            ],
          },
          booking: { calendarId: 'primary' },
        },
      ],
      // 7 minutes after is given as 10: Nylas takes buffers in steps of 5, and never less than asked.
      availability: { durationMinutes: 45, availabilityRules: { buffer: { before: 10, after: 10 } } },
      eventBooking: {
        title: 'Annual review',
        description: 'Bring last year’s statements.',
        timezone: 'America/Toronto',
      },
      scheduler: { availableDaysInFuture: 30, minBookingNotice: 120, minCancellationNotice: 1440 },
    });
  });

  it('leaves out the description and the cancellation notice a template does not have', () => {
    const configuration = schedulerConfigurationOf(
      { ...TEMPLATE, message: null, minimumCancellationNoticeMinutes: null },
      'marie@firm.example',
    );
    expect(configuration.eventBooking).not.toHaveProperty('description');
    expect(configuration.scheduler).toEqual({ availableDaysInFuture: 30, minBookingNotice: 120 });
  });
});

describe('NylasSchedulerClient against the fake Nylas', () => {
  let harness: NylasHarness;
  const client = () =>
    new NylasSchedulerClient({ apiKey: harness.fake.apiKey, apiUri: harness.baseUrl, timeoutSeconds: 10 });

  beforeAll(async () => {
    harness = await startNylasHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });
  afterEach(() => harness.fake.clearFaults());

  it('creates, updates and deletes a configuration, sent in Nylas’s wire format', async () => {
    const grant = harness.fake.createGrant({ email: 'marie@firm.example' });
    const id = await client().createConfiguration(grant.id, schedulerConfigurationOf(TEMPLATE, grant.email));
    const [stored] = harness.fake.schedulerConfigurations.of(grant.id);
    expect(stored).toMatchObject({
      id,
      availability: { duration_minutes: 45, availability_rules: { buffer: { before: 10, after: 10 } } },
      scheduler: { available_days_in_future: 30, min_booking_notice: 120, min_cancellation_notice: 1440 },
      event_booking: { title: 'Annual review' },
    });

    const edited = schedulerConfigurationOf({ ...TEMPLATE, title: 'Review', durationMinutes: 60 }, grant.email);
    expect(await client().updateConfiguration(grant.id, id, edited)).toBe('updated');
    expect(harness.fake.schedulerConfigurations.of(grant.id)).toEqual([
      expect.objectContaining({ id, event_booking: expect.objectContaining({ title: 'Review' }) }),
    ]);

    expect(await client().destroyConfiguration(grant.id, id)).toBe('deleted');
    expect(harness.fake.schedulerConfigurations.of(grant.id)).toEqual([]);
    expect(await client().destroyConfiguration(grant.id, id)).toBe('already-gone');
    expect(await client().updateConfiguration(grant.id, id, edited)).toBe('gone');
  });

  it('reports a server error as temporary and an expired grant as an authentication failure', async () => {
    const grant = harness.fake.createGrant({ email: 'paul@firm.example' });
    const configuration = schedulerConfigurationOf(TEMPLATE, grant.email);
    harness.fake.injectFault({ mode: 'server-error' }, { operation: 'configurations/create' });
    const failed = await connectorError(client().createConfiguration(grant.id, configuration));
    expect(failed.classification).toBe('TEMPORARY');
    expect(failed.retryable).toBe(true);
    expect(harness.fake.schedulerConfigurations.of(grant.id)).toEqual([]);

    harness.fake.expireGrant(grant.id);
    const refused = await connectorError(client().createConfiguration(grant.id, configuration));
    expect(refused.classification).toBe('AUTH');
  });
});

/**
 * The configuration answer as published: `oneOf` a standard and a group configuration, neither
 * requiring a field, so every answer matches both and prism refuses them all. Here the group kind
 * requires its `group_booking`, as the API tells them apart (a patch for this file's check only).
 */
const GROUP_CONFIGURATION_AS_PUBLISHED = [
  '            - title: Group Configuration',
  '              description: Multi-host configuration for group event bookings.',
  '              allOf:',
  "              - $ref: '#/components/schemas/common_response'",
  '              - properties:',
  '                  data:',
  '                    type: object',
  '',
].join('\n');

async function schedulerPrismSpec(folder: string): Promise<string> {
  const text = await readFile((await prepareNylasPrismSpec()).path, 'utf8');
  const at = text.indexOf(GROUP_CONFIGURATION_AS_PUBLISHED);
  if (at < 0) throw new Error("Nylas's description: the configuration answer is not as this test knows it");
  const patched =
    text.slice(0, at) +
    GROUP_CONFIGURATION_AS_PUBLISHED +
    '                    required:\n                    - group_booking\n' +
    text.slice(at + GROUP_CONFIGURATION_AS_PUBLISHED.length);
  const path = join(folder, 'nylas-v3-openapi.yml');
  await writeFile(path, patched);
  return path;
}

describe('NylasSchedulerClient through prism (Nylas’s description)', () => {
  let fake: FakeNylasServer;
  let prism: PrismProxy;
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'meridian-nylas-scheduler-'));
    fake = await FakeNylasServer.start();
    prism = await startPrism({ upstream: fake.url, specPath: await schedulerPrismSpec(folder), original: true });
  });
  afterAll(async () => {
    await prism?.stop();
    await fake?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('sends and receives configurations the description allows', async () => {
    const grant = fake.createGrant({ email: 'lea@firm.example' });
    const client = new NylasSchedulerClient({ apiKey: fake.apiKey, apiUri: prism.url, timeoutSeconds: 10 });
    const configuration = schedulerConfigurationOf(TEMPLATE, grant.email);
    const id = await client.createConfiguration(grant.id, configuration);
    const edited = { ...configuration, eventBooking: { title: 'Review' } };
    expect(await client.updateConfiguration(grant.id, id, edited)).toBe('updated');
    expect(await client.destroyConfiguration(grant.id, id)).toBe('deleted');
  });
});
