/**
 * The advisory kinds of task. The spec keeps its "very long enumeration of advisory task kinds"
 * to itself (crm §3), so these are ours: the work an advisory team in Canada or the US plans,
 * each with the label a person reads and a line saying what it is for. Served by the reference
 * endpoint so the dashboard never shows a constant.
 */
export const TaskType = [
  'ANNUAL_REVIEW',
  'KYC_UPDATE',
  'RISK_PROFILE_UPDATE',
  'FINANCIAL_PLAN_UPDATE',
  'ACCOUNT_OPENING',
  'ACCOUNT_TRANSFER',
  'CONTRIBUTION',
  'WITHDRAWAL',
  'RRSP_CONVERSION',
  'RRIF_MINIMUM_PAYMENT',
  'LIF_WITHDRAWAL',
  'RDSP_PAYMENT',
  'REQUIRED_MINIMUM_DISTRIBUTION',
  'BENEFICIARY_REVIEW',
  'INSURANCE_REVIEW',
  'ESTATE_PLAN_REVIEW',
  'TAX_DOCUMENTS',
  'PORTFOLIO_REBALANCE',
  'DOCUMENT_REQUEST',
  'COMPLIANCE_REVIEW',
  'ONBOARDING',
  'MEETING_PREPARATION',
  'CALL',
  'EMAIL',
  'FOLLOW_UP',
  'OTHER',
] as const;
export type TaskType = (typeof TaskType)[number];

export interface TaskTypeInfo {
  label: string;
  description: string;
}

export const TASK_TYPES: Readonly<Record<TaskType, TaskTypeInfo>> = {
  ANNUAL_REVIEW: {
    label: 'Annual review',
    description: 'The yearly review of the client’s situation, goals and accounts.',
  },
  KYC_UPDATE: { label: 'KYC update', description: 'Bring the know-your-client information up to date.' },
  RISK_PROFILE_UPDATE: {
    label: 'Risk profile update',
    description: 'Confirm or update the client’s risk tolerance and capacity.',
  },
  FINANCIAL_PLAN_UPDATE: { label: 'Financial plan update', description: 'Revise the financial plan after a change.' },
  ACCOUNT_OPENING: {
    label: 'Account opening',
    description: 'Open a new account and collect its forms and signatures.',
  },
  ACCOUNT_TRANSFER: {
    label: 'Account transfer',
    description: 'Move an account in from, or out to, another institution.',
  },
  CONTRIBUTION: { label: 'Contribution', description: 'Make or confirm a contribution to an account.' },
  WITHDRAWAL: { label: 'Withdrawal', description: 'Arrange a withdrawal from an account.' },
  RRSP_CONVERSION: {
    label: 'RRSP conversion',
    description: 'Convert an RRSP to a RRIF or an annuity by the end of the year its holder turns 71.',
  },
  RRIF_MINIMUM_PAYMENT: {
    label: 'RRIF minimum payment',
    description: 'Pay out at least the year’s RRIF or LRIF minimum.',
  },
  LIF_WITHDRAWAL: {
    label: 'LIF withdrawal',
    description: 'Keep the year’s LIF withdrawal between its minimum and maximum.',
  },
  RDSP_PAYMENT: {
    label: 'RDSP payment',
    description: 'Arrange the disability assistance payments an RDSP owes from 60.',
  },
  REQUIRED_MINIMUM_DISTRIBUTION: {
    label: 'Required minimum distribution',
    description: 'Take the year’s required minimum distribution from a US retirement account.',
  },
  BENEFICIARY_REVIEW: {
    label: 'Beneficiary review',
    description: 'Check the beneficiary designations on accounts and policies.',
  },
  INSURANCE_REVIEW: { label: 'Insurance review', description: 'Review the coverage the household holds.' },
  ESTATE_PLAN_REVIEW: {
    label: 'Estate plan review',
    description: 'Review wills, powers of attorney and the estate plan.',
  },
  TAX_DOCUMENTS: { label: 'Tax documents', description: 'Collect or send the year’s tax slips and documents.' },
  PORTFOLIO_REBALANCE: {
    label: 'Portfolio rebalance',
    description: 'Bring the portfolio back to its target allocation.',
  },
  DOCUMENT_REQUEST: { label: 'Document request', description: 'Ask the client for a document and file it.' },
  COMPLIANCE_REVIEW: { label: 'Compliance review', description: 'A review the firm’s compliance rules call for.' },
  ONBOARDING: { label: 'Onboarding', description: 'A step of bringing a new client on board.' },
  MEETING_PREPARATION: { label: 'Meeting preparation', description: 'Prepare what a meeting with the client needs.' },
  CALL: { label: 'Call', description: 'Call the client or a third party.' },
  EMAIL: { label: 'E-mail', description: 'Write to the client or a third party.' },
  FOLLOW_UP: {
    label: 'Follow-up',
    description: 'Come back to the client at a set time; a follow-up is always scheduled.',
  },
  OTHER: { label: 'Other', description: 'Anything else the team needs to do.' },
};

export const TASK_TYPE_LABELS: Readonly<Record<TaskType, string>> = Object.fromEntries(
  TaskType.map((type) => [type, TASK_TYPES[type].label]),
) as Record<TaskType, string>;

/** A follow-up must be scheduled ('Follow-up tasks must be scheduled', crm §5). */
export function isFollowUpType(type: string | null | undefined): boolean {
  return type === 'FOLLOW_UP';
}
