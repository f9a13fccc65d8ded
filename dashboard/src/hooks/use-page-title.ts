import { useEffect } from 'react';

export const APP_TITLE = 'Meridian';

/**
 * The browser tab's title: "<title> · Meridian". Each route names its page (app-routes.tsx); a
 * detail page calls this again with what it shows ("Jane Doe") once loaded. Nothing happens while
 * `title` is empty, so a page still loading keeps its route's title instead of flashing the bare name.
 */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} · ${APP_TITLE}`;
  }, [title]);
}
