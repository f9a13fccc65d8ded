import { useCallback, useEffect, useState } from 'react';
import { type ApiError, toApiError } from '../api';

export interface Resource<T> {
  /** The last successful result; kept while a refresh is in flight or after a failed refresh. */
  data: T | undefined;
  /** The error of the latest attempt, cleared by the next success. */
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads data from the API when the component mounts, on `reload()`, and every `refreshMs` if given.
 * `load` must be stable (a module-level function or a memoised callback).
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, refreshMs?: number): Resource<T> {
  const [attempt, setAttempt] = useState(0);
  const [data, setData] = useState<T>();
  const [error, setError] = useState<ApiError>();
  const [loading, setLoading] = useState(true);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    load(controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        setData(result);
        setError(undefined);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(toApiError(failure));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [load, attempt]);

  useEffect(() => {
    if (!refreshMs) return;
    const timer = window.setInterval(reload, refreshMs);
    return () => window.clearInterval(timer);
  }, [refreshMs, reload]);

  return { data, error, loading, reload };
}
