import type { HouseholdBillingResponse, HouseholdServiceResponse } from '@meridian/domain';
import { apiRequest } from '../../../api';

// The billing tab's calls: the household's services with their invoices, and the retry of a failed set-up.
export const billingCalls = {
  householdBilling: (householdId: string, signal?: AbortSignal) =>
    apiRequest<HouseholdBillingResponse>(`/households/${householdId}/billing`, { signal }),
  retry: (householdServiceId: string) =>
    apiRequest<HouseholdServiceResponse>(`/household-services/${householdServiceId}/retry-billing`, {
      method: 'POST',
    }),
};
