import type { BrandView } from '@meridian/domain';
import { apiRequest } from '../../../api/client';
import { uploadFile } from '../../../api/upload';

/** Told when a logo changes, so the shell shows the new one without a reload. */
export const BRANDING_CHANGED = 'meridian:branding-changed';

export function listBrands(signal?: AbortSignal) {
  return apiRequest<BrandView[]>('/brands', { signal });
}

/**
 * Uploads an image and makes it the brand's logo of that type: asks for a signed address, PUTs the
 * bytes there, then asks for the logo's sizes to be made (in the background).
 */
export async function uploadLogo(brandId: string, type: 'HORIZONTAL' | 'SQUARE', file: File): Promise<BrandView> {
  const ticket = await uploadFile(file);
  const brand = await apiRequest<BrandView>(`/brands/${brandId}/change-logo`, {
    method: 'PATCH',
    body: { logo: file.name, type, filePath: ticket.filePath, fileType: ticket.contentType, fileSize: file.size },
  });
  window.dispatchEvent(new Event(BRANDING_CHANGED));
  return brand;
}
