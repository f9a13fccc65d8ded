import { useMemo } from 'react';
import { freeSlots, MEETING_TIME_ZONE_LABELS, type MeetingTemplate } from '@meridian/domain';
import { formatClock, formatDayHeading, groupByDay } from './zoned-time';

/** How far ahead the preview looks, and how many starts it lists. */
const PREVIEW_DAYS = 7;
const PREVIEW_SLOTS = 24;

/**
 * The next starts a client would be offered with the template as drafted, worked out in the
 * browser by the domain's slot engine (no busy time: the calendar's meetings are the server's),
 * on the template's own wall clock. Redrawn on every change of the draft.
 */
export function SlotPreview({ template }: { template: MeetingTemplate | undefined }) {
  const slots = useMemo(() => {
    if (!template) return undefined;
    const now = new Date();
    try {
      return freeSlots(template, [], {
        now,
        until: new Date(now.getTime() + PREVIEW_DAYS * 86_400_000),
      }).slice(0, PREVIEW_SLOTS);
    } catch {
      return undefined;
    }
  }, [template]);

  return (
    <section aria-label="Next available slots" className="space-y-3" data-testid="slot-preview">
      <div>
        <h3 className="text-tremor-default font-semibold text-tremor-content-strong">Next available slots</h3>
        <p className="text-tremor-label text-tremor-content">
          {template
            ? `The first times a client would be offered, in ${MEETING_TIME_ZONE_LABELS[template.timeZone]} time, before any meeting is booked.`
            : 'Correct the form to see the slots it offers.'}
        </p>
      </div>
      {slots && slots.length === 0 && (
        <p className="text-tremor-default text-tremor-content" data-testid="slot-preview-empty">
          No slot in the next {PREVIEW_DAYS} days: open more hours, or ask for less notice.
        </p>
      )}
      {slots &&
        groupByDay(slots, (slot) => slot.start, template?.timeZone).map((group) => (
          <div key={group.key} data-testid="slot-preview-day">
            <p className="text-tremor-label font-medium text-tremor-content-strong">
              {formatDayHeading(group.date, template?.timeZone)}
            </p>
            <ul className="mt-1 flex flex-wrap gap-1">
              {group.items.map((slot) => (
                <li
                  key={slot.start.getTime()}
                  className="rounded-tremor-small bg-tremor-brand-faint px-2 py-0.5 text-tremor-label text-tremor-brand-emphasis"
                  data-testid="slot-preview-slot"
                >
                  {formatClock(slot.start, template?.timeZone)}
                </li>
              ))}
            </ul>
          </div>
        ))}
    </section>
  );
}
