import { Inject, Injectable } from '@nestjs/common';
import type { ProfessionalResponse } from '@meridian/domain';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import type { Prisma } from '../../../generated/prisma/client.js';

const PROFESSIONAL_SELECT = {
  id: true,
  userId: true,
  displayName: true,
  firstName: true,
  lastName: true,
  role: true,
  jobTitle: true,
  bio: true,
  avatarPath: true,
  phoneCountryCode: true,
  phoneNumber: true,
  designations: true,
} satisfies Prisma.ProfessionalSelect;

type Row = Prisma.ProfessionalGetPayload<{ select: typeof PROFESSIONAL_SELECT }>;
type Client = Pick<TenantPrismaClient, 'professional'>;

/** A professional as stored: the response's fields, with the avatar's storage key instead of its signed address. */
export type ProfessionalRecord = Omit<ProfessionalResponse, 'avatarUrl'> & { avatarPath: string | null };

function toRecord(row: Row): ProfessionalRecord {
  const { phoneCountryCode, phoneNumber, ...rest } = row;
  return {
    ...rest,
    phone: phoneCountryCode && phoneNumber ? { countryCode: phoneCountryCode, number: phoneNumber } : null,
  };
}

@Injectable()
export class ProfessionalsRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  async find(professionalId: string, client: Client = this.prisma): Promise<ProfessionalRecord | null> {
    const row = await client.professional.findUnique({ where: { id: professionalId }, select: PROFESSIONAL_SELECT });
    return row ? toRecord(row) : null;
  }

  async findByUser(userId: string): Promise<ProfessionalRecord | null> {
    const row = await this.prisma.professional.findFirst({ where: { userId }, select: PROFESSIONAL_SELECT });
    return row ? toRecord(row) : null;
  }

  async update(
    client: Client,
    professionalId: string,
    data: Prisma.ProfessionalUpdateInput,
  ): Promise<ProfessionalRecord> {
    return toRecord(
      await client.professional.update({ where: { id: professionalId }, data, select: PROFESSIONAL_SELECT }),
    );
  }

  transaction<T>(fn: (tx: Prisma.TransactionClient & TenantPrismaClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction((tx) => fn(tx as Prisma.TransactionClient & TenantPrismaClient));
  }
}
