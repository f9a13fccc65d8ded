import type { ReactNode } from 'react';
import { Badge, Card, Metric, Text } from '@tremor/react';
import { Link } from 'react-router';
import { enumLabel, formatMoney, formatShortDate, type HomeView } from '@meridian/domain';
import { RelativeTime } from '../../../components/relative-time';
import { RUN_STATUS } from '../../../components/run-status';
import { formatCount } from '../../../lib/format';

type MoneyJson = HomeView['assetsUnderManagement']['total'];

/** '$1,234.50' in the page's currency, the code added when it is another one. */
function money(amount: MoneyJson, pageCurrency: string): string {
  const shown = formatMoney(amount.value);
  return amount.currency === pageCurrency ? shown : `${shown} ${amount.currency}`;
}

function days(count: number | null, never: string): string {
  if (count === null) return never;
  return count === 1 ? '1 day' : `${formatCount(count)} days`;
}

/** A card of the home page: a title, a figure or list, and a link to the list it comes from. */
function TodayCard({
  title,
  testId,
  link,
  children,
}: {
  title: string;
  testId: string;
  link?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Card className="flex h-full flex-col gap-3" data-testid={testId} role="region" aria-label={title}>
      <h2 className="text-tremor-default font-medium text-tremor-content-strong">{title}</h2>
      <div className="flex-1 space-y-2">{children}</div>
      {link && (
        <Link
          to={link.to}
          className="text-tremor-default font-medium text-tremor-brand hover:underline"
          data-testid={`${testId}-link`}
        >
          {link.label} →
        </Link>
      )}
    </Card>
  );
}

function Rows({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <ul className="divide-y divide-tremor-border text-tremor-default" data-testid={testId}>
      {children}
    </ul>
  );
}

function Row({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-1.5" data-testid={testId}>
      {children}
    </li>
  );
}

function More({ shown, count }: { shown: number; count: number }) {
  if (count <= shown) return null;
  return <Text className="text-tremor-label">and {formatCount(count - shown)} more</Text>;
}

/** Amounts a card could not add up: no rate to the page's currency is stored. Never counted 1:1. */
function LeftOut({ items, currency }: { items: HomeView['assetsUnderManagement']['unconverted']; currency: string }) {
  if (items.length === 0) return null;
  return (
    <p className="text-tremor-label text-amber-700" data-testid="left-out">
      Not included, no exchange rate to {currency}:{' '}
      {items.map((item) => `${formatMoney(item.total.value)} ${item.currency}`).join(', ')}. An administrator sets rates
      under Financial records.
    </p>
  );
}

function withAdvisor(path: string, home: HomeView): string {
  return home.scope.kind === 'ADVISOR' && home.scope.advisorId ? `${path}&advisorId=${home.scope.advisorId}` : path;
}

export function AssetsCard({ home }: { home: HomeView }) {
  const aum = home.assetsUnderManagement;
  return (
    <TodayCard
      title="Assets under management"
      testId="home-aum"
      link={{ to: '/financial-records', label: 'Households’ financials' }}
    >
      <Metric className="tabular-nums" data-testid="home-aum-value">
        {money(aum.total, home.currency)}
      </Metric>
      <Text>
        Market value of {formatCount(aum.accountCount)} investment {aum.accountCount === 1 ? 'account' : 'accounts'} in{' '}
        {formatCount(home.scope.householdCount)} {home.scope.householdCount === 1 ? 'household' : 'households'}, in{' '}
        {home.currency}.
      </Text>
      <LeftOut items={aum.unconverted} currency={home.currency} />
    </TodayCard>
  );
}

