import { z } from 'zod';
import { EmploymentStatus } from './enums.js';
import { calendarDate, optionalText, requiredString } from '../../shared/input/common.js';
import { ContactMessage, PHONE_LABEL_MAX_LENGTH, phoneNumberEntrySchema } from './schemas.js';
import { emailSchema } from '../../shared/input/email.js';
import { phoneSchema } from '../../shared/input/phone.js';

/**
 * Bodies of the contact sub-record calls the spec lists by name only (crm §7: e-mails, phone
 * numbers, employments, tags, primary address) and of the add calls the dashboard needs beside
 * them. Every message here is ours: the spec gives these rules without wording.
 */
export const ContactRecordMessage = {
  emailRequired: 'Email is required',
  emailLabelTooLong: `Label must be at most ${PHONE_LABEL_MAX_LENGTH} characters`,
  endDateInvalid: 'Please enter a valid date',
  startDateInvalid: 'Please enter a valid date',
  endBeforeStart: 'End date must be on or after the start date',
  addressRequired: 'Address is required',
  phoneRequired: 'Phone number is required',
  employmentRequired: 'Employer or job title is required',
} as const;

/** An ISO calendar date (`2024-03-05`), or a date-time that is cut to its date; null clears it. */
function optionalDate(message: string) {
  return z
    .union([calendarDate(message), z.null()], { error: message })
    .optional()
    .transform((date) => date ?? null);
}

/** `PATCH /contacts/{contactId}/emails/add`: an e-mail, an optional label and whether it becomes primary. */
export const addContactEmailSchema = z.object({
  email: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string({ error: ContactRecordMessage.emailRequired }).pipe(emailSchema(ContactMessage.emailInvalid)),
  ),
  label: optionalText({ max: PHONE_LABEL_MAX_LENGTH, tooLong: ContactRecordMessage.emailLabelTooLong }),
  primary: z.boolean().default(false),
});
export type AddContactEmail = z.output<typeof addContactEmailSchema>;

/** `PATCH /contacts/{contactId}/phone-numbers/add`: the spec's phone number; not primary unless asked. */
export const addContactPhoneNumberSchema = phoneNumberEntrySchema.extend({
  number: z.object(phoneSchema.shape, { error: ContactRecordMessage.phoneRequired }),
  primary: z.boolean().default(false),
});
export type AddContactPhoneNumber = z.output<typeof addContactPhoneNumberSchema>;

/** `PATCH /contacts/{contactId}/employments/add`: employer, job title, status and dates. */
export const addContactEmploymentSchema = z
  .object({
    employerName: optionalText(),
    jobTitle: optionalText(),
    status: z
      .enum(EmploymentStatus, { error: ContactMessage.employmentStatusInvalid })
      .nullish()
      .transform((status) => status ?? null),
    startDate: optionalDate(ContactRecordMessage.startDateInvalid),
    endDate: optionalDate(ContactRecordMessage.endDateInvalid),
    primary: z.boolean().default(false),
  })
  .superRefine((employment, ctx) => {
    if (employment.employerName === null && employment.jobTitle === null) {
      ctx.addIssue({ code: 'custom', message: ContactRecordMessage.employmentRequired, path: ['employerName'] });
    }
    if (employment.startDate && employment.endDate && employment.endDate < employment.startDate) {
      ctx.addIssue({ code: 'custom', message: ContactRecordMessage.endBeforeStart, path: ['endDate'] });
    }
  });
export type AddContactEmployment = z.output<typeof addContactEmploymentSchema>;

/** `PATCH /contacts/{contactId}/employments/{employmentId}/set-employment-end-date`; null clears it. */
export const setEmploymentEndDateSchema = z.object({
  endDate: z.union([calendarDate(ContactRecordMessage.endDateInvalid), z.null()], {
    error: ContactRecordMessage.endDateInvalid,
  }),
});

/** `PATCH /contact/{entityId}/set-primary-address` and `remove-primary-address`, and the family twin. */
export const primaryAddressSchema = z.object({
  addressId: requiredString(ContactRecordMessage.addressRequired),
});

/** `DELETE /contacts/{entityId}/remove-tag`: the tag is named by its name and type. */
export const removeTagSchema = z.object({
  name: requiredString(ContactMessage.tagNameRequired),
  type: requiredString(ContactMessage.tagTypeRequired),
});
