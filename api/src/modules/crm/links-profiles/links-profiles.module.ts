import { Module } from '@nestjs/common';
import { FilesCoreModule } from '../../platform/files/index.js';
import { ProfessionalsModule } from '../../platform/professionals/index.js';
import { ContactsModule } from '../contacts/index.js';
import { NotesModule } from '../../practice/notes/index.js';
import { LinksProfilesController } from './links-profiles.controller.js';
import { LinksProfilesService } from './links-profiles.service.js';

@Module({
  imports: [ProfessionalsModule, FilesCoreModule, ContactsModule, NotesModule],
  controllers: [LinksProfilesController],
  providers: [LinksProfilesService],
})
export class LinksProfilesModule {}
