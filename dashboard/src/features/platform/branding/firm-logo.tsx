import { useEffect } from 'react';
import { BrandMark } from '../../../components/brand-mark';
import { useResource } from '../../../hooks/use-resource';
import { BRANDING_CHANGED, listBrands } from './branding-api';

/**
 * The shell's mark: the firm's square logo once one is processed, else the Meridian mark. While a
 * new logo is being made it checks again every few seconds.
 */
export function FirmLogo({ organizationName }: { organizationName: string }) {
  const brands = useResource(listBrands);
  const logo = brands.data?.[0]?.logos.find((candidate) => candidate.type === 'SQUARE');
  const { reload } = brands;
  const processing = logo?.status === 'PROCESSING';

  useEffect(() => {
    window.addEventListener(BRANDING_CHANGED, reload);
    return () => window.removeEventListener(BRANDING_CHANGED, reload);
  }, [reload]);
  useEffect(() => {
    if (!processing) return;
    const timer = window.setInterval(reload, 2000);
    return () => window.clearInterval(timer);
  }, [processing, reload]);

  const src = logo?.urls.medium ?? logo?.urls.small;
  if (!src) return <BrandMark />;
  return (
    <img
      src={src}
      alt={`${organizationName} logo`}
      className="h-9 w-9 rounded-tremor-small object-contain"
      data-testid="firm-logo"
    />
  );
}
