import type { MonteCarloResult, PlanDocument, PlanList, PlanSummary, Projection } from '@meridian/domain';
import { apiRequest } from './client';
import { withQuery } from './query';

export type { MonteCarloResult, PlanDocument, Projection } from '@meridian/domain';

/*
 * The plan calls of crm §7 ("Plans") the dashboard makes. A plan is read whole (PlanDocument) and
 * every edit is a PATCH under /plans/{planId}/; the page reads the plan again after an edit, so it
 * never depends on what an edit answers.
 */

/** What GET /plans/{planId}/sim answers: the year-by-year projection and the Monte Carlo run. */
export interface PlanSimulation {
  projection: Projection;
  /** Null when asked without it (`monteCarlo: false`). */
  monteCarlo: MonteCarloResult | null;
}

/** A plan of the household's list. */
export type PlanListItem = PlanSummary;

/** The parts of a plan an advisor adds, edits and removes, and the path of each under /plans/{planId}/. */
export type PlanPartKind = 'incomes' | 'expenses' | 'accounts' | 'assets' | 'liabilities' | 'milestones';

export interface SimulationQuery {
  currency: string;
  /** A what-if retirement age for one person, not saved: both or neither. */
  personId?: string;
  retirementAge?: number;
  /** False: the projection alone, which answers at once; the market paths take seconds. */
  monteCarlo?: boolean;
}

export const planCalls = {
  create: (body: { householdId: string; name: string; publish: boolean }) =>
    apiRequest<PlanDocument>('/plans', { method: 'POST', body }),
  get: (planId: string, signal?: AbortSignal) => apiRequest<PlanDocument>(withQuery('/plans', { planId }), { signal }),
  list: async (householdId: string, signal?: AbortSignal) => {
    const answer = await apiRequest<PlanList>(withQuery('/plans/list', { householdId }), {
      method: 'PATCH',
      signal,
    });
    return answer.plans;
  },
  simulate: (planId: string, query: SimulationQuery, signal?: AbortSignal) =>
    apiRequest<PlanSimulation>(
      withQuery(`/plans/${planId}/sim`, {
        currency: query.currency,
        personId: query.personId,
        retirementAge: query.retirementAge,
        monteCarlo: query.monteCarlo === false ? 'false' : undefined,
      }),
      { signal },
    ),

  /** Adds a part; an income or an expense is a flow of its kind. */
  add: (planId: string, kind: PlanPartKind, body: unknown) =>
    apiRequest<unknown>(`/plans/${planId}/${addPath(kind)}`, { method: 'PATCH', body }),
  edit: (planId: string, kind: PlanPartKind, partId: string, body: Record<string, unknown>) =>
    apiRequest<unknown>(`/plans/${planId}/${editPath(kind, partId)}`, {
      method: 'PATCH',
      body: { ...body, ...idInBody(kind, partId) },
    }),
  remove: (planId: string, kind: PlanPartKind, partId: string) =>
    apiRequest<unknown>(`/plans/${planId}/${removePath(kind, partId)}`, {
      method: 'PATCH',
      body: idInBody(kind, partId),
    }),
};

/** Accounts, assets and liabilities name the part in the body (accountId...), flows and milestones in the path. */
function idInBody(kind: PlanPartKind, partId: string): Record<string, string> {
  if (kind === 'accounts') return { accountId: partId };
  if (kind === 'assets') return { assetId: partId };
  if (kind === 'liabilities') return { liabilityId: partId };
  return {};
}

// crm §7: flows/income/add, flows/expenses/add, flows/{kind}/{flowId}/edit, flows/{flowId}/remove;
// milestones add, {id}/edit, {id}/remove; accounts|assets|liabilities add, edit, remove (id in the body).
function addPath(kind: PlanPartKind): string {
  if (kind === 'incomes') return 'flows/income/add';
  if (kind === 'expenses') return 'flows/expenses/add';
  return `${kind}/add`;
}

function editPath(kind: PlanPartKind, partId: string): string {
  if (kind === 'incomes') return `flows/income/${partId}/edit`;
  if (kind === 'expenses') return `flows/expenses/${partId}/edit`;
  if (kind === 'milestones') return `milestones/${partId}/edit`;
  return `${kind}/edit`;
}

function removePath(kind: PlanPartKind, partId: string): string {
  if (kind === 'incomes' || kind === 'expenses') return `flows/${partId}/remove`;
  if (kind === 'milestones') return `milestones/${partId}/remove`;
  return `${kind}/remove`;
}
