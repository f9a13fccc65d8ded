import { useEffect, useRef, useState } from 'react';
import { Button, Callout, Text } from '@tremor/react';
import { AVATAR_MAX_BYTES, type ProfessionalResponse } from '@meridian/domain';
import { toApiError } from '../../../api';
import { initialsOf } from '../../../lib/initials';
import { settingsApi } from './settings-api';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * The profile's photo: the current one (or initials), "Upload photo" / "Replace photo" and
 * "Remove". A chosen file shows at once as a preview while it uploads; Meridian keeps a square
 * thumbnail of it.
 */
export function AvatarEditor({
  professional,
  onChanged,
}: {
  professional: ProfessionalResponse;
  onChanged: (professional: ProfessionalResponse) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string>();
  const [busy, setBusy] = useState<'upload' | 'remove'>();
  const [error, setError] = useState<string>();

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  async function upload(file: File) {
    setError(undefined);
    if (file.size > AVATAR_MAX_BYTES) {
      setError(`The photo is larger than the ${AVATAR_MAX_BYTES / 1024 / 1024} MB limit`);
      return;
    }
    setPreview(URL.createObjectURL(file));
    setBusy('upload');
    try {
      onChanged(await settingsApi.uploadAvatar(professional.id, file));
    } catch (failure) {
      setError(toApiError(failure).message);
    } finally {
      setPreview(undefined);
      setBusy(undefined);
      if (input.current) input.current.value = '';
    }
  }

  async function remove() {
    setError(undefined);
    setBusy('remove');
    try {
      onChanged(await settingsApi.removeAvatar(professional.id));
    } catch (failure) {
      setError(toApiError(failure).message);
    } finally {
      setBusy(undefined);
    }
  }

  const src = preview ?? professional.avatarUrl;
  return (
    <section
      className="mt-4 flex flex-wrap items-center gap-5"
      aria-labelledby="avatar-heading"
      data-testid="avatar-editor"
    >
      {src ? (
        <img
          src={src}
          alt={`${professional.displayName}’s photo`}
          className={`h-24 w-24 rounded-full object-cover ring-1 ring-tremor-border ${preview ? 'opacity-60' : ''}`}
          data-testid={preview ? 'avatar-preview' : 'avatar-image'}
        />
      ) : (
        <div
          className="flex h-24 w-24 items-center justify-center rounded-full bg-tremor-brand-muted text-2xl font-semibold text-tremor-brand-emphasis"
          aria-hidden="true"
          data-testid="avatar-initials"
        >
          {initialsOf(professional.displayName)}
        </div>
      )}
      <div className="space-y-2">
        <h2 id="avatar-heading" className="text-tremor-default font-medium text-tremor-content-strong">
          Photo
        </h2>
        <Text>PNG, JPEG, WebP or GIF, at most 5 MB. It is shown as a square, cropped around the centre.</Text>
        <div className="flex gap-2">
          <input
            ref={input}
            id="avatar-file"
            type="file"
            accept={ACCEPT}
            className="sr-only"
            aria-label="Photo file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
            data-testid="avatar-input"
          />
          <Button
            type="button"
            size="xs"
            variant="secondary"
            loading={busy === 'upload'}
            disabled={busy !== undefined}
            onClick={() => input.current?.click()}
            data-testid="avatar-upload"
          >
            {professional.avatarUrl ? 'Replace photo' : 'Upload photo'}
          </Button>
          {professional.avatarUrl && (
            <Button
              type="button"
              size="xs"
              variant="light"
              color="red"
              loading={busy === 'remove'}
              disabled={busy !== undefined}
              onClick={() => void remove()}
              data-testid="avatar-remove"
            >
              Remove
            </Button>
          )}
        </div>
      </div>
      {error && (
        <Callout className="w-full" title="The photo was not changed" color="red" data-testid="avatar-error">
          {error}
        </Callout>
      )}
    </section>
  );
}
