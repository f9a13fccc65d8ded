// How fast the booking slot engine finds the free slots of a template: freeSlots over --days days
// for --advisors advisors' calendars of --events busy events each (unsorted, overlapping), beside
// a baseline measured in the same run: a bare interval subtraction of the same events (widen by
// the buffers, sort, merge, subtract from opening windows computed beforehand), which cuts no
// slots, reads no time zone and checks nothing. Prints the median and p99 of each; asserts nothing.
//
//   npx tsx --tsconfig tsconfig.base.json --conditions=source bench/slots.ts \
//     [--advisors 5] [--events 2000] [--days 60] [--runs 50] [--seed 1]
//
// The template: Monday to Friday 09:00-17:00 and Saturday 10:00-13:00 in Toronto, 30-minute
// meetings every 15 minutes, 5-minute buffers, two hours' notice. `now` is 1 February 2027, so the
// days include the change to daylight saving time (14 March). Events fall at any time of day, 5
// to 30 minutes long on 5-minute marks, from a fixed seed: 10,000 events in 60 days leave the
// opening hours almost full (a handful of slots), so the default run measures the busy times'
// sort, merge and sweep; a small --events shows the engine's fixed cost (time zone, grid). The
// two loops alternate run by run after a warm-up, so a machine whose load changes weighs on both
// alike. Before timing, the bench checks that every slot lies inside one of the baseline's free
// intervals.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { fromZonedTime } from 'date-fns-tz';
import { freeSlots, type BusyInterval, type SlotTemplate } from '@meridian/domain';
import { Random } from '../scripts/seed/random.js';

const { values: options } = parseArgs({
  options: {
    advisors: { type: 'string', default: '5' },
    events: { type: 'string', default: '2000' },
    days: { type: 'string', default: '60' },
    runs: { type: 'string', default: '50' },
    seed: { type: 'string', default: '1' },
  },
});
const advisors = Number(options.advisors);
const eventsPerAdvisor = Number(options.events);
const days = Number(options.days);
const runs = Number(options.runs);

const MINUTE = 60_000;
const TIME_ZONE = 'America/Toronto';
const NOW = new Date('2027-02-01T08:00:00-05:00');
const STEP_MINUTES = 15;

const template: SlotTemplate = {
  openingHours: [
    { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' },
    { days: [6], start: '10:00', end: '13:00' },
  ],
  timeZone: TIME_ZONE,
  duration: 30,
  availableDaysInFuture: days,
  beforeBuffer: 5,
  afterBuffer: 5,
  minimumNotice: 120,
};

/** The local dates of the available days, from `NOW`'s (1 February 2027 is a Monday). */
const dates = Array.from({ length: days }, (_, index) => new Date(Date.UTC(2027, 1, 1 + index)));

// The advisors' events, all in one unsorted list as the calendars give them.
const random = new Random(Number(options.seed));
const busy: BusyInterval[] = [];
for (let advisor = 0; advisor < advisors; advisor += 1) {
  for (let event = 0; event < eventsPerAdvisor; event += 1) {
    const date = dates[Math.floor(random.next() * days)]!.toISOString().slice(0, 10);
    const dayStart = fromZonedTime(`${date}T00:00:00`, TIME_ZONE).getTime();
    const start = dayStart + Math.floor(random.next() * 288) * 5 * MINUTE;
    const minutes = 5 + Math.floor(random.next() * 6) * 5;
    busy.push({ start: new Date(start), end: new Date(start + minutes * MINUTE) });
  }
}

// The baseline's opening windows as UTC intervals, worked out once, outside its timing.
const windows: [number, number][] = [];
for (const date of dates) {
  const day = date.toISOString().slice(0, 10);
  for (const entry of template.openingHours) {
    if (!entry.days.includes(date.getUTCDay() as never)) continue;
    const start = fromZonedTime(`${day}T${entry.start}:00`, TIME_ZONE).getTime();
    const end = fromZonedTime(`${day}T${entry.end}:00`, TIME_ZONE).getTime();
    windows.push([Math.max(start, NOW.getTime() + template.minimumNotice * MINUTE), end]);
  }
}

function engine(): number {
  return freeSlots(template, busy, { now: NOW, stepMinutes: STEP_MINUTES }).length;
}

/** Free intervals: the windows minus the events widened by the buffers, sorted and merged. */
function baselineFree(): [number, number][] {
  const before = template.beforeBuffer * MINUTE;
  const after = template.afterBuffer * MINUTE;
  const intervals = busy.map((event) => [event.start.getTime() - after, event.end.getTime() + before] as const);
  intervals.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of intervals) {
    const last = merged.at(-1);
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const free: [number, number][] = [];
  let next = 0;
  for (const [windowStart, windowEnd] of windows) {
    let cursor = windowStart;
    while (next < merged.length && merged[next]![1] <= cursor) next += 1;
    for (let index = next; index < merged.length && merged[index]![0] < windowEnd; index += 1) {
      const [busyStart, busyEnd] = merged[index]!;
      if (busyStart > cursor) free.push([cursor, busyStart]);
      cursor = Math.max(cursor, busyEnd);
    }
    if (cursor < windowEnd) free.push([cursor, windowEnd]);
  }
  return free;
}

function baseline(): number {
  return baselineFree().length;
}

// Before timing: each slot inside one free interval of the baseline (both sorted).
const slots = freeSlots(template, busy, { now: NOW, stepMinutes: STEP_MINUTES });
const free = baselineFree();
let interval = 0;
const inside = slots.every((slot) => {
  while (interval < free.length && free[interval]![1] < slot.end.getTime()) interval += 1;
  return interval < free.length && free[interval]![0] <= slot.start.getTime();
});

function timed(loop: () => number): number {
  const start = performance.now();
  loop();
  return performance.now() - start;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

const loops = [
  { name: `slot engine (freeSlots, ${slots.length} slots)`, loop: engine, ms: [] as number[] },
  { name: `baseline: sort, merge, subtract (${free.length} free)`, loop: baseline, ms: [] as number[] },
];
// Warm-up: V8 optimizes both loops before timing.
for (let round = 0; round < 5; round += 1) for (const { loop } of loops) loop();
for (let run = 0; run < runs; run += 1) for (const loop of loops) loop.ms.push(timed(loop.loop));

const figures = (ms: number[]) => ({ p50: percentile(ms, 0.5), p99: percentile(ms, 0.99) });
const [engineFigures, baselineFigures] = loops.map((loop) => figures(loop.ms));
const busyCount = (advisors * eventsPerAdvisor).toLocaleString('en-US');
console.log(
  `Free slots over ${days} days, ${advisors} advisors x ${eventsPerAdvisor} events (${busyCount} busy), ${runs} runs\n`,
);
console.log(`Every slot inside a free interval of the baseline: ${inside ? 'yes' : 'no'}`);
for (const { name, ms } of loops) {
  const { p50, p99 } = figures(ms);
  console.log(`${name.padEnd(48)} p50 ${p50.toFixed(2).padStart(8)} ms   p99 ${p99.toFixed(2).padStart(8)} ms`);
}
const ratio = { p50: engineFigures!.p50 / baselineFigures!.p50, p99: engineFigures!.p99 / baselineFigures!.p99 };
console.log(
  `${'ratio engine / baseline'.padEnd(48)} p50 ${ratio.p50.toFixed(2).padStart(8)}x    p99 ${ratio.p99.toFixed(2).padStart(8)}x    within 3x at p99: ${ratio.p99 <= 3 ? 'yes' : 'no'}`,
);
