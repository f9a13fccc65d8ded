/**
 * The normalized records a sync writes. A connector maps every outside payload to these; the
 * worker upserts them through `ExternalLink (service, sourceId) -> entityId` without knowing which
 * provider they came from.
 */
import type {
  BankAccountType,
  CashFlowType,
  CurrencyCode,
  FlowDirection,
  InvestmentAccountType,
  PaymentFrequency,
  SecuredLoanPurpose,
  TaxStatus,
  TransactionCategoryGroup,
  TransactionCategoryNature,
} from '@meridian/domain';

export const RecordKind = ['financial-account', 'transaction', 'recurring-stream', 'meeting'] as const;
export type RecordKind = (typeof RecordKind)[number];

/** An amount as a decimal string (never a float) with its currency: the domain's MoneyJson without a date. */
export interface MoneyValue {
  value: string;
  currency: CurrencyCode;
}

/** What the provider said about the account's money, each in the account's currency. */
export interface AccountBalances {
  /** Funds in the account, or owed on a credit card or loan (positive = owed). */
  current: MoneyValue | null;
  /** Funds that can be withdrawn now (credit: limit less balance), when the institution reports it. */
  available: MoneyValue | null;
  /** Credit limit (credit cards, lines of credit), or an overdraft limit. */
  limit: MoneyValue | null;
}

interface FinancialAccountBase {
  kind: 'financial-account';
  /** The provider's account id: the key of the external link. */
  sourceId: string;
  /** Accounts from a sync are always live connections. */
  connectionType: 'CONNECTION';
  name: string;
  officialName: string | null;
  /** Last 2-4 characters of the account number, as the provider shows them. */
  mask: string | null;
  institution: { sourceId: string | null; name: string | null } | null;
  balances: AccountBalances;
  /** The provider's own classification, kept for support and for re-mapping later. */
  provider: { type: string; subtype: string | null };
}

/**
 * A bank, credit, loan or investment account, as one of our financial record types. `subtype` is
 * the type-specific classification: a BankAccountType, an InvestmentAccountType, or null for the
 * record types that have none.
 */
export type NormalizedFinancialAccount = FinancialAccountBase &
  (
    | { recordType: 'BANK_ACCOUNT'; subtype: BankAccountType }
    | {
        recordType: 'INVESTMENT_ACCOUNT';
        subtype: InvestmentAccountType;
        /** What the provider's subtype tells about taxation; null when it does not say. */
        taxStatus: TaxStatus | null;
      }
    | { recordType: 'CREDIT_CARD'; subtype: null }
    | { recordType: 'MORTGAGE'; subtype: null }
    | { recordType: 'LOAN' | 'LINE_OF_CREDIT'; subtype: null; securedType: SecuredLoanPurpose | null }
  );

/** A transaction's category: our catalogue's code when there is one, and its group and nature. */
export interface CategoryAssignment {
  /**
   * Our transaction category, e.g. `FOOD_AND_DRINK_GROCERIES` (the catalogue holds Plaid's v1
   * detailed categories); null for a provider code without an equivalent there, which still has a
   * group and nature from its primary.
   */
  code: string | null;
  /** The provider's code as received. */
  providerCode: string;
  group: TransactionCategoryGroup;
  nature: TransactionCategoryNature;
}

export interface NormalizedTransaction {
  kind: 'transaction';
  sourceId: string;
  /** The provider's id of the account it belongs to (a `financial-account` sourceId). */
  accountSourceId: string;
  /** Posting date, YYYY-MM-DD. */
  date: string;
  authorizedDate: string | null;
  /** Never negative: the sign is in `direction`. */
  amount: MoneyValue;
  direction: FlowDirection;
  description: string;
  merchantName: string | null;
  pending: boolean;
  /** For a posted transaction, the pending one it replaces (which the provider removes). */
  pendingSourceId: string | null;
  category: CategoryAssignment | null;
}

/** Recurring payments or deposits the provider detected on an account. */
export interface NormalizedRecurringStream {
  kind: 'recurring-stream';
  sourceId: string;
  accountSourceId: string;
  name: string;
  merchantName: string | null;
  direction: FlowDirection;
  /** INFLOW streams are income, OUTFLOW streams expenses. */
  flowType: Extract<CashFlowType, 'INCOME' | 'EXPENSE'>;
  /** Null when the provider could not tell. */
  frequency: PaymentFrequency | null;
  /** Never negative: the sign is in `direction`. */
  averageAmount: MoneyValue | null;
  lastAmount: MoneyValue | null;
  firstDate: string;
  lastDate: string;
  predictedNextDate: string | null;
  isActive: boolean;
  /** The provider's maturity of the detection (Plaid: MATURE, EARLY_DETECTION, TOMBSTONED, UNKNOWN). */
  status: string;
  transactionSourceIds: string[];
  category: CategoryAssignment | null;
}

/** Someone invited to a calendar event, by address (lower-cased: contacts and team members are matched by it). */
export interface MeetingParticipantRecord {
  email: string;
  name: string | null;
}

/**
 * A calendar event as a meeting. A cancelled (deleted) event is not one of these: the connector
 * sends it as a `RemovedRecord` of kind `meeting`, and the meeting is cancelled, not deleted.
 */
export interface NormalizedMeeting {
  kind: 'meeting';
  /** The provider's event id (Nylas: the event id): the key of the external link and the meeting's eventId. */
  sourceId: string;
  /** The provider's calendar the event is in. */
  calendarId: string | null;
  /** Cut to a meeting title's length; null when the event has none. */
  title: string | null;
  description: string | null;
  location: string | null;
  start: Date;
  end: Date;
  /** Whole minutes, at least 1. */
  durationMinutes: number;
  /** An all-day event: its first and last day (inclusive), YYYY-MM-DD, read in `timeZone`. */
  allDay: { first: string; last: string } | null;
  /** The IANA zone the event is shown in; null when the provider names none we know. */
  timeZone: string | null;
  /** One per address; the connection's own account may be among them. */
  participants: MeetingParticipantRecord[];
  organizerEmail: string | null;
  /** When the provider last changed the event (whole seconds); null when it does not say. */
  providerUpdatedAt: Date | null;
  /** Our meeting's id when Meridian wrote the event to the calendar (so it is not made twice). */
  meridianMeetingId: string | null;
}

export type NormalizedRecord =
  NormalizedFinancialAccount | NormalizedTransaction | NormalizedRecurringStream | NormalizedMeeting;

/** A record the provider deleted. */
export interface RemovedRecord {
  kind: RecordKind;
  sourceId: string;
}
