import { z } from 'zod';
import { LIST_LIMITS, tooManyItems } from '../../shared/input/lists.js';
import { CustomFieldEntityKind, CustomFieldType } from './enums.js';
import { makeMoneyValueSchema } from '../../shared/money/money.schema.js';
import { calendarDate, requiredString } from '../../shared/input/common.js';
import { freeText, urlSchema } from '../../shared/input/text.js';

/** Limits of custom fields; ours, the spec lists the types and entity kinds only (crm §3). */
export const CUSTOM_FIELD_NAME_MAX_LENGTH = 100;
export const CUSTOM_FIELD_TEXT_MAX_LENGTH = 255;
export const CUSTOM_FIELD_TEXTAREA_MAX_LENGTH = 5000;

/** The types whose values are chosen from the definition's options. */
export const SELECT_CUSTOM_FIELD_TYPES = [
  'SINGLE_SELECT',
  'MULTI_SELECT',
] as const satisfies readonly CustomFieldType[];

export function isSelectType(type: CustomFieldType): boolean {
  return (SELECT_CUSTOM_FIELD_TYPES as readonly string[]).includes(type);
}

/** Custom field messages. 'Please enter a valid date' is the spec's (crm §5); the rest are ours. */
export const CustomFieldMessage = {
  entityKindInvalid: 'Please select a valid entity kind',
  typeInvalid: 'Please select a valid field type',
  nameRequired: 'Field name is required',
  nameTooLong: `Field name must be at most ${CUSTOM_FIELD_NAME_MAX_LENGTH} characters`,
  optionRequired: 'Option is required',
  optionsRequired: 'Select fields need at least one option',
  optionsUnique: 'Options must be unique',
  optionsNotAllowed: 'Only select fields have options',
  definitionRequired: 'Custom field is required',
  booleanInvalid: 'Value must be true or false',
  numberInvalid: 'Value must be a number',
  dateInvalid: 'Please enter a valid date',
  optionInvalid: 'Value must be one of the options',
  textInvalid: 'Value must be text',
  textTooLong: `Text must be at most ${CUSTOM_FIELD_TEXT_MAX_LENGTH} characters`,
  textareaTooLong: `Text must be at most ${CUSTOM_FIELD_TEXTAREA_MAX_LENGTH} characters`,
  urlInvalid: 'Please enter a valid URL',
  nothingToUpdate: 'Nothing to update',
} as const;

const optionsList = z
  .array(requiredString(CustomFieldMessage.optionRequired), { error: CustomFieldMessage.optionsRequired })
  .max(LIST_LIMITS.items, tooManyItems(LIST_LIMITS.items));

function checkOptions(options: readonly string[] | undefined, ctx: z.RefinementCtx): void {
  if (options && new Set(options).size !== options.length) {
    ctx.addIssue({ code: 'custom', message: CustomFieldMessage.optionsUnique, path: ['options'] });
  }
}

/** `POST /custom-fields`: a field of one entity kind; select fields list their options. */
export const createCustomFieldSchema = z
  .object({
    entityKind: z.enum(CustomFieldEntityKind, { error: CustomFieldMessage.entityKindInvalid }),
    type: z.enum(CustomFieldType, { error: CustomFieldMessage.typeInvalid }),
    name: requiredString(CustomFieldMessage.nameRequired, {
      max: CUSTOM_FIELD_NAME_MAX_LENGTH,
      tooLong: CustomFieldMessage.nameTooLong,
    }),
    options: optionsList.optional(),
  })
  .superRefine((field, ctx) => {
    if (isSelectType(field.type) && (field.options ?? []).length === 0) {
      ctx.addIssue({ code: 'custom', message: CustomFieldMessage.optionsRequired, path: ['options'] });
    }
    if (!isSelectType(field.type) && field.options !== undefined) {
      ctx.addIssue({ code: 'custom', message: CustomFieldMessage.optionsNotAllowed, path: ['options'] });
    }
    checkOptions(field.options, ctx);
  });
export type CreateCustomField = z.output<typeof createCustomFieldSchema>;

/** `PATCH /custom-fields/{definitionId}`: a new name or new options (select fields only). */
export const updateCustomFieldSchema = z
  .object({
    name: requiredString(CustomFieldMessage.nameRequired, {
      max: CUSTOM_FIELD_NAME_MAX_LENGTH,
      tooLong: CustomFieldMessage.nameTooLong,
    }).optional(),
    options: optionsList.min(1, CustomFieldMessage.optionsRequired).optional(),
  })
  .superRefine((field, ctx) => checkOptions(field.options, ctx))
  .refine((field) => field.name !== undefined || field.options !== undefined, {
    error: CustomFieldMessage.nothingToUpdate,
  });
export type UpdateCustomField = z.output<typeof updateCustomFieldSchema>;

/** `PATCH /contacts/{contactId}/custom-fields` and the household twin: null clears the value. */
export const setCustomFieldValueSchema = z.object({
  definitionId: requiredString(CustomFieldMessage.definitionRequired),
  value: z.unknown(),
});

const httpUrl = urlSchema(CustomFieldMessage.urlInvalid);

function oneOf(options: readonly string[]) {
  return freeText({ message: CustomFieldMessage.optionInvalid }).refine(
    (value) => options.includes(value),
    CustomFieldMessage.optionInvalid,
  );
}

/** The schema a value of `definition` must match, by the definition's type (crm §3). Null clears a value. */
export function customFieldValueSchema(definition: { type: CustomFieldType; options: readonly string[] }) {
  switch (definition.type) {
    case 'CHECKBOX':
      return z.boolean({ error: CustomFieldMessage.booleanInvalid });
    case 'CURRENCY_VALUE':
      return makeMoneyValueSchema().omit({ date: true });
    case 'DATE':
      return calendarDate(CustomFieldMessage.dateInvalid);
    case 'MULTI_SELECT':
      return z.array(oneOf(definition.options), { error: CustomFieldMessage.optionInvalid });
    case 'NUMBER':
      return z.number({ error: CustomFieldMessage.numberInvalid }).finite(CustomFieldMessage.numberInvalid);
    case 'SINGLE_SELECT':
      return oneOf(definition.options);
    case 'TEXT':
      return freeText({
        message: CustomFieldMessage.textInvalid,
        max: CUSTOM_FIELD_TEXT_MAX_LENGTH,
        tooLong: CustomFieldMessage.textTooLong,
      });
    case 'TEXTAREA':
      return freeText({
        kind: 'paragraph',
        message: CustomFieldMessage.textInvalid,
        max: CUSTOM_FIELD_TEXTAREA_MAX_LENGTH,
        tooLong: CustomFieldMessage.textareaTooLong,
      });
    case 'EXTERNAL_URL':
      return httpUrl;
  }
}