export function NetNewAssetsCard({ home }: { home: HomeView }) {
  const nna = home.netNewAssets;
  const negative = nna.total.value.startsWith('-');
  return (
    <TodayCard title="Net new assets, last 12 months" testId="home-nna">
      <Metric className={`tabular-nums ${negative ? 'text-rose-700' : ''}`} data-testid="home-nna-value">
        {money(nna.total, home.currency)}
      </Metric>
      <Text>
        Deposits into investment accounts ({money(nna.deposits, home.currency)}) minus withdrawals (
        {money(nna.withdrawals, home.currency)}), from their posted transactions, {formatShortDate(nna.from, true)} to{' '}
        {formatShortDate(nna.to, true)}.
      </Text>
      {nna.transactionCount === 0 && (
        <Text className="text-tremor-label">
          No investment-account transactions yet: link a bank or brokerage on a household’s financial page.
        </Text>
      )}
      <LeftOut items={nna.unconverted} currency={home.currency} />
    </TodayCard>
  );
}

export function ReviewsCard({ home }: { home: HomeView }) {
  const { count, items } = home.reviewsDue;
  return (
    <TodayCard
      title="Reviews due"
      testId="home-reviews"
      link={{ to: withAdvisor('/crm/households?reviewOverdue=true', home), label: 'All households due' }}
    >
      <Text>
        <span className="font-semibold text-tremor-content-strong" data-testid="home-reviews-count">
          {formatCount(count)}
        </span>{' '}
        {count === 1 ? 'household has' : 'households have'} had neither a KYC update nor a meeting in 12 months.
      </Text>
      {count === 0 ? (
        <Text>Every household was reviewed in the last 12 months.</Text>
      ) : (
        <Rows testId="home-reviews-rows">
          {items.map((item) => (
            <Row key={item.householdId} testId="home-review">
              <Link
                to={`/crm/households/${item.householdId}`}
                className="font-medium text-tremor-brand hover:underline"
              >
                {item.householdName}
              </Link>
              <span className="text-tremor-label text-tremor-content">
                Days since last KYC update: {days(item.daysSinceLastKycUpdate, 'never')} · Days since last meeting:{' '}
                {days(item.daysSinceLastMeeting, 'never')}
              </span>
            </Row>
          ))}
        </Rows>
      )}
      <More shown={items.length} count={count} />
    </TodayCard>
  );
}

export function BirthdaysCard({ home }: { home: HomeView }) {
  const { count, items, withinDays } = home.birthdays;
  return (
    <TodayCard
      title={`Birthdays in the next ${withinDays} days`}
      testId="home-birthdays"
      link={{
        to: withAdvisor(`/crm/contacts?birthdayWithinDays=${withinDays}`, home),
        label: 'All upcoming birthdays',
      }}
    >
      {count === 0 ? (
        <Text>No birthday coming up. Dates of birth are set on each household member.</Text>
      ) : (
        <Rows testId="home-birthday-rows">
          {items.map((item) => (
            <Row key={item.contactId} testId="home-birthday">
              <Link to={`/crm/contacts/${item.contactId}`} className="font-medium text-tremor-brand hover:underline">
                {item.name}
              </Link>
              <span className="text-tremor-label text-tremor-content">
                turns {item.turns} on {formatShortDate(item.date, true)} (
                {item.daysUntil === 0 ? 'today' : `in ${days(item.daysUntil, '')}`})
              </span>
            </Row>
          ))}
        </Rows>
      )}
      <More shown={items.length} count={count} />
    </TodayCard>
  );
}

