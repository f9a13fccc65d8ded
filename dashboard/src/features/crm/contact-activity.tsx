import { ActivityTimeline } from '../practice/activity';

/**
 * The contact's activity: its notes, tasks, documents, sync events and changes on one timeline,
 * newest first (the household's page shows the same timeline).
 */
export function ContactActivity({ entityId }: { entityId: string }) {
  return <ActivityTimeline entityId={entityId} notesTab="?tab=notes" tasksLink="/tasks" />;
}
