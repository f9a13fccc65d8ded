import { Module } from '@nestjs/common';
import { OrganizationsController } from './organizations.controller.js';
import { OrganizationsRepository } from './organizations.repository.js';
import { OrganizationsService } from './organizations.service.js';

@Module({ controllers: [OrganizationsController], providers: [OrganizationsService, OrganizationsRepository] })
export class OrganizationsModule {}
