import { useEffect } from 'react';
import { useResource } from '../../../hooks/use-resource';
import { initialsOf } from '../../../lib/initials';
import { AVATAR_CHANGED, settingsApi } from '../settings/settings-api';

/** The signed-in user's photo in the top bar (their professional profile's avatar), else their initials. */
export function UserAvatar({ name }: { name: string }) {
  const professional = useResource(settingsApi.myProfessional);
  const { reload } = professional;
  useEffect(() => {
    window.addEventListener(AVATAR_CHANGED, reload);
    return () => window.removeEventListener(AVATAR_CHANGED, reload);
  }, [reload]);

  const src = professional.data?.avatarUrl;
  if (src) {
    return <img src={src} alt="" className="h-8 w-8 rounded-full object-cover" data-testid="user-avatar" />;
  }
  return (
    <span
      className="flex h-8 w-8 items-center justify-center rounded-full bg-tremor-brand-muted text-tremor-label font-semibold text-tremor-brand-emphasis"
      aria-hidden="true"
      data-testid="user-initials"
    >
      {initialsOf(name)}
    </span>
  );
}
