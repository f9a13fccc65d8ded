/**
 * A proposal's states. crm §4 names its calls (offers added, edited, removed; sent; revoked;
 * modification requested) and Foundations §7 its acceptance; the state says which of them may come
 * next. ACCEPTED and REVOKED end a proposal.
 */
export const ProposalStatus = ['DRAFT', 'SENT', 'MODIFICATION_REQUESTED', 'ACCEPTED', 'REVOKED'] as const;
export type ProposalStatus = (typeof ProposalStatus)[number];

export const PROPOSAL_STATUS_LABELS: Readonly<Record<ProposalStatus, string>> = {
  DRAFT: 'Draft',
  SENT: 'Sent',
  MODIFICATION_REQUESTED: 'Modification requested',
  ACCEPTED: 'Accepted',
  REVOKED: 'Revoked',
};
