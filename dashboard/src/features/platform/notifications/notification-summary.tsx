import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { NotificationSummary } from '@meridian/domain';
import { getNotificationSummary } from '../../../api/notifications';
import { useResource } from '../../../hooks/use-resource';

/** How often the shell re-reads the counts, so a notice given meanwhile shows without a reload. */
const REFRESH_MS = 60_000;

interface SummaryState {
  summary: NotificationSummary | undefined;
  reload: () => void;
}

const SummaryContext = createContext<SummaryState>({ summary: undefined, reload: () => undefined });

/** Loads the caller's counts once for the whole shell: the bell and the "My tasks" entry read them. */
export function NotificationSummaryProvider({ children }: { children: ReactNode }) {
  const load = useCallback((signal: AbortSignal) => getNotificationSummary(signal), []);
  const { data, reload } = useResource(load, REFRESH_MS);
  return <SummaryContext.Provider value={{ summary: data, reload }}>{children}</SummaryContext.Provider>;
}

export function useNotificationSummary(): SummaryState {
  return useContext(SummaryContext);
}