export function DeadlinesCard({ home }: { home: HomeView }) {
  const { rrspDeadline: rrsp, conversions } = home;
  return (
    <TodayCard title="Registered-account deadlines" testId="home-deadlines">
      <div data-testid="home-rrsp">
        <p className="text-tremor-default text-tremor-content-strong">
          RRSP contributions for {rrsp.taxYear}: by{' '}
          <span className="font-semibold">{formatShortDate(rrsp.date, true)}</span>{' '}
          {rrsp.daysLeft === 0 ? '(today)' : `(in ${days(rrsp.daysLeft, '')})`}
        </p>
        <Text className="text-tremor-label">
          {rrsp.open
            ? 'The first 60 days of the year still count for last year.'
            : 'Contributions made by then count for this tax year.'}{' '}
          {formatCount(rrsp.holderCount)} {rrsp.holderCount === 1 ? 'person holds' : 'people hold'} an RRSP.
        </Text>
      </div>
      <h3 className="pt-1 text-tremor-default font-medium text-tremor-content-strong">Conversions at 71</h3>
      {conversions.count === 0 ? (
        <Text>No one turns 71 this year with an account to convert.</Text>
      ) : (
        <Rows testId="home-conversion-rows">
          {conversions.items.map((item) => (
            <Row key={`${item.recordId}-${item.personId}`} testId="home-conversion">
              <span>
                <Link
                  to={`/financial-records/${item.householdId}`}
                  className="font-medium text-tremor-brand hover:underline"
                >
                  {item.personName}
                </Link>{' '}
                <span className="text-tremor-content">
                  {enumLabel('InvestmentAccountType', item.accountType)} to{' '}
                  {enumLabel('InvestmentAccountType', item.convertsTo)}
                </span>
              </span>
              <span className="flex items-center gap-2 text-tremor-label text-tremor-content">
                by {formatShortDate(item.deadline, true)}
                {item.overdue && (
                  <Badge color="rose" size="xs">
                    Overdue
                  </Badge>
                )}
              </span>
            </Row>
          ))}
        </Rows>
      )}
      <More shown={conversions.items.length} count={conversions.count} />
    </TodayCard>
  );
}

/**
 * The failed runs of the days the job queues keep a failed job: the same failures the queues below
 * count, some of them since retried by a run that succeeded.
 */
function failedRunsSentence(failedRuns: number, days: number, failingConnections: number): string {
  if (failedRuns === 0) return `No run failed in the last ${days} days.`;
  const runs = `${formatCount(failedRuns)} ${failedRuns === 1 ? 'run' : 'runs'} failed in the last ${days} days`;
  if (failingConnections === 0) return `${runs}; every connection has run again since without failing.`;
  return `${runs}.`;
}

export function SyncsCard({ syncs }: { syncs: NonNullable<HomeView['syncs']> }) {
  const total = syncs.failedCount + syncs.staleCount;
  return (
    <TodayCard
      title="Syncs needing attention"
      testId="home-syncs"
      link={{ to: '/connections?status=FAILED', label: 'Failed runs' }}
    >
      <Text>
        <span className="font-semibold text-tremor-content-strong" data-testid="home-syncs-failed">
          {formatCount(syncs.failedCount)}
        </span>{' '}
        {syncs.failedCount === 1 ? 'connection' : 'connections'} failing,{' '}
        <span className="font-semibold text-tremor-content-strong" data-testid="home-syncs-stale">
          {formatCount(syncs.staleCount)}
        </span>{' '}
        missed their schedule.
      </Text>
      <Text>
        <span data-testid="home-syncs-failed-runs">
          {failedRunsSentence(syncs.failedRunCount, syncs.failedRunDays, syncs.failedCount)}
        </span>
      </Text>
      {total === 0 ? (
        <Text>Every connection synced on schedule.</Text>
      ) : (
        <Rows testId="home-sync-rows">
          {syncs.items.map((item) => (
            <Row key={item.connectionId} testId="home-sync">
              <span>
                {item.lastRunId ? (
                  <Link
                    to={`/connections/runs/${item.lastRunId}`}
                    className="font-medium text-tremor-brand hover:underline"
                  >
                    {item.name}
                  </Link>
                ) : (
                  <span className="font-medium">{item.name}</span>
                )}
                {item.householdName && <span className="text-tremor-content"> · {item.householdName}</span>}
              </span>
              <span className="flex items-center gap-2 text-tremor-label text-tremor-content">
                {item.problem === 'FAILED' && item.lastRunStatus ? (
                  <Badge color={RUN_STATUS[item.lastRunStatus].colour} size="xs">
                    {RUN_STATUS[item.lastRunStatus].label}
                  </Badge>
                ) : (
                  <Badge color="amber" size="xs">
                    Late
                  </Badge>
                )}
                last synced <RelativeTime value={item.lastSyncedAt} empty="never" />
              </span>
            </Row>
          ))}
        </Rows>
      )}
      <More shown={syncs.items.length} count={total} />
    </TodayCard>
  );
}
