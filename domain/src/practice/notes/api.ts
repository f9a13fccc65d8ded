import { z } from 'zod';
import { EntityType } from '../../shared/ids/canonical-id.js';
import { idParam } from '../../shared/input/id-param.js';
import { listOf } from '../../shared/input/lists.js';
import { mentionableEntityTypeSchema } from '../../shared/input/mentions.js';
import { dateTime, optionalText, requiredString } from '../../shared/input/common.js';
import { freeText } from '../../shared/input/text.js';
import { TaskOwnerKind } from '../tasks/enums.js';
import { noteSortSchema } from './schemas.js';

/**
 * Note messages. 'Invalid mentionable entity type' is the spec's (foundations §5, through the
 * resolver's mention use); the rest are ours, as crm §5 gives notes no wording.
 */
export const NoteMessage = {
  contentRequired: 'Write something in the note',
  ownerRequired: 'Say who the note is about',
  teamRequired: 'Choose the team the note belongs to',
  teamNotOwners: 'A note about a client belongs to the team of that client',
  dateInvalid: 'Please enter a valid date',
  mentionIdRequired: 'A mention must name the entity it mentions',
  mentionTypeMismatch: 'A mention’s id must be of the type it names',
  attachmentPathRequired: 'An attachment must name the uploaded file',
  attachmentNameRequired: 'An attachment needs a file name',
  attachmentMissing: 'The attached file was not uploaded, or has been deleted; upload it again',
  alreadyAttached: 'This file is already attached to the note',
  notAttached: 'This file is not attached to the note',
  alreadyDeleted: 'This note has been deleted',
  entityRequired: 'Say whose notes to list',
  searchRequired: 'Type something to search for',
  searchTooLong: 'Search must be at most 200 characters',
  limitInvalid: 'Limit must be a whole number from 1 to 50',
} as const;

/**
 * A mention written in a note's content: `@[Marie Tremblay](person-…)`, the name shown and the
 * canonical id of what it names (its prefix says the kind). The editor writes them; the API reads
 * them back to know who is mentioned.
 */
export const CONTENT_MENTION = /@\[([^\]\n]{1,200})\]\(([A-Za-z0-9_]+-[A-Za-z0-9_-]+)\)/g;

/** The ids a note's content mentions, in order, each once. */
export function mentionsInContent(content: string): string[] {
  return [...new Set([...content.matchAll(CONTENT_MENTION)].map((match) => match[2]!))];
}

/** A mention outside the text (crm §3 `extraMentions`): an entity by its type and id. */
export const mentionSchema = z.object({
  entityType: mentionableEntityTypeSchema,
  entityId: requiredString(NoteMessage.mentionIdRequired, { kind: 'identifier' }),
});
export type Mention = z.output<typeof mentionSchema>;

/** crm §3: body {content, extraMentions}. */
export const noteBodySchema = z.object({
  content: requiredString(NoteMessage.contentRequired, { kind: 'note' }),
  extraMentions: listOf(mentionSchema).default([]),
});

/** A file already uploaded through `POST /upload/request`, by the path its upload answered. */
export const noteAttachmentInputSchema = z.object({
  url: requiredString(NoteMessage.attachmentPathRequired, { max: 400 }),
  fileName: requiredString(NoteMessage.attachmentNameRequired),
});
export type NoteAttachmentInput = z.output<typeof noteAttachmentInputSchema>;

const attachments = listOf(noteAttachmentInputSchema, 20);

/**
 * `POST /notes` (crm §7): who it is about (`owner`, a canonical id of one of the task owner kinds),
 * its team (the owner's when not given), when it was taken (now when not given) and its files.
 */
export const createNoteSchema = z.object({
  title: optionalText(),
  body: noteBodySchema,
  owner: requiredString(NoteMessage.ownerRequired, { kind: 'identifier' }),
  team: idParam(EntityType.team, 'team').optional(),
  date: dateTime(NoteMessage.dateInvalid).optional(),
  attachments: attachments.default([]),
});
export type CreateNote = z.output<typeof createNoteSchema>;

/** `PATCH /notes/{noteId}/edit-note`: the new body and title; attachments, when given, replace the note's. */
export const editNoteSchema = z.object({
  title: optionalText(),
  body: noteBodySchema,
  attachments: attachments.optional(),
});
export type EditNote = z.output<typeof editNoteSchema>;

/** `PATCH /notes/{noteId}/attach-file`. */
export const attachNoteFileSchema = noteAttachmentInputSchema;
/** `PATCH /notes/{noteId}/remove-file`. */
export const removeNoteFileSchema = z.object({ url: noteAttachmentInputSchema.shape.url });

export const noteIdParamsSchema = z.object({ noteId: idParam(EntityType.note, 'note') });

/**
 * `GET /notes/query-by-entity?teams&entityId&sortBy&sortOrder`: the notes an entity's page shows,
 * those about it and those mentioning it; `teams` (comma-separated team ids) narrows them.
 */
export const notesByEntityQuerySchema = z
  .object({
    entityId: requiredString(NoteMessage.entityRequired, { kind: 'identifier' }),
    teams: freeText({ kind: 'paragraph' })
      .optional()
      .transform((value) =>
        value
          ? value
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean)
          : [],
      )
      .pipe(listOf(idParam(EntityType.team, 'team'))),
  })
  .extend(noteSortSchema.shape);
export type NotesByEntityQuery = z.output<typeof notesByEntityQuerySchema>;

/** `GET /notes/search?q`: the caller's notes whose words match, best first. */
export const noteSearchQuerySchema = z.object({
  q: requiredString(NoteMessage.searchRequired).max(200, NoteMessage.searchTooLong),
  limit: z.coerce
    .number({ error: NoteMessage.limitInvalid })
    .int(NoteMessage.limitInvalid)
    .min(1, NoteMessage.limitInvalid)
    .max(50, NoteMessage.limitInvalid)
    .default(20),
});
export type NoteSearchQuery = z.output<typeof noteSearchQuerySchema>;

const entityRefSchema = z.object({ id: z.string(), name: z.string() });

/** What a note is about: its kind and name, so a list can link to the owner's page. */
export const noteOwnerSchema = entityRefSchema.extend({
  kind: z.enum(TaskOwnerKind),
  /** The household the owner is or belongs to, for a link to its page. */
  householdId: z.string().nullable(),
});

export const noteMentionSchema = z.object({
  entityType: mentionableEntityTypeSchema,
  entityId: z.string(),
  name: z.string(),
});

export const noteAttachmentSchema = z.object({
  id: z.string(),
  /** The file's path in storage, as its upload answered (what `remove-file` names). */
  url: z.string(),
  fileName: z.string(),
  fileType: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  /** A signed, expiring address that reads the file. */
  downloadUrl: z.string(),
});

export const noteResponseSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  title: z.string().nullable(),
  body: z.object({
    content: z.string(),
    /** The mentions not written in the content. */
    extraMentions: z.array(noteMentionSchema),
  }),
  /** Everyone and everything the note mentions, in the content or beside it. */
  mentions: z.array(noteMentionSchema),
  owner: noteOwnerSchema,
  author: entityRefSchema.nullable(),
  date: z.string(),
  starred: z.boolean(),
  attachments: z.array(noteAttachmentSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NoteResponse = z.infer<typeof noteResponseSchema>;

/** A note found by its words: where it is, and the words around the match. */
export const noteSearchHitSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  /** A short passage of the note around the words found. */
  excerpt: z.string(),
  date: z.string(),
  owner: noteOwnerSchema,
});
export type NoteSearchHit = z.infer<typeof noteSearchHitSchema>;
