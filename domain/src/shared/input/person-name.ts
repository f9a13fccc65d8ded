import { z } from 'zod';
import { freeText, optionalText, requiredString } from './text.js';

/** Longest part of a person's name (foundations §9). */
export const NAME_PART_MAX_LENGTH = 50;

/** Person name messages; all are the spec's wording (foundations §5). */
export const PersonNameMessage = {
  firstRequired: 'Please enter first name',
  lastRequired: 'Please enter last name',
  firstTooLong: `First name must be at most ${NAME_PART_MAX_LENGTH} characters`,
  lastTooLong: `Last name must be at most ${NAME_PART_MAX_LENGTH} characters`,
  middleTooLong: `Middle name must be at most ${NAME_PART_MAX_LENGTH} characters`,
  preferredTooLong: `Preferred name must be at most ${NAME_PART_MAX_LENGTH} characters`,
  shortTooLong: `Short name must be at most ${NAME_PART_MAX_LENGTH} characters`,
} as const;

/** A name part that may be null or absent; blank becomes null. */
function optionalPart(tooLong: string) {
  return optionalText({ max: NAME_PART_MAX_LENGTH, tooLong });
}

/** The name parts shared by a person's name and a contact's name (crm §5). */
export const nameParts = {
  first: requiredString(PersonNameMessage.firstRequired, {
    max: NAME_PART_MAX_LENGTH,
    tooLong: PersonNameMessage.firstTooLong,
  }),
  last: requiredString(PersonNameMessage.lastRequired, {
    max: NAME_PART_MAX_LENGTH,
    tooLong: PersonNameMessage.lastTooLong,
  }),
  middle: optionalPart(PersonNameMessage.middleTooLong),
  preferred: optionalPart(PersonNameMessage.preferredTooLong),
  short: optionalPart(PersonNameMessage.shortTooLong),
};

/**
 * A person's name (foundations §3, §5): first and last required, at most 50 characters each;
 * middle, preferred and short nullable, at most 50; display and full optional.
 */
export const personNameSchema = z.object({
  ...nameParts,
  display: freeText().optional(),
  full: freeText().optional(),
});
export type PersonNameInput = z.input<typeof personNameSchema>;
export type PersonName = z.output<typeof personNameSchema>;
