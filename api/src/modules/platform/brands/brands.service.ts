import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  BrandMessage,
  DomainError,
  EntityType,
  ErrorCode,
  FileMessage,
  LOGO_SIZES,
  newId,
  uploadTypeOf,
  type BrandLogoKind,
  type BrandView,
  type ChangeLogoInput,
  type ImageProcessingComplete,
} from '@meridian/domain';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { QueueService } from '../../../infra/queue/queue.service.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { AuditService } from '../audit/index.js';
import { FilesService } from '../files/index.js';

const LOGO_SELECT = {
  type: true,
  logoUrls: true,
  filePath: true,
  processingStartedAt: true,
  processingCompletedAt: true,
  processingError: true,
} as const;

/** The file a logo was made from, stored on the logo once its sizes are made. */
export interface LogoSource {
  filePath: string;
  fileType: string;
  fileSize: number;
}

/**
 * An organization's brand and its two logos. A new logo is processed by the worker; until it is
 * done (or if it fails) the brand keeps showing its previous logo, and a failure's reason is kept
 * on the logo until the next upload.
 */
@Injectable()
export class BrandsService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(QueueService) private readonly queue: QueueService,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(FilesService) private readonly files: FilesService,
  ) {}

  /**
   * The organization's brands; its first is made on first read, named after the organization.
   * Its id is derived from the organization's, so two first reads at once make one brand.
   */
  async list(): Promise<BrandView[]> {
    const organizationId = currentOrganizationId();
    let brands = await this.findBrands();
    if (brands.length === 0) {
      const organization = await this.prisma.organization.findUnique({
        where: { id: organizationId },
        select: { name: true },
      });
      await this.prisma.brand.createMany({
        data: [{ id: defaultBrandId(organizationId), organizationId, name: organization?.name ?? 'Brand' }],
        skipDuplicates: true,
      });
      brands = await this.findBrands();
    }
    return brands.map((brand) => this.view(brand));
  }

  async changeLogo(brandId: string, input: ChangeLogoInput): Promise<BrandView> {
    const brand = await this.prisma.brand.findUnique({ where: { id: brandId }, select: { id: true } });
    if (!brand) throw new DomainError(ErrorCode.NOT_FOUND, 'Brand not found');
    const key = this.files.ownKey(input.filePath);
    const type = uploadTypeOf(key);
    if (!('contentType' in type) || type.contentType !== input.fileType) {
      throw new DomainError(ErrorCode.VALIDATION_ERROR, BrandMessage.fileTypeNotImage);
    }
    if ((await this.files.read(key)) === null) throw new DomainError(ErrorCode.NOT_FOUND, FileMessage.fileNotFound);

    const now = new Date();
    await this.prisma.$transaction(async (tx) => {
      const before = await tx.brandLogo.findUnique({
        where: { brandId_type: { brandId, type: input.type } },
        select: LOGO_SELECT,
      });
      // An existing logo keeps its file and sizes until the new one is processed.
      await tx.brandLogo.upsert({
        where: { brandId_type: { brandId, type: input.type } },
        create: {
          id: newId(EntityType.brandLogo),
          organizationId: currentOrganizationId(),
          brandId,
          type: input.type,
          filePath: key,
          fileType: input.fileType,
          fileSize: input.fileSize,
          processingStartedAt: now,
        },
        update: { processingStartedAt: now, processingError: null },
      });
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.brand,
        entityId: brandId,
        before: { logo: input.type, file: before?.filePath ?? null },
        after: { logo: input.type, file: key, status: 'Processing' },
      });
    });
    await this.queue.enqueue('brands.process-logo', {
      organizationId: currentOrganizationId(),
      brandId,
      type: input.type,
      filePath: key,
      fileType: input.fileType,
      fileSize: input.fileSize,
      uploadId: randomBytes(9).toString('base64url'),
    });
    return this.get(brandId);
  }

  async get(brandId: string): Promise<BrandView> {
    const brand = (await this.findBrands(brandId))[0];
    if (!brand) throw new DomainError(ErrorCode.NOT_FOUND, 'Brand not found');
    return this.view(brand);
  }

  /**
   * `make-image-processing-complete`: the worker made the logo's sizes; they replace the previous
   * ones (whose files are removed) and the upload becomes the logo's file.
   */
  async makeImageProcessingComplete(done: ImageProcessingComplete, source: LogoSource): Promise<void> {
    const previous = await this.prisma.brandLogo.findUnique({
      where: { brandId_type: { brandId: done.brandId, type: done.type } },
      select: { logoUrls: true, filePath: true },
    });
    if (!previous) return;
    await this.prisma.$transaction(async (tx) => {
      await tx.brandLogo.update({
        where: { brandId_type: { brandId: done.brandId, type: done.type } },
        data: {
          logoUrls: done.logoUrls,
          filePath: source.filePath,
          fileType: source.fileType,
          fileSize: source.fileSize,
          processingCompletedAt: new Date(),
          processingError: null,
        },
      });
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.brand,
        entityId: done.brandId,
        before: { logo: done.type, file: previous.filePath, sizes: Object.keys(pathsOf(previous.logoUrls)) },
        after: { logo: done.type, file: source.filePath, sizes: Object.keys(done.logoUrls), status: 'Ready' },
      });
    });
    const kept = new Set(Object.values(done.logoUrls));
    for (const old of Object.values(pathsOf(previous.logoUrls))) {
      if (!kept.has(old)) await this.files.remove(old);
    }
  }

  /** The image was refused: the reason is kept on the logo, whose previous sizes stay. */
  async recordImageProcessingFailure(brandId: string, type: BrandLogoKind, reason: string): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const updated = await tx.brandLogo.updateMany({
        where: { brandId, type },
        data: { processingError: reason, processingCompletedAt: new Date() },
      });
      if (updated.count === 0) return;
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.brand,
        entityId: brandId,
        before: { logo: type, status: 'Processing' },
        after: { logo: type, status: 'Failed', reason },
      });
    });
  }

  private findBrands(brandId?: string) {
    return this.prisma.brand.findMany({
      where: brandId ? { id: brandId } : {},
      orderBy: { createdAt: 'asc' },
      select: { id: true, name: true, logos: { select: LOGO_SELECT, orderBy: { type: 'asc' } } },
    });
  }

  private view(brand: Awaited<ReturnType<BrandsService['findBrands']>>[number]): BrandView {
    return {
      id: brand.id,
      name: brand.name,
      logos: brand.logos.map((logo) => {
        const running =
          logo.processingStartedAt !== null &&
          (logo.processingCompletedAt === null || logo.processingCompletedAt < logo.processingStartedAt);
        const paths = pathsOf(logo.logoUrls);
        return {
          type: logo.type,
          status: logo.processingError ? 'FAILED' : running ? 'PROCESSING' : 'READY',
          // Smallest first, as LOGO_SIZES lists them (the database keeps JSON keys in its own order).
          urls: Object.fromEntries(
            Object.keys(LOGO_SIZES)
              .filter((size) => paths[size] !== undefined)
              .map((size) => [size, this.files.readUrl(paths[size]!)]),
          ),
          error: logo.processingError,
          processedAt: logo.processingCompletedAt?.toISOString() ?? null,
        };
      }),
    };
  }
}

function pathsOf(logoUrls: unknown): Record<string, string> {
  if (!logoUrls || typeof logoUrls !== 'object' || Array.isArray(logoUrls)) return {};
  return Object.fromEntries(
    Object.entries(logoUrls as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** A brand id of the canonical shape, the same for an organization every time. */
export function defaultBrandId(organizationId: string): string {
  return `${EntityType.brand}-${createHash('sha256').update(organizationId).digest('base64url').slice(0, 21)}`;
}
