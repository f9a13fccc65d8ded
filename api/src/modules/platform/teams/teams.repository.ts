import { Inject, Injectable } from '@nestjs/common';
import type { TeamSummary } from '@meridian/domain';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import type { Prisma } from '../../../generated/prisma/client.js';

type Client = Pick<TenantPrismaClient, 'team' | 'teamMember'>;

@Injectable()
export class TeamsRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  findWithMembers(teamId: string, client: Client = this.prisma) {
    return client.team.findUnique({
      where: { id: teamId },
      select: {
        id: true,
        name: true,
        organizationId: true,
        members: {
          orderBy: { createdAt: 'asc' },
          select: { id: true, user: { select: { id: true, name: true, email: true, role: true } } },
        },
      },
    });
  }

  async list(): Promise<TeamSummary[]> {
    const teams = await this.prisma.team.findMany({
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      select: { id: true, name: true, _count: { select: { members: true } } },
    });
    return teams.map((team) => ({ id: team.id, name: team.name, memberCount: team._count.members }));
  }

  /** A new team with its creator as its first member (the tenant client stamps the organization). */
  async create(client: Client, data: { id: string; name: string; creatorMemberId: string; creatorUserId: string }) {
    await client.team.create({ data: { id: data.id, name: data.name } as Prisma.TeamUncheckedCreateInput });
    await client.teamMember.create({
      data: {
        id: data.creatorMemberId,
        teamId: data.id,
        userId: data.creatorUserId,
      } as Prisma.TeamMemberUncheckedCreateInput,
    });
  }

  rename(client: Client, teamId: string, name: string) {
    return client.team.update({ where: { id: teamId }, data: { name }, select: { id: true, name: true } });
  }

  deleteMember(client: Client, teamMemberId: string) {
    return client.teamMember.delete({ where: { id: teamMemberId } });
  }

  transaction<T>(fn: (tx: Prisma.TransactionClient & TenantPrismaClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction((tx) => fn(tx as Prisma.TransactionClient & TenantPrismaClient));
  }
}
