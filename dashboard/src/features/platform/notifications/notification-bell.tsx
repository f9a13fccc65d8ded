import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { NotificationResponse } from '@meridian/domain';
import { listNotifications, notificationCalls } from '../../../api/notifications';
import { toApiError } from '../../../api';
import { RelativeTime } from '../../../components/relative-time';
import { useNotificationSummary } from './notification-summary';

const PAGE_SIZE = 20;

function countText(unread: number): string {
  return unread === 1 ? '1 unread notification' : `${unread} unread notifications`;
}

/** One notification: its sentence, linked to its page when it has one, when, and "Mark read". */
function NotificationItem({
  item,
  onOpen,
  onMarkRead,
}: {
  item: NotificationResponse;
  onOpen: () => void;
  onMarkRead: (item: NotificationResponse) => void;
}) {
  const sentence = item.path ? (
    <Link to={item.path} className="text-tremor-brand hover:underline" onClick={onOpen}>
      {item.title}
    </Link>
  ) : (
    <span>{item.title}</span>
  );
  return (
    <li
      className={`flex items-start gap-3 px-4 py-3 ${item.unread ? 'bg-tremor-brand-faint' : ''}`}
      data-testid="notification"
      data-unread={item.unread ? 'true' : 'false'}
    >
      <span
        className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${item.unread ? 'bg-tremor-brand' : 'bg-transparent'}`}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1 text-tremor-default text-tremor-content-emphasis">
        <p className={item.unread ? 'font-medium' : ''}>
          {item.unread ? <span className="sr-only">Unread: </span> : null}
          {sentence}
        </p>
        <p className="text-tremor-label text-tremor-content">
          <RelativeTime value={item.createdAt} />
        </p>
      </div>
      {item.unread ? (
        <button
          type="button"
          className="shrink-0 rounded-tremor-small px-2 py-1 text-tremor-label text-tremor-content hover:bg-tremor-background-subtle"
          onClick={() => onMarkRead(item)}
          data-testid="notification-mark-read"
        >
          Mark read
        </button>
      ) : null}
    </li>
  );
}

/** The top bar's bell: the unread count, and a panel listing the user's notifications. */
export function NotificationBell() {
  const { summary, reload: reloadSummary } = useNotificationSummary();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<NotificationResponse[]>();
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string>();
  const container = useRef<HTMLDivElement>(null);
  const unread = summary?.unread ?? 0;

  const load = useCallback(async () => {
    try {
      const page = await listNotifications(1, PAGE_SIZE);
      setItems(page.items);
      setTotal(page.total);
      setError(undefined);
    } catch (failure) {
      setError(toApiError(failure).message);
    }
  }, []);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  // Closes on Escape or a click outside the panel, as a menu does.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onClick = (event: MouseEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  async function act(call: () => Promise<unknown>) {
    try {
      await call();
      await load();
      reloadSummary();
    } catch (failure) {
      setError(toApiError(failure).message);
    }
  }

  return (
    <div className="relative" ref={container}>
      <button
        type="button"
        className="relative rounded-tremor-small p-1.5 text-tremor-content-emphasis hover:bg-tremor-background-subtle"
        aria-label={unread > 0 ? `Notifications: ${countText(unread)}` : 'Notifications'}
        aria-expanded={open}
        aria-controls="notification-panel"
        onClick={() => setOpen((value) => !value)}
        data-testid="notification-bell"
      >
        <svg className="h-5 w-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
          <path d="M10 2a5 5 0 0 0-5 5v2.6l-1.3 2.6A1 1 0 0 0 4.6 14h10.8a1 1 0 0 0 .9-1.8L15 9.6V7a5 5 0 0 0-5-5Zm-2 13.5a2 2 0 0 0 4 0H8Z" />
        </svg>
        {unread > 0 ? (
          <span
            className="absolute -right-1 -top-1 min-w-[1.125rem] rounded-tremor-full bg-red-600 px-1 text-center text-[0.6875rem] font-semibold leading-[1.125rem] text-white"
            data-testid="notification-count"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <section
          id="notification-panel"
          aria-label="Notifications"
          className="absolute right-0 z-30 mt-2 w-96 max-w-[calc(100vw-2rem)] rounded-tremor-default border border-tremor-border bg-tremor-background shadow-tremor-dropdown"
          data-testid="notification-panel"
        >
          <header className="flex items-center justify-between border-b border-tremor-border px-4 py-3">
            <h2 className="text-tremor-default font-semibold text-tremor-content-strong">Notifications</h2>
            <button
              type="button"
              className="text-tremor-label font-medium text-tremor-brand hover:underline disabled:cursor-not-allowed disabled:text-tremor-content-subtle disabled:no-underline"
              disabled={unread === 0}
              onClick={() => void act(notificationCalls.markAllRead)}
              data-testid="notification-mark-all-read"
            >
              Mark all read
            </button>
          </header>
          {error ? (
            <p className="px-4 py-3 text-tremor-default text-red-700" role="alert">
              {error}
            </p>
          ) : null}
          {items === undefined && !error ? (
            <p className="px-4 py-3 text-tremor-default text-tremor-content">Loading…</p>
          ) : null}
          {items?.length === 0 ? (
            <p
              className="px-4 py-6 text-center text-tremor-default text-tremor-content"
              data-testid="notifications-empty"
            >
              Nothing yet. You will be told here when a task is given to you or someone mentions you.
            </p>
          ) : null}
          {items && items.length > 0 ? (
            <ul className="max-h-96 divide-y divide-tremor-border overflow-y-auto" data-testid="notification-list">
              {items.map((item) => (
                <NotificationItem
                  key={item.id}
                  item={item}
                  onOpen={() => {
                    setOpen(false);
                    if (item.unread) void act(() => notificationCalls.markRead(item.id));
                  }}
                  onMarkRead={(read) => void act(() => notificationCalls.markRead(read.id))}
                />
              ))}
            </ul>
          ) : null}
          {total > PAGE_SIZE ? (
            <p className="border-t border-tremor-border px-4 py-2 text-tremor-label text-tremor-content">
              The newest {PAGE_SIZE} of {total}.
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
