import { SectionLayout } from '../../../components/section-layout';

const TABS = [
  { to: '/meetings/calendar', label: 'Calendar', testId: 'meetings-tab-calendar' },
  { to: '/meetings/templates', label: 'Booking templates', testId: 'meetings-tab-templates' },
];

/** The meetings section: the team's calendar and its booking templates. */
export default function MeetingsLayout() {
  return <SectionLayout label="Meetings" tabs={TABS} width="max-w-7xl" testId="meetings-section" />;
}
