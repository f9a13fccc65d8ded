import { Module } from '@nestjs/common';
import { TeamsController } from './teams.controller.js';
import { TeamsRepository } from './teams.repository.js';
import { TeamsService } from './teams.service.js';

@Module({ controllers: [TeamsController], providers: [TeamsService, TeamsRepository] })
export class TeamsModule {}
