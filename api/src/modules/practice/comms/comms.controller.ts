import { Controller, Get, Inject, Post } from '@nestjs/common';
import {
  contactEmailThreadsQuerySchema,
  contactIdParamsSchema,
  emailThreadIdParamsSchema,
  emailThreadMessagesSchema,
  emailThreadsPageSchema,
  emailThreadsUpdateSchema,
  updateEmailThreadsSchema,
  type ContactEmailThreadsQuery,
  type EmailThreadMessages,
  type EmailThreadsPage,
  type EmailThreadsUpdate,
  type UpdateEmailThreads,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import { CommsService } from './comms.service.js';

const TAGS = ['comms'];

@Controller('comms')
export class CommsController {
  constructor(@Inject(CommsService) private readonly comms: CommsService) {}

  @Post('update-email-threads')
  @ApiRoute({
    summary:
      'Read again from a connected mailbox the e-mail threads exchanged with these addresses (1 to 50), in the background; each thread is linked to the contacts whose e-mail it holds',
    tags: TAGS,
    permission: 'PRACTICE_WRITE',
    body: updateEmailThreadsSchema,
    response: emailThreadsUpdateSchema,
    status: 202,
    errors: [404, 409],
  })
  update(@ValidBody() body: UpdateEmailThreads): Promise<EmailThreadsUpdate> {
    return this.comms.queueUpdate(body);
  }

  @Get('threads/:threadId/messages')
  @ApiRoute({
    summary:
      'The messages of an e-mail thread (the newest 25), read from the mailbox now as text: neither stored nor logged',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    params: emailThreadIdParamsSchema,
    response: emailThreadMessagesSchema,
    errors: [404, 409, 502],
  })
  messages(@ValidParams() params: z.infer<typeof emailThreadIdParamsSchema>): Promise<EmailThreadMessages> {
    return this.comms.messages(params.threadId);
  }
}

/** A contact's e-mail threads, on the contact's page. */
@Controller('contacts')
export class ContactEmailThreadsController {
  constructor(@Inject(CommsService) private readonly comms: CommsService) {}

  @Get(':contactId/email-threads')
  @ApiRoute({
    summary: 'The e-mail threads exchanged with a contact’s addresses, newest first, by page',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    params: contactIdParamsSchema,
    query: contactEmailThreadsQuerySchema,
    response: emailThreadsPageSchema,
    errors: [404],
  })
  ofContact(
    @ValidParams() params: z.infer<typeof contactIdParamsSchema>,
    @ValidQuery() query: ContactEmailThreadsQuery,
  ): Promise<EmailThreadsPage> {
    return this.comms.ofContact(params.contactId, query);
  }
}
