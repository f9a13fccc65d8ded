import type { ProposalLinkView, ProposalResponse, SendProposal } from '@meridian/domain';
import { apiRequest } from '../../../api';

const linkPath = (token: string) => `/proposal-links/${encodeURIComponent(token)}`;

// The recipient's calls (public: no session), by the token of their e-mailed link.
export const proposalLinkCalls = {
  view: (token: string, signal?: AbortSignal) =>
    apiRequest<ProposalLinkView>(linkPath(token), { authenticated: false, signal }),
  accept: (token: string) =>
    apiRequest<ProposalLinkView>(`${linkPath(token)}/accept`, { method: 'POST', authenticated: false }),
  requestModification: (token: string, comment: string) =>
    apiRequest<ProposalLinkView>(`${linkPath(token)}/request-modification`, {
      method: 'POST',
      body: { comment },
      authenticated: false,
    }),
};

// The advisor's sending calls (crm §7: send with recipients, resend; revoke).
export const proposalSendCalls = {
  send: (proposalId: string, body: SendProposal) =>
    apiRequest<ProposalResponse>(`/proposals/${proposalId}/send`, { method: 'PATCH', body }),
  revoke: (proposalId: string) =>
    apiRequest<ProposalResponse>(`/proposals/${proposalId}/revoke`, { method: 'PATCH', body: {} }),
};
