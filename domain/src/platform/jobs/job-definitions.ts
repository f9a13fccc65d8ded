import { z } from 'zod';

/**
 * The one list of background jobs. The API enqueues and the workers process through these names
 * and schemas, so neither imports the other. The worker refuses to boot unless every job here has
 * exactly one handler.
 */
export const QueueName = {
  email: 'email',
  sync: 'sync',
  media: 'media',
  practice: 'practice',
  billing: 'billing',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

/**
 * What each queue carries, in the words of the operations views (home's health card, the
 * connections page): a queue's own name is BullMQ's key, not something a person reads.
 */
export const QUEUE_LABELS: Readonly<Record<QueueName, string>> = {
  // E-mails, and the text messages of SMS invitations.
  email: 'E-mails and text messages',
  // Every sync run of a connection, and every import: dry runs, commits, drop-folder scans.
  sync: 'Syncs and imports',
  // The sizes made of an uploaded brand logo.
  media: 'Logo images',
  // The daily task digests, the workflow rules' daily runs, and e-mail threads read from mailboxes.
  practice: 'Task reminders, workflow rules and e-mail threads',
  // Setting up accepted services in Stripe, the AUM fee invoices, and Stripe's payment events.
  billing: 'Billing with Stripe',
};

/** The label of a queue the health report names; one no list knows keeps its name, capitalised. */
export function queueLabel(name: string): string {
  const known = (QUEUE_LABELS as Readonly<Record<string, string>>)[name];
  return known ?? `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

export const jobDefinitions = {
  'email.deliver': {
    queue: QueueName.email,
    payload: z.object({ outboxEmailId: z.string().min(1) }),
  },
  /** Scheduled: hands outbox rows whose enqueue was lost (crash, Redis down) to email.deliver. */
  'email.sweep-outbox': {
    queue: QueueName.email,
    payload: z.object({}),
  },
  /**
   * Sends an SMS invitation's text (its accept link) through the SMS transport; retried with
   * backoff while the provider or network fails, stopped at once by a refusal (an invalid number).
   * On the e-mail queue: the queue of messages to people.
   */
  'invitations.send-sms': {
    queue: QueueName.email,
    payload: z.object({ organizationId: z.string().min(1), invitationId: z.string().min(1) }),
  },
  /** Scheduled: hands SMS invitations whose job was lost (a crash, Redis down or flushed) to invitations.send-sms. */
  'invitations.sweep-unsent': {
    queue: QueueName.email,
    payload: z.object({}),
  },
  /** One sync run of one connection: pages from the connection's cursor, each written with its cursor. */
  'sync.run': {
    queue: QueueName.sync,
    payload: z.object({ organizationId: z.string().min(1), syncRunId: z.string().min(1) }),
  },
  /** Emitted by a connection's job scheduler (`sync.schedule-{connectionId}`): queues a SCHEDULE run. */
  'sync.schedule': {
    queue: QueueName.sync,
    payload: z.object({ organizationId: z.string().min(1), connectionId: z.string().min(1) }),
  },
  /** Scheduled: hands QUEUED runs whose job was lost (Redis down at enqueue, flushed queue) to sync.run. */
  'sync.sweep-queued': {
    queue: QueueName.sync,
    payload: z.object({}),
  },
  /** The dry run of an import batch: decides each row's action (issue #8); on the sync queue, as imports are sync runs. */
  'imports.dry-run': {
    queue: QueueName.sync,
    payload: z.object({ organizationId: z.string().min(1), batchId: z.string().min(1) }),
  },
  /** Writes a dry-run import batch (its sync run is RUNNING meanwhile). */
  'imports.commit': {
    queue: QueueName.sync,
    payload: z.object({ organizationId: z.string().min(1), batchId: z.string().min(1) }),
  },
  /**
   * Emitted by a drop folder's job scheduler (`imports.scan-folder-{folderId}`, trigger SCHEDULE) or
   * by "scan now" (MANUAL): each new file of the folder is imported as a run, then moved aside.
   */
  'imports.scan-folder': {
    queue: QueueName.sync,
    payload: z.object({
      organizationId: z.string().min(1),
      folderId: z.string().min(1),
      trigger: z.enum(['SCHEDULE', 'MANUAL']).default('SCHEDULE'),
    }),
  },
  /** Scheduled: import batches stuck in a queued or running stage without a live job are re-enqueued or failed. */
  'imports.sweep-stuck': {
    queue: QueueName.sync,
    payload: z.object({}),
  },
  /**
   * Makes a brand logo's sizes from an uploaded image; ends with `make-image-processing-complete`,
   * or records why the image was refused (the brand's current logo stays).
   */
  'brands.process-logo': {
    queue: QueueName.media,
    payload: z.object({
      organizationId: z.string().min(1),
      brandId: z.string().min(1),
      type: z.enum(['HORIZONTAL', 'SQUARE']),
      filePath: z.string().min(1),
      fileType: z.string().min(1),
      fileSize: z.number().int().positive(),
      /** One job per upload: a second upload of the same logo type is its own job. */
      uploadId: z.string().min(1),
    }),
  },
  /**
   * Scheduled daily: starts the workflow each person's registered accounts call for (conversion at
   * 71, income fund withdrawals, RDSP payments), once per rule key however many workers run it.
   * `date` replays the rules as of another day; the schedule leaves it out (today).
   */
  'practice.apply-workflow-rules': {
    queue: QueueName.practice,
    payload: z.object({ date: z.iso.date().optional() }),
  },
  /**
   * Scheduled daily: e-mails each user the open tasks assigned to them that are due today or
   * overdue, once per user per day (the outbox's dedupe key), however many workers run it.
   */
  'practice.task-digest': {
    queue: QueueName.practice,
    payload: z.object({}),
  },
  /**
   * Reads from a Nylas connection's mailbox the threads exchanged with `emails` (page by page) and
   * keeps their summaries, each linked to the organization's contacts whose e-mail it holds.
   * Idempotent: a thread is found again by its id at Nylas. One job per request (`updateId`).
   */
  'comms.update-email-threads': {
    queue: QueueName.practice,
    payload: z.object({
      organizationId: z.string().min(1),
      connectionId: z.string().min(1),
      emails: z.array(z.string().min(1)).min(1).max(50),
      updateId: z.string().min(1),
    }),
  },
  /**
   * Keeps a booking template's Nylas Scheduler configuration in step with it, on the grant of the
   * template's connection or its team's: made when the template has none, updated otherwise,
   * deleted with the template (`removed`: the deleted row's configuration). Idempotent; Nylas
   * unreachable is retried, an expired grant marks the connection for a new login. One job per
   * change (`version`: the template's `updated_at` in ms, or `removed`).
   */
  'meetings.sync-scheduler-configuration': {
    queue: QueueName.practice,
    payload: z.object({
      organizationId: z.string().min(1),
      templateId: z.string().min(1),
      version: z.string().min(1),
      removed: z.object({ connectionId: z.string().min(1), configId: z.string().min(1) }).optional(),
    }),
  },
  /**
   * Writes a meeting made or changed in Meridian to its team's Nylas calendar: the event made,
   * updated, or deleted for a cancelled meeting; an event changed at the provider since, and newer,
   * is left for the calendar sync. One job per change (`version`: the meeting's `updated_at` in
   * ms); never queued for a change the sync itself made.
   */
  'meetings.push-to-calendar': {
    queue: QueueName.practice,
    payload: z.object({
      organizationId: z.string().min(1),
      meetingId: z.string().min(1),
      version: z.string().min(1),
    }),
  },
  /**
   * Creates a PENDING service's objects at the payment provider (customer, one-time fee invoice,
   * subscription), each recorded as soon as it exists and created under an idempotency key, so a
   * retried or crashed job bills once; then the service is ACTIVE, or FAILED with why.
   */
  'billing.set-up-service': {
    queue: QueueName.billing,
    payload: z.object({ organizationId: z.string().min(1), householdServiceId: z.string().min(1) }),
  },
  /** Scheduled: hands PENDING services whose set-up job was lost (a crash, Redis down) to billing.set-up-service. */
  'billing.sweep-pending': {
    queue: QueueName.billing,
    payload: z.object({}),
  },
  /**
   * Scheduled daily: invoices each ACTIVE service's AUM fee for every billing period that has
   * ended, once per service and period (the invoice's idempotency key and unique period).
   * `date` bills as of another day; the schedule leaves it out (today).
   */
  'billing.invoice-aum-periods': {
    queue: QueueName.billing,
    payload: z.object({ date: z.iso.date().optional() }),
  },
  /** Applies one stored provider event (a webhook) to the invoices and services it names, once. */
  'billing.apply-provider-event': {
    queue: QueueName.billing,
    payload: z.object({
      organizationId: z.string().min(1),
      connectionId: z.string().min(1),
      externalEventId: z.string().min(1),
    }),
  },
} as const satisfies Record<string, { queue: QueueName; payload: z.ZodType }>;

export type JobName = keyof typeof jobDefinitions;
export type JobPayload<N extends JobName> = z.infer<(typeof jobDefinitions)[N]['payload']>;
export const jobNames = Object.keys(jobDefinitions) as JobName[];

/** Fixed job id so that enqueuing the same work twice collapses into one job (BullMQ forbids ":" in custom ids). */
export function jobIdFor<N extends JobName>(name: N, payload: JobPayload<N>): string {
  switch (name) {
    case 'email.deliver':
      return `email.deliver-${(payload as JobPayload<'email.deliver'>).outboxEmailId}`;
    case 'invitations.send-sms':
      return `invitations.send-sms-${(payload as JobPayload<'invitations.send-sms'>).invitationId}`;
    // One job per run: with the one-active-run-per-connection index, one run per connection at a time.
    case 'sync.run':
      return `sync.run-${(payload as JobPayload<'sync.run'>).syncRunId}`;
    case 'sync.schedule':
      return `sync.schedule-${(payload as JobPayload<'sync.schedule'>).connectionId}`;
    // Callers give their own id per request (a batch may be dry-run again after a new mapping).
    case 'imports.dry-run':
    case 'imports.commit':
      return `${name}-${(payload as JobPayload<'imports.commit'>).batchId}`;
    case 'imports.scan-folder':
      return `imports.scan-folder-${(payload as JobPayload<'imports.scan-folder'>).folderId}`;
    case 'brands.process-logo':
      return `brands.process-logo-${(payload as JobPayload<'brands.process-logo'>).uploadId}`;
    // One run per day asked for; the JSON of the payload would hold a ":".
    case 'practice.apply-workflow-rules':
      return `practice.apply-workflow-rules-${(payload as JobPayload<'practice.apply-workflow-rules'>).date ?? 'today'}`;
    case 'comms.update-email-threads':
      return `comms.update-email-threads-${(payload as JobPayload<'comms.update-email-threads'>).updateId}`;
    case 'meetings.sync-scheduler-configuration': {
      const change = payload as JobPayload<'meetings.sync-scheduler-configuration'>;
      return `meetings.sync-scheduler-configuration-${change.templateId}-${change.version}`;
    }
    case 'meetings.push-to-calendar': {
      const change = payload as JobPayload<'meetings.push-to-calendar'>;
      return `meetings.push-to-calendar-${change.meetingId}-${change.version}`;
    }
    case 'billing.set-up-service':
      return `billing.set-up-service-${(payload as JobPayload<'billing.set-up-service'>).householdServiceId}`;
    case 'billing.invoice-aum-periods':
      return `billing.invoice-aum-periods-${(payload as JobPayload<'billing.invoice-aum-periods'>).date ?? 'today'}`;
    case 'billing.apply-provider-event': {
      const event = payload as JobPayload<'billing.apply-provider-event'>;
      return `billing.apply-provider-event-${event.connectionId}-${event.externalEventId}`;
    }
    default:
      return `${name as string}-${JSON.stringify(payload)}`;
  }
}
