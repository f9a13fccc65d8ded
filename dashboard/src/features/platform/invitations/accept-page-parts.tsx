import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Callout, Card } from '@tremor/react';
import type { InvitationAcceptanceKind, InvitationCodeValidityResponse } from '@meridian/domain';
import { type ApiError, toApiError } from '../../../api';
import { BrandMark } from '../../../components/brand-mark';
import { validateCode } from './invitation-kinds-api';

// The pieces the public acceptance pages share (an account's and a client's): the page frame,
// the code check, and what the invitee reads while it runs or when the link cannot be used.

export type InvitationCheck =
  | { state: 'checking' }
  | { state: 'valid'; invitation: InvitationCodeValidityResponse }
  | { state: 'invalid'; error: ApiError };

/**
 * Checks `code` for `kind` when the page opens (`onValid` sees the invitation once it is known);
 * `invalidate` marks the link unusable after an acceptance the API refused with 404 or 409.
 */
export function useInvitationCheck(
  code: string,
  kind: InvitationAcceptanceKind,
  onValid?: (invitation: InvitationCodeValidityResponse) => void,
): { check: InvitationCheck; invalidate: (error: ApiError) => void } {
  const [check, setCheck] = useState<InvitationCheck>({ state: 'checking' });
  const navigate = useNavigate();
  useEffect(() => {
    const controller = new AbortController();
    validateCode(code, kind, controller.signal)
      .then((invitation) => {
        // The same type, another acceptance (an advisor's code opened as a team member's): its page.
        if (invitation.kind !== kind) {
          void navigate(`/accept/${invitation.kind}/${encodeURIComponent(code)}`, { replace: true });
          return;
        }
        setCheck({ state: 'valid', invitation });
        onValid?.(invitation);
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setCheck({ state: 'invalid', error: toApiError(failure) });
      });
    return () => controller.abort();
    // onValid is read when the answer arrives; a new one does not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code, kind]);
  const invalidate = (error: ApiError) => {
    if (error.status === 409 || error.status === 404) setCheck({ state: 'invalid', error });
  };
  return { check, invalidate };
}

/** The frame of a public acceptance page: the brand, the heading, and a card for the rest. */
export function AcceptPageShell({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-tremor-background-muted px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 flex flex-col items-center text-center">
          <BrandMark size="lg" />
          <h1 className="mt-6 text-xl font-semibold text-tremor-content-strong">{heading}</h1>
        </div>
        <Card className="p-6" data-testid="accept-invitation">
          {children}
        </Card>
      </div>
    </main>
  );
}

/** What an invitee reads when the link cannot be used, by the API's answer. */
function invalidTitle(error: ApiError): string {
  if (error.status === 409) return 'This invitation can no longer be used';
  if (error.status === 404) return 'This invitation link is not valid';
  if (error.status === 429) return 'Too many attempts';
  return 'The invitation could not be checked';
}

/**
 * The check while it runs, or why the link cannot be used (`usedUp`: the words for a 409) and
 * what to do instead (`children`); nothing once the invitation is valid.
 */
export function InvitationCheckStatus({
  check,
  usedUp,
  children,
}: {
  check: InvitationCheck;
  usedUp: string;
  children: ReactNode;
}) {
  if (check.state === 'checking') {
    return (
      <p className="text-tremor-default text-tremor-content" role="status">
        Checking your invitation…
      </p>
    );
  }
  if (check.state === 'invalid') {
    return (
      <Callout title={invalidTitle(check.error)} color="rose" role="alert" data-testid="accept-invalid">
        <span className="block" data-testid="accept-invalid-message">
          {check.error.status === 409 ? usedUp : check.error.message}
        </span>
        <span className="mt-2 block">{children}</span>
      </Callout>
    );
  }
  return null;
}
