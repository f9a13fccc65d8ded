import { Injectable } from '@nestjs/common';
import { EntityType, newId, type CreateOffering, type EditOffering } from '@meridian/domain';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';

/** The one writer of offerings (crm §3 "Offering details"). */
@Injectable()
export class OfferingsWriter {
  async create(scope: WriteScope, details: CreateOffering): Promise<string> {
    const id = newId(EntityType.offering);
    await scope.tx.offering.create({
      data: { id, organizationId: scope.organizationId, ...details, createdAt: scope.now, updatedAt: scope.now },
    });
    return id;
  }

  async edit(scope: WriteScope, id: string, changes: EditOffering): Promise<void> {
    await scope.tx.offering.update({ where: { id }, data: { ...changes, updatedAt: scope.now } });
  }

  async remove(scope: WriteScope, id: string): Promise<void> {
    await scope.tx.offering.delete({ where: { id } });
  }
}
