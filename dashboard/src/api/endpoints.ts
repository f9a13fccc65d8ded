import type {
  ContributionRoom,
  ContributionRoomQuery,
  DemoLogin,
  HealthResponse,
  HomeView,
  LoginInput,
  LoginResponse,
  OrganizationOverview,
  PensionInput,
  PensionResult,
  RegisteredLimits,
  SessionUser,
  WithdrawalAccountType,
  WithdrawalRate,
} from '@meridian/domain';
import { apiRequest } from './client';
import { withQuery } from './query';

export function login(input: LoginInput, signal?: AbortSignal): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/auth/login', { method: 'POST', body: input, authenticated: false, signal });
}

/** The demo organization's sign-in while it still works; null when there is none (404) or it cannot be asked. */
export function getDemoLogin(signal?: AbortSignal): Promise<DemoLogin | null> {
  return apiRequest<DemoLogin>('/auth/demo-login', { authenticated: false, signal }).catch(() => null);
}

export function getCurrentUser(signal?: AbortSignal): Promise<SessionUser> {
  return apiRequest<SessionUser>('/auth/me', { signal });
}

/** Public; a degraded system answers 503 with the same body, which is a result here, not an error. */
export function getHealth(signal?: AbortSignal): Promise<HealthResponse> {
  return apiRequest<HealthResponse>('/health', { authenticated: false, acceptStatuses: [503], signal });
}

/** The home page's figures for the caller's households, amounts in `currency`. */
export function getHome(currency: string, signal?: AbortSignal): Promise<HomeView> {
  return apiRequest<HomeView>(withQuery('/home', { currency }), { signal });
}

export function getOrganizationOverview(signal?: AbortSignal): Promise<OrganizationOverview> {
  return apiRequest<OrganizationOverview>('/organizations/current/overview', { signal });
}

/** TFSA, RRSP, FHSA, DPSP and RESP figures of one tax year. */
export function getRegisteredLimits(year: number, signal?: AbortSignal): Promise<RegisteredLimits> {
  return apiRequest<RegisteredLimits>(withQuery('/calculators/registered-limits', { year }), { signal });
}

/** The figures of every year from `from` to `to`, oldest first (one request for a chart). */
export function getRegisteredLimitsByYear(from: number, to: number, signal?: AbortSignal): Promise<RegisteredLimits[]> {
  return apiRequest<RegisteredLimits[]>(withQuery('/calculators/registered-limits/by-year', { from, to }), {
    signal,
  });
}

/** A withdrawal table between two ages (clipped to the table), for a chart. */
export function getWithdrawalRates(
  type: WithdrawalAccountType,
  fromAge: number,
  toAge: number,
  signal?: AbortSignal,
): Promise<WithdrawalRate[]> {
  return apiRequest<WithdrawalRate[]>(withQuery('/calculators/withdrawal-rates', { type, fromAge, toAge }), {
    signal,
  });
}

/** RRIF/PRIF minimum or LIF/LRIF maximum withdrawal rate at an age; ages outside the table answer 400. */
export function getWithdrawalRate(
  type: WithdrawalAccountType,
  age: number | string,
  signal?: AbortSignal,
): Promise<WithdrawalRate> {
  return apiRequest<WithdrawalRate>(withQuery('/calculators/withdrawal-rate', { type, age }), { signal });
}

/** Defined-benefit pension: years of service, payout and commuted value (decimal strings). */
export function calculatePension(input: PensionInput, signal?: AbortSignal): Promise<PensionResult> {
  return apiRequest<PensionResult>('/calculators/pension', { method: 'POST', body: input, signal });
}

/** TFSA cumulative room by birth year, or new RRSP room from the previous year's earned income. */
export function getContributionRoom(query: ContributionRoomQuery, signal?: AbortSignal): Promise<ContributionRoom> {
  return apiRequest<ContributionRoom>(withQuery('/calculators/contribution-room', { ...query }), { signal });
}
