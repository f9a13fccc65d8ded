import type {
  ListPage,
  OfferingResponse,
  PackageOffer,
  PackageTemplateResponse,
  ProposalPackageView,
  ProposalResponse,
} from '@meridian/domain';
import { apiRequest } from '../../../api';
import { withQuery } from '../../../api/query';

/** The most offerings and package templates a firm keeps in one pick list (the API's page limit). */
const PICK_LIST_LIMIT = 500;

/** The body an offer is sent as; numbers the form could not read are sent as typed, for the API to refuse. */
export type OfferBody = PackageOffer;

// The proposal calls of crm §7 the proposal builder makes; each change answers the whole proposal.
export const proposalCalls = {
  packageView: (opportunityId: string, signal?: AbortSignal) =>
    apiRequest<ProposalPackageView>(`/proposals/package-view/by-opportunity/${opportunityId}`, { signal }),
  create: (opportunityId: string) =>
    apiRequest<ProposalResponse>('/proposals', { method: 'POST', body: { opportunityId } }),
  addOffer: (proposalId: string, offer: OfferBody) =>
    apiRequest<ProposalResponse>(`/proposals/${proposalId}/offers`, { method: 'PATCH', body: { offer } }),
  editOffer: (proposalId: string, offerId: string, offer: OfferBody) =>
    apiRequest<ProposalResponse>(`/proposals/${proposalId}/offers/${offerId}`, { method: 'PATCH', body: { offer } }),
  removeOffer: (proposalId: string, offerId: string) =>
    apiRequest<ProposalResponse>(`/proposals/${proposalId}/offers/${offerId}`, { method: 'DELETE' }),
};

export const offeringCalls = {
  list: (signal?: AbortSignal) =>
    apiRequest<ListPage<OfferingResponse>>(withQuery('/offerings', { limit: PICK_LIST_LIMIT }), { signal }),
};

export const packageTemplateCalls = {
  list: (signal?: AbortSignal) =>
    apiRequest<ListPage<PackageTemplateResponse>>(withQuery('/package-templates', { limit: PICK_LIST_LIMIT }), {
      signal,
    }),
};
