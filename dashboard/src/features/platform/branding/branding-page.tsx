import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Button, Callout, Card } from '@tremor/react';
import { LOGO_SIZES, type BrandLogoView, type BrandView } from '@meridian/domain';
import { toApiError } from '../../../api';
import { LoadingState } from '../../../components/full-page-status';
import { useResource } from '../../../hooks/use-resource';
import { formatExact, formatRelative } from '../../../lib/relative-time';
import { useCan } from '../auth/use-can';
import { listBrands, uploadLogo } from './branding-api';

type LogoType = BrandLogoView['type'];

const LOGO_KINDS: readonly { type: LogoType; title: string; hint: string }[] = [
  {
    type: 'SQUARE',
    title: 'Square logo',
    hint: 'Shown in the app’s top bar and wherever space is tight. A square image of at least 512 × 512 pixels looks best.',
  },
  {
    type: 'HORIZONTAL',
    title: 'Horizontal logo',
    hint: 'Your full logo with the firm’s name, for documents and wider headers. About four times as wide as it is tall.',
  },
];

const SIZE_LABELS: Record<string, string> = { small: 'Small', medium: 'Medium', large: 'Large' };

/** Settings → Branding: the firm's two logos, each with its processed sizes and the state of the latest upload. */
export default function BrandingPage() {
  const brands = useResource(listBrands);
  const brand = brands.data?.[0];
  const processing = brand?.logos.some((logo) => logo.status === 'PROCESSING') ?? false;
  const { reload } = brands;

  useEffect(() => {
    if (!processing) return;
    const timer = window.setInterval(reload, 1500);
    return () => window.clearInterval(timer);
  }, [processing, reload]);

  return (
    <div className="mx-auto max-w-5xl space-y-6" data-testid="branding-page">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Branding</h1>
        <p className="mt-1 text-tremor-default text-tremor-content">
          Your firm’s logos. Upload an image and Meridian makes the sizes it needs; the current logo stays until the new
          one is ready.
        </p>
      </div>
      {brands.error && !brand ? (
        <Callout title="Branding could not be loaded" color="red">
          {brands.error.message}
        </Callout>
      ) : !brand ? (
        <LoadingState />
      ) : (
        LOGO_KINDS.map((kind) => <LogoCard key={kind.type} brand={brand} kind={kind} onChanged={reload} />)
      )}
    </div>
  );
}

function LogoCard({
  brand,
  kind,
  onChanged,
}: {
  brand: BrandView;
  kind: (typeof LOGO_KINDS)[number];
  onChanged: () => void;
}) {
  const canManage = useCan()('ORGANIZATION_MANAGE');
  const logo = brand.logos.find((candidate) => candidate.type === kind.type);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const testId = `logo-${kind.type.toLowerCase()}`;
  const sizes = logo ? Object.entries(logo.urls) : [];

  const upload = useCallback(
    async (file: File) => {
      setUploading(true);
      setError(undefined);
      try {
        await uploadLogo(brand.id, kind.type, file);
        onChanged();
      } catch (failure) {
        setError(toApiError(failure).message);
      } finally {
        setUploading(false);
        if (input.current) input.current.value = '';
      }
    },
    [brand.id, kind.type, onChanged],
  );

  return (
    <Card data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 max-w-xl">
          <h2 className="text-lg font-semibold text-tremor-content-strong">{kind.title}</h2>
          <p className="mt-1 text-tremor-default text-tremor-content">{kind.hint}</p>
          <p className="mt-1 text-tremor-label text-tremor-content-subtle">PNG, JPEG, WebP or GIF, up to 10 MB.</p>
        </div>
        <div className="flex items-center gap-3">
          {logo?.status === 'PROCESSING' || uploading ? (
            <Badge color="blue" data-testid={`${testId}-status`}>
              {uploading ? 'Uploading…' : 'Making sizes…'}
            </Badge>
          ) : logo?.status === 'READY' && logo.processedAt ? (
            <span className="text-tremor-label text-tremor-content" title={formatExact(new Date(logo.processedAt))}>
              Updated {formatRelative(new Date(logo.processedAt), new Date())}
            </span>
          ) : null}
          {canManage ? (
            <>
              <input
                ref={input}
                id={`${testId}-file`}
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                className="sr-only"
                data-testid={`${testId}-input`}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void upload(file);
                }}
              />
              <Button
                size="xs"
                loading={uploading}
                disabled={uploading || logo?.status === 'PROCESSING'}
                onClick={() => input.current?.click()}
              >
                {sizes.length > 0 ? 'Replace logo' : 'Upload logo'}
              </Button>
            </>
          ) : null}
        </div>
      </div>

      {error ? (
        <Callout className="mt-4" title="The logo was not uploaded" color="red" data-testid={`${testId}-error`}>
          {error}
        </Callout>
      ) : null}
      {logo?.status === 'FAILED' ? (
        <Callout
          className="mt-4"
          title="The last upload could not be used"
          color="amber"
          data-testid={`${testId}-failure`}
        >
          <p>{logo.error}.</p>
          <p className="mt-1">
            {sizes.length > 0 ? 'The logo below is still in use.' : 'Upload another image to use as your logo.'}
          </p>
        </Callout>
      ) : null}

      {sizes.length > 0 ? (
        <ul className="mt-6 flex flex-wrap items-end gap-8" data-testid={`${testId}-sizes`}>
          {sizes.map(([name, url]) => {
            const pixels = LOGO_SIZES[name as keyof typeof LOGO_SIZES];
            return (
              <li key={name} className="flex flex-col items-center gap-2">
                <div className="flex items-center justify-center rounded-tremor-small border border-dashed border-tremor-border bg-tremor-background-subtle p-2">
                  <img
                    src={url}
                    alt={`${kind.title}, ${SIZE_LABELS[name] ?? name}`}
                    style={{ maxWidth: Math.min(pixels ?? 128, 256), maxHeight: Math.min(pixels ?? 128, 128) }}
                  />
                </div>
                <span className="text-tremor-label text-tremor-content">
                  {SIZE_LABELS[name] ?? name}
                  {pixels ? ` · ${kind.type === 'SQUARE' ? `${pixels} × ${pixels}` : `up to ${pixels} px tall`}` : ''}
                </span>
              </li>
            );
          })}
        </ul>
      ) : logo?.status !== 'PROCESSING' && !uploading ? (
        <p className="mt-6 text-tremor-default text-tremor-content" data-testid={`${testId}-empty`}>
          No {kind.title.toLowerCase()} yet.{' '}
          {canManage ? 'Upload an image to use it across Meridian.' : 'An admin can upload one.'}
        </p>
      ) : null}
    </Card>
  );
}
