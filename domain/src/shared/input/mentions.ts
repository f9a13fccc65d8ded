import { z } from 'zod';
import { isMentionableEntityType, type MentionableEntityType } from '../ids/entity-kinds.js';

/** The spec's message (foundations §5, §8). */
export const INVALID_MENTIONABLE_ENTITY_TYPE_MESSAGE = 'Invalid mentionable entity type';

/** A mentionable entity type: one of the lower-cased entity kinds, exactly (foundations §5). */
export const mentionableEntityTypeSchema = z.custom<MentionableEntityType>(isMentionableEntityType, {
  error: INVALID_MENTIONABLE_ENTITY_TYPE_MESSAGE,
});
