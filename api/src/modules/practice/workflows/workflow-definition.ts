import type { WorkflowTemplateDefinition } from '@meridian/domain';

/**
 * What a started workflow keeps of how it started (the `definition` column): its template's steps
 * as they were, so a later step's tasks are made from them whatever happens to the template, and
 * what those tasks need that the template does not say: who started it (the assignee of the roles
 * the household's advisor does not fill) and, for a rule's workflow, the date no task may be due
 * after, and what its tasks say.
 */
export interface StoredWorkflowDefinition extends WorkflowTemplateDefinition {
  startedByTeamMemberId: string | null;
  /** ISO date; null for a workflow a person started. */
  deadline: string | null;
  /** What each of its tasks says: for a rule's workflow, the person's name and the rule's reason. */
  taskNote: string | null;
}
