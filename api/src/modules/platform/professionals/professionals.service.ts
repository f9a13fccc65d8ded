import { Inject, Injectable } from '@nestjs/common';
import { EntityType, notFound, type ProfessionalProfile, type ProfessionalResponse } from '@meridian/domain';
import { AuditService } from '../audit/index.js';
import type { Prisma } from '../../../generated/prisma/client.js';
import { ProfessionalsRepository } from './professionals.repository.js';

@Injectable()
export class ProfessionalsService {
  constructor(
    @Inject(ProfessionalsRepository) private readonly professionals: ProfessionalsRepository,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  async get(professionalId: string): Promise<ProfessionalResponse> {
    const professional = await this.professionals.find(professionalId);
    // Another organization's professional is indistinguishable from a missing one.
    if (!professional) throw notFound('Professional');
    return professional;
  }

  async mine(userId: string): Promise<ProfessionalResponse> {
    const professional = await this.professionals.findByUser(userId);
    if (!professional) throw notFound('Professional profile');
    return professional;
  }

  /**
   * The profile form's fields. Names, designations and bio are the form's whole content (an
   * empty bio clears it); the display name, phone and job title change only when given.
   */
  updateProfile(professionalId: string, profile: ProfessionalProfile): Promise<ProfessionalResponse> {
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
  setJobTitle(professionalId: string, jobTitle: string): Promise<ProfessionalResponse> {
    return this.change(professionalId, { jobTitle: jobTitle || null });
  }

  private change(professionalId: string, data: Prisma.ProfessionalUpdateInput): Promise<ProfessionalResponse> {
    return this.professionals.transaction(async (tx) => {
      const before = await this.professionals.find(professionalId, tx);
      if (!before) throw notFound('Professional');
      const after = await this.professionals.update(tx, professionalId, data);
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.professional,
        entityId: professionalId,
        before,
        after,
      });
      return after;
    });
  }
}
