import { Controller, Delete, Get, Inject, Patch, Post } from '@nestjs/common';
import {
  attachNoteFileSchema,
  createNoteSchema,
  editNoteSchema,
  noteIdParamsSchema,
  noteResponseSchema,
  noteSearchHitSchema,
  noteSearchQuerySchema,
  notesByEntityQuerySchema,
  removeNoteFileSchema,
  type CreateNote,
  type EditNote,
  type NoteAttachmentInput,
  type NoteResponse,
  type NotesByEntityQuery,
  type NoteSearchHit,
  type NoteSearchQuery,
} from '@meridian/domain';
import { z } from 'zod';
import { Caller } from '../../../common/auth/caller.decorator.js';
import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { NotesService } from './notes.service.js';

const TAGS = ['notes'];
type NoteParams = z.infer<typeof noteIdParamsSchema>;

@Controller('notes')
export class NotesController {
  constructor(@Inject(NotesService) private readonly notes: NotesService) {}

  @Post()
  @ApiRoute({
    summary:
      'Write a note about an entity (owner), in its team, with mentions (in the text as @[name](id), and extraMentions) and uploaded files; mentioned users are notified',
    tags: TAGS,
    permission: 'PRACTICE_WRITE',
    body: createNoteSchema,
    response: noteResponseSchema,
    status: 201,
    errors: [404],
  })
  create(@ValidBody() body: CreateNote, @Caller() caller: AuthenticatedCaller): Promise<NoteResponse> {
    return this.notes.create(caller, body);
  }

  @Get('query-by-entity')
  @ApiRoute({
    summary:
      'The notes an entity’s page shows: those about it and those mentioning it, of the given teams, by creation time',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    query: notesByEntityQuerySchema,
    response: z.array(noteResponseSchema),
    errors: [404],
  })
  queryByEntity(@ValidQuery() query: NotesByEntityQuery): Promise<NoteResponse[]> {
    return this.notes.queryByEntity(query);
  }

  @Get('search')
  @ApiRoute({
    summary: 'Find notes by their words, in English or French (a word finds its other forms), best first',
    tags: TAGS,
    permission: 'PRACTICE_READ',
    query: noteSearchQuerySchema,
    response: z.array(noteSearchHitSchema),
  })
  search(@ValidQuery() query: NoteSearchQuery): Promise<NoteSearchHit[]> {
    return this.notes.search(query);
  }

  @Patch(':noteId/attach-file')
  @ApiRoute({
    summary: 'Attach an uploaded file (its path, as the upload request answered) to a note',
    tags: TAGS,
    permission: 'PRACTICE_WRITE',
    params: noteIdParamsSchema,
    body: attachNoteFileSchema,
    response: noteResponseSchema,
    errors: [404, 409],
  })
  attachFile(@ValidParams() params: NoteParams, @ValidBody() body: NoteAttachmentInput): Promise<NoteResponse> {
    return this.notes.attachFile(params.noteId, body);
  }

  @Patch(':noteId/remove-file')
  @ApiRoute({
    summary: 'Take a file off a note',
    tags: TAGS,
    permission: 'PRACTICE_WRITE',
    params: noteIdParamsSchema,
    body: removeNoteFileSchema,
    response: noteResponseSchema,
    errors: [404],
  })
  removeFile(
    @ValidParams() params: NoteParams,
    @ValidBody() body: z.output<typeof removeNoteFileSchema>,
  ): Promise<NoteResponse> {
    return this.notes.removeFile(params.noteId, body.url);
  }

  @Patch(':noteId/edit-note')
  @ApiRoute({
    summary: 'Edit a note’s title and body (its mentions follow the body); attachments, when given, replace its files',
    tags: TAGS,
    permission: 'PRACTICE_WRITE',
    params: noteIdParamsSchema,
    body: editNoteSchema,
    response: noteResponseSchema,
    errors: [404],
  })
  edit(
    @ValidParams() params: NoteParams,
    @ValidBody() body: EditNote,
    @Caller() caller: AuthenticatedCaller,
  ): Promise<NoteResponse> {
    return this.notes.edit(caller, params.noteId, body);
  }

  @Delete(':noteId/soft-delete')
  @ApiRoute({
    summary: 'Delete a note (it leaves every list and search; the audit log keeps it)',
    tags: TAGS,
    permission: 'PRACTICE_DELETE',
    params: noteIdParamsSchema,
    response: z.object({ id: z.string(), deletedAt: z.string() }),
    errors: [404],
  })
  softDelete(@ValidParams() params: NoteParams) {
    return this.notes.softDelete(params.noteId);
  }

  @Post(':noteId/star-note')
  @ApiRoute({
    summary: 'Star a note',
    tags: TAGS,
    permission: 'PRACTICE_WRITE',
    params: noteIdParamsSchema,
    response: noteResponseSchema,
    errors: [404],
  })
  star(@ValidParams() params: NoteParams): Promise<NoteResponse> {
    return this.notes.setStarred(params.noteId, true);
  }

  @Delete(':noteId/unstar-note')
  @ApiRoute({
    summary: 'Unstar a note',
    tags: TAGS,
    permission: 'PRACTICE_WRITE',
    params: noteIdParamsSchema,
    response: noteResponseSchema,
    errors: [404],
  })
  unstar(@ValidParams() params: NoteParams): Promise<NoteResponse> {
    return this.notes.setStarred(params.noteId, false);
  }
}
