import type { WorkflowResponse, WorkflowSummary, WorkflowTemplateResponse } from '@meridian/domain';
import { apiRequest } from '../../../api';
import { withQuery } from '../../../api/query';

// The workflow calls of crm §7 the household page makes.
export const workflowCalls = {
  templates: (signal?: AbortSignal) => apiRequest<WorkflowTemplateResponse[]>('/workflow-templates', { signal }),
  ofHousehold: (householdId: string, signal?: AbortSignal) =>
    apiRequest<WorkflowSummary[]>(withQuery('/workflows', { householdId }), { signal }),
  get: (workflowId: string, signal?: AbortSignal) =>
    apiRequest<WorkflowResponse>(`/workflows/${workflowId}`, { signal }),
  start: (body: { template: string; householdId?: string; personId?: string }) =>
    apiRequest<WorkflowResponse>('/workflows', { method: 'POST', body }),
};
