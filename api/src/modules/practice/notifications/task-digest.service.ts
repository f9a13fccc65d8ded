import { Inject, Injectable } from '@nestjs/common';
import { formatLongDate, wordList, toIsoDate } from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { OutboxService } from '../../platform/email/index.js';
import { dashboardLink, utcDay } from './notifications.service.js';
import { TaskDigestRepository, type DigestTaskRow } from './task-digest.repository.js';

const DAY_MS = 86_400_000;

/** The outbox key that makes a user's digest go once a day, however many workers run the job. */
export function taskDigestKey(userId: string, day: string): string {
  return `task-digest:${userId}:${day}`;
}

/** One line of the digest: title, household, due date and how late it is. */
function digestLine(task: DigestTaskRow, today: Date): string {
  const late = Math.round((utcDay(today).getTime() - task.dueDate.getTime()) / DAY_MS);
  const due = formatLongDate(toIsoDate(task.dueDate), true);
  const when = late <= 0 ? `due today (${due})` : `due ${due}, ${late} ${late === 1 ? 'day' : 'days'} overdue`;
  return `- ${task.title}${task.householdName ? ` (${task.householdName})` : ''}: ${when}`;
}

/**
 * The digest e-mail of one user's tasks: the counts of all of them, and the first lines (due today
 * first, then the most recently overdue, as the rows come), with how many more My tasks holds.
 */
export function digestEmail(
  tasks: readonly DigestTaskRow[],
  today: Date,
  link: string,
): { subject: string; text: string } {
  const day = toIsoDate(today);
  const { overdue, dueToday, userName } = tasks[0]!;
  const counts = wordList(
    [
      ...(overdue > 0 ? [`${overdue.toLocaleString('en-US')} overdue`] : []),
      ...(dueToday > 0 ? [`${dueToday.toLocaleString('en-US')} due today`] : []),
    ],
    'and',
  );
  const more = overdue + dueToday - tasks.length;
  return {
    subject: `Your tasks for ${formatLongDate(day, true)}: ${counts}`,
    text: [
      `Hello ${userName},`,
      '',
      `Your open tasks: ${counts}.`,
      '',
      ...tasks.map((task) => digestLine(task, today)),
      ...(more > 0 ? [`…and ${more.toLocaleString('en-US')} more.`] : []),
      '',
      `Open your tasks in Meridian: ${link}`,
      '',
    ].join('\n'),
  };
}

/**
 * The daily digest (`practice.task-digest`): every user with open tasks due today or overdue gets
 * one e-mail listing them. The outbox's dedupe key makes it once per user per day: a second run,
 * or a second worker running it at the same moment, writes nothing more.
 */
@Injectable()
export class TaskDigestService {
  constructor(
    @Inject(TaskDigestRepository) private readonly digest: TaskDigestRepository,
    @Inject(OutboxService) private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Writes and dispatches the day's digests; answers how many this run wrote. */
  async run(now: Date = new Date()): Promise<number> {
    const today = utcDay(now);
    const day = toIsoDate(today);
    const byUser = new Map<string, DigestTaskRow[]>();
    for (const row of await this.digest.dueBy(day)) {
      const tasks = byUser.get(row.userId) ?? [];
      tasks.push(row);
      byUser.set(row.userId, tasks);
    }
    const link = dashboardLink(this.config, '/tasks');
    let written = 0;
    for (const [userId, tasks] of byUser) {
      const first = tasks[0]!;
      // One transaction per user: a failure later in the run leaves the digests already written.
      const id = await this.digest.transaction((tx) =>
        this.outbox.write(tx, {
          organizationId: first.organizationId,
          to: first.email,
          ...digestEmail(tasks, today, link),
          dedupeKey: taskDigestKey(userId, day),
        }),
      );
      if (id === null) continue;
      written += 1;
      await this.outbox.dispatch(id);
    }
    return written;
  }
}
