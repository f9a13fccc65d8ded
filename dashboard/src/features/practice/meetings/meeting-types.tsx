import { MeetingType, MEETING_TYPE_LABELS } from '@meridian/domain';

/**
 * The colour of each meeting type on the calendar, with its legend. Written out in full (not
 * built from parts) so Tailwind keeps every class.
 */
export const MEETING_TYPE_COLOURS: Readonly<Record<MeetingType, { block: string; swatch: string }>> = {
  GOOGLE_MEET: { block: 'border-emerald-500 bg-emerald-50 text-emerald-900', swatch: 'bg-emerald-500' },
  MICROSOFT_TEAMS: { block: 'border-indigo-500 bg-indigo-50 text-indigo-900', swatch: 'bg-indigo-500' },
  IN_PERSON: { block: 'border-amber-500 bg-amber-50 text-amber-900', swatch: 'bg-amber-500' },
  PHONE: { block: 'border-sky-500 bg-sky-50 text-sky-900', swatch: 'bg-sky-500' },
  INTERNAL: { block: 'border-slate-500 bg-slate-100 text-slate-900', swatch: 'bg-slate-500' },
  SYNC: { block: 'border-violet-500 bg-violet-50 text-violet-900', swatch: 'bg-violet-500' },
  OTHER: { block: 'border-rose-500 bg-rose-50 text-rose-900', swatch: 'bg-rose-500' },
};

export function MeetingTypeLegend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Meeting types" data-testid="meeting-legend">
      {MeetingType.map((type) => (
        <li key={type} className="flex items-center gap-1.5 text-tremor-label text-tremor-content-emphasis">
          <span className={`h-3 w-3 rounded-sm ${MEETING_TYPE_COLOURS[type].swatch}`} aria-hidden="true" />
          {MEETING_TYPE_LABELS[type]}
        </li>
      ))}
    </ul>
  );
}
