import { Inject, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { BrandMessage, LOGO_SIZES, type JobPayload } from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { inOrganization } from '../../../common/tenancy/organization-scope.js';
import { FilesService } from '../files/index.js';
import { BrandsService } from './brands.service.js';

/** Why sharp refused an image, in the words the brand shows; null for a fault that is not the image's. */
function refusalOf(error: unknown, maxPixels: number): string | null {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return BrandMessage.imageTooLarge(maxPixels);
  if (
    /unsupported image format|corrupt|premature end|bad seek|vipsload|Input buffer|read error|invalid/i.test(message)
  ) {
    return BrandMessage.imageUnreadable;
  }
  return null;
}

/**
 * The image job's work: reads the upload, makes each size with sharp (PNG; a square logo is padded
 * to a square, a horizontal one keeps its shape within the size), stores them beside the brand and
 * reports `make-image-processing-complete`. An image that cannot be read or is too large ends the job
 * with its reason on the brand (nothing to retry); a store that is down throws, so the job retries.
 */
@Injectable()
export class LogoProcessor {
  constructor(
    @Inject(FilesService) private readonly files: FilesService,
    @Inject(BrandsService) private readonly brands: BrandsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  process(job: JobPayload<'brands.process-logo'>): Promise<void> {
    return inOrganization(job.organizationId, () => this.run(job));
  }

  private async run(job: JobPayload<'brands.process-logo'>): Promise<void> {
    const bytes = await this.files.read(job.filePath);
    if (!bytes) return this.brands.recordImageProcessingFailure(job.brandId, job.type, BrandMessage.fileMissing);
    const maxPixels = this.config.LOGO_MAX_PIXELS;
    const baseFileName = `${job.type.toLowerCase()}-${job.uploadId}`;
    const renditions: [string, Buffer][] = [];
    try {
      await sharp(bytes, { limitInputPixels: maxPixels }).metadata();
      for (const [name, size] of Object.entries(LOGO_SIZES)) {
        const image = sharp(bytes, { limitInputPixels: maxPixels, animated: false }).rotate();
        const resized =
          job.type === 'SQUARE'
            ? image.resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
            : image.resize(size * 4, size, { fit: 'inside' });
        renditions.push([name, await resized.png().toBuffer()]);
      }
    } catch (error) {
      const reason = refusalOf(error, maxPixels);
      if (reason === null) throw error;
      return this.brands.recordImageProcessingFailure(job.brandId, job.type, reason);
    }
    const logoUrls: Record<string, string> = {};
    const folder = `files/${job.organizationId}/brands/${job.brandId}`;
    for (const [name, png] of renditions) {
      const key = `${folder}/${baseFileName}-${name}.png`;
      await this.files.write(key, png, 'image/png');
      logoUrls[name] = key;
    }
    await this.brands.makeImageProcessingComplete(
      { baseFileName, brandId: job.brandId, logoUrls, type: job.type },
      { filePath: job.filePath, fileType: job.fileType, fileSize: job.fileSize },
    );
  }
}
