import type { ReactNode } from 'react';
import { Badge, Card, Title } from '@tremor/react';

/** A card of one kind of record: its rows, and the form that adds one. */
export function RecordCard({
  title,
  testId,
  children,
  error,
}: {
  title: string;
  testId: string;
  children: ReactNode;
  error?: string | undefined;
}) {
  return (
    <Card data-testid={testId} className="space-y-3">
      <Title>{title}</Title>
      {error && (
        <p role="alert" className="text-tremor-default text-red-600" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
      {children}
    </Card>
  );
}

/** A card of records, one per row (or `empty` when there is none), then `children`: the form that adds one. */
export function RecordsCard<T>({
  title,
  testId,
  error,
  items,
  empty,
  row,
  children,
}: {
  title: string;
  testId: string;
  error?: string | undefined;
  items: readonly T[];
  empty: string;
  row: (item: T) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <RecordCard title={title} testId={testId} error={error}>
      {items.length === 0 && <Empty>{empty}</Empty>}
      <ul className="divide-y divide-tremor-border">{items.map((item) => row(item))}</ul>
      {children}
    </RecordCard>
  );
}

export function RecordRow({
  children,
  primary,
  actions,
  testId,
}: {
  children: ReactNode;
  primary?: boolean;
  actions?: ReactNode;
  testId: string;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid={testId}>
      <span className="flex min-w-0 items-center gap-2 text-tremor-default text-tremor-content-emphasis">
        {children}
        {primary && (
          <Badge size="xs" color="emerald" data-testid="primary-badge">
            Primary
          </Badge>
        )}
      </span>
      <span className="flex gap-1">{actions}</span>
    </li>
  );
}

export function SmallButton({
  onClick,
  children,
  testId,
  disabled,
}: {
  onClick: () => void;
  children: ReactNode;
  testId?: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
      className="rounded-tremor-small px-2 py-1 text-tremor-label font-medium text-tremor-brand hover:bg-tremor-brand-faint disabled:opacity-40"
    >
      {children}
    </button>
  );
}

/**
 * The actions of a record that may be the primary one, after `children`: Set as primary on the
 * others (and Unset primary on the primary one, where it may be unset), then Remove.
 */
export function PrimaryRowActions({
  primary,
  setPrimary,
  unsetPrimary,
  remove,
  children,
}: {
  primary: boolean;
  setPrimary: () => void;
  unsetPrimary?: (() => void) | undefined;
  remove: () => void;
  children?: ReactNode;
}) {
  return (
    <>
      {children}
      {primary ? (
        unsetPrimary && <SmallButton onClick={unsetPrimary}>Unset primary</SmallButton>
      ) : (
        <SmallButton onClick={setPrimary}>Set as primary</SmallButton>
      )}
      <SmallButton onClick={remove}>Remove</SmallButton>
    </>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="text-tremor-default text-tremor-content">{children}</p>;
}
