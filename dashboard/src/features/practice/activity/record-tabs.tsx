import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@tremor/react';
import { useSearchParams } from 'react-router';
import { DocumentsTab } from '../documents';
import { NotesTab } from '../notes';
import { HouseholdWork } from '../workflows';
import { ActivityTimeline } from './activity-timeline';

/** The practice tabs of a household's page, in order; `?tab=` names the open one (Activity when absent). */
const TABS = [
  { key: 'activity', label: 'Activity' },
  { key: 'notes', label: 'Notes' },
  { key: 'documents', label: 'Documents' },
  { key: 'tasks', label: 'Tasks & workflows' },
] as const;

/**
 * A household's activity, notes and documents as tabs (the contact's page has the same three
 * among its own tabs). The open tab is in the URL, so Ctrl-K and the timeline can open Notes.
 */
export function HouseholdPracticeTabs({
  householdId,
  teamId,
  name,
}: {
  householdId: string;
  teamId: string;
  name: string;
}) {
  const [params, setParams] = useSearchParams();
  const index = Math.max(
    0,
    TABS.findIndex((item) => item.key === params.get('tab')),
  );
  const tab = TABS[index]!.key;
  return (
    <section id="household-work" aria-label="Activity, notes and documents" data-testid="household-practice">
      <TabGroup
        index={index}
        onIndexChange={(next) =>
          setParams(
            (current) => {
              const updated = new URLSearchParams(current);
              updated.set('tab', TABS[next]!.key);
              updated.delete('activity');
              return updated;
            },
            { replace: true },
          )
        }
      >
        <TabList>
          {TABS.map((item) => (
            <Tab key={item.key} data-testid={`household-tab-${item.key}`}>
              {item.label}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          <TabPanel className="pt-4">
            {tab === 'activity' && (
              <ActivityTimeline entityId={householdId} notesTab="?tab=notes" tasksLink="?tab=tasks" />
            )}
          </TabPanel>
          <TabPanel className="pt-4">
            {tab === 'notes' && <NotesTab ownerId={householdId} teamId={teamId} ownerName={name} />}
          </TabPanel>
          <TabPanel className="pt-4">
            {tab === 'documents' && <DocumentsTab ownerId={householdId} ownerName={name} />}
          </TabPanel>
          <TabPanel className="pt-4">
            {tab === 'tasks' && <HouseholdWork household={{ id: householdId, name, teamId }} />}
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </section>
  );
}
