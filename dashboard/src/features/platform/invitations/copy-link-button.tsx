import { useState } from 'react';
import { Button, Callout } from '@tremor/react';

/** Copies an accept link; the link also shows as selectable text for a browser without clipboard access. */
export function CopyLinkButton({ link, testId }: { link: string; testId: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }
  return (
    <span className="inline-flex items-center gap-2">
      <Button size="xs" variant="secondary" onClick={() => void copy()} data-testid={testId}>
        {copied === 'yes' ? 'Copied' : 'Copy link'}
      </Button>
      {copied === 'failed' && (
        <span className="text-tremor-label text-tremor-content">Select the link and copy it yourself</span>
      )}
    </span>
  );
}

/** A notice after inviting, with the link to copy when the invitation went out as one. */
export function InvitationNotice({
  notice,
  testId,
}: {
  notice: { text: string; link?: string | undefined };
  testId: string;
}) {
  return (
    <Callout title={notice.text} color="blue" data-testid={testId}>
      {notice.link && (
        <span className="mt-1 flex flex-wrap items-center gap-2">
          <span className="break-all" data-testid={`${testId}-link`}>
            {notice.link}
          </span>
          <CopyLinkButton link={notice.link} testId={`${testId}-copy`} />
        </span>
      )}
    </Callout>
  );
}
