import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  AvatarMessage,
  DomainError,
  EntityType,
  ErrorCode,
  FileMessage,
  notFound,
  uploadTypeOf,
  type ProfessionalProfile,
  type ProfessionalResponse,
  canBeyond,
} from '@meridian/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { currentOrganizationId, type AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { AuditService } from '../audit/index.js';
import { FilesService } from '../files/index.js';
import type { Prisma } from '../../../generated/prisma/client.js';
import { avatarThumbnail } from './avatar-thumbnail.js';
import { ProfessionalsRepository, type ProfessionalRecord } from './professionals.repository.js';

@Injectable()
export class ProfessionalsService {
  constructor(
    @Inject(ProfessionalsRepository) private readonly professionals: ProfessionalsRepository,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(FilesService) private readonly files: FilesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async get(professionalId: string): Promise<ProfessionalResponse> {
    return this.view(await this.record(professionalId));
  }

  async mine(userId: string): Promise<ProfessionalResponse> {
    const professional = await this.professionals.findByUser(userId);
    if (!professional) throw notFound('Professional profile');
    return this.view(professional);
  }

  /** The stored professional (the avatar as its storage key); another organization's answers 404. */
  async record(professionalId: string): Promise<ProfessionalRecord> {
    const professional = await this.professionals.find(professionalId);
    // Another organization's professional is indistinguishable from a missing one.
    if (!professional) throw notFound('Professional');
    return professional;
  }

  /**
   * The rule of a professional's own things (profile, job title, avatar, links profile): a user
   * changes their own profile; whoever manages the organization any profile of it. 404 first for a
   * professional that is not in the organization (or not in the caller's teams' reach), then 403.
   */
  async assertMayChange(caller: AuthenticatedCaller, professionalId: string): Promise<ProfessionalRecord> {
    const professional = await this.record(professionalId);
    // The routes' declared condition (OWN_PROFILE): one's own, or anyone's with its `beyond` permission.
    if (professional.userId !== caller.userId && !canBeyond(caller, 'OWN_PROFILE')) {
      throw new DomainError(ErrorCode.FORBIDDEN, AvatarMessage.notYours);
    }
    return professional;
  }

  /** A signed, expiring address of the avatar's thumbnail, or null without one. */
  avatarUrl(professional: Pick<ProfessionalRecord, 'avatarPath'>): string | null {
    return professional.avatarPath ? this.files.readUrl(professional.avatarPath) : null;
  }

  /**
   * The profile form's fields. Names, designations and bio are the form's whole content (an
   * empty bio clears it); the display name, phone and job title change only when given.
   */
  async updateProfile(
    caller: AuthenticatedCaller,
    professionalId: string,
    profile: ProfessionalProfile,
  ): Promise<ProfessionalResponse> {
    await this.assertMayChange(caller, professionalId);
    const data: Prisma.ProfessionalUpdateInput = {
      firstName: profile.firstName,
      lastName: profile.lastName,
      designations: profile.designations,
      bio: profile.bio === undefined ? undefined : profile.bio || null,
    };
    if (profile.displayName) data.displayName = profile.displayName;
    if (profile.phone) {
      data.phoneCountryCode = profile.phone.countryCode;
      data.phoneNumber = profile.phone.number;
    }
    if (profile.jobTitle !== undefined) data.jobTitle = profile.jobTitle || null;
    return this.change(professionalId, data);
  }

  /** An empty title clears it. */
  async setJobTitle(
    caller: AuthenticatedCaller,
    professionalId: string,
    jobTitle: string,
  ): Promise<ProfessionalResponse> {
    await this.assertMayChange(caller, professionalId);
    return this.change(professionalId, { jobTitle: jobTitle || null });
  }

  /**
   * `set-avatar`: a photo uploaded through `POST /upload/request` (a file of the caller's
   * organization) becomes the avatar as a square thumbnail. Its name must be of an image type and
   * its bytes an image of that kind (415 otherwise), at most AVATAR_MAX_BYTES (413), readable
   * (400). The upload and the previous thumbnail are removed once the new one is stored.
   */
  async setAvatar(
    caller: AuthenticatedCaller,
    professionalId: string,
    filePath: string,
  ): Promise<ProfessionalResponse> {
    await this.assertMayChange(caller, professionalId);
    const key = this.files.ownKey(filePath);
    const type = uploadTypeOf(key);
    if (!('contentType' in type) || !(AVATAR_TYPES as readonly string[]).includes(type.contentType)) {
      throw new DomainError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, AvatarMessage.typeNotAllowed);
    }
    const bytes = await this.files.read(key);
    if (!bytes) throw new DomainError(ErrorCode.NOT_FOUND, FileMessage.fileNotFound);
    if (bytes.length > AVATAR_MAX_BYTES) throw new DomainError(ErrorCode.PAYLOAD_TOO_LARGE, AvatarMessage.tooLarge);
    const thumbnail = await avatarThumbnail(bytes, this.config.LOGO_MAX_PIXELS);
    const avatarPath = `files/${currentOrganizationId()}/professionals/${professionalId}/avatar-${randomBytes(9).toString('base64url')}.png`;
    await this.files.write(avatarPath, thumbnail, 'image/png');
    let previous: string | null = null;
    try {
      const after = await this.change(professionalId, { avatarPath }, (before) => (previous = before.avatarPath));
      await this.removeQuietly(previous, key);
      return after;
    } catch (error) {
      await this.removeQuietly(avatarPath);
      throw error;
    }
  }

  /** `remove-avatar`: the profile shows no photo; removing when there is none changes nothing. */
  async removeAvatar(caller: AuthenticatedCaller, professionalId: string): Promise<ProfessionalResponse> {
    const professional = await this.assertMayChange(caller, professionalId);
    if (!professional.avatarPath) return this.view(professional);
    let previous: string | null = null;
    const after = await this.change(professionalId, { avatarPath: null }, (before) => (previous = before.avatarPath));
    await this.removeQuietly(previous);
    return after;
  }

  view(record: ProfessionalRecord): ProfessionalResponse {
    const { avatarPath, ...rest } = record;
    return { ...rest, avatarUrl: this.avatarUrl({ avatarPath }) };
  }

  /** Files no row points at any more; a failure to remove one leaves an orphan, never an error. */
  private async removeQuietly(...keys: (string | null)[]): Promise<void> {
    for (const key of keys) if (key) await this.files.remove(key).catch(() => undefined);
  }

  private async change(
    professionalId: string,
    data: Prisma.ProfessionalUpdateInput,
    seen?: (before: ProfessionalRecord) => void,
  ): Promise<ProfessionalResponse> {
    const after = await this.professionals.transaction(async (tx) => {
      const before = await this.professionals.find(professionalId, tx);
      if (!before) throw notFound('Professional');
      seen?.(before);
      const updated = await this.professionals.update(tx, professionalId, data);
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.professional,
        entityId: professionalId,
        before,
        after: updated,
      });
      return updated;
    });
    return this.view(after);
  }
}
