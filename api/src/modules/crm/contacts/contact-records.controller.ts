import { Controller, Inject, Patch, Post } from '@nestjs/common';
import {
  addContactAddressSchema,
  addContactEmailSchema,
  addContactEmploymentSchema,
  addContactPhoneNumberSchema,
  addNewAddressSchema,
  addSocialLinkSchema,
  contactAddressParamsSchema,
  contactEmailParamsSchema,
  contactEmploymentParamsSchema,
  contactEntityIdParamsSchema,
  contactIdParamsSchema,
  contactPhoneNumberParamsSchema,
  contactSchema,
  contactSocialLinkParamsSchema,
  primaryAddressSchema,
  setEmploymentEndDateSchema,
} from '@meridian/domain';
import type { z } from 'zod';
import { ApiRoute, ValidBody, ValidParams } from '../../../common/http/api-route.js';
import { ContactRecordsService } from './contact-records.service.js';

const TAGS = ['contacts'];
type ContactParams = z.output<typeof contactIdParamsSchema>;

/** One-line declarations of the sub-record routes; each answers with the whole contact. */
function route(summary: string, extra: Partial<Parameters<typeof ApiRoute>[0]> = {}) {
  return ApiRoute({ summary, tags: TAGS, permission: 'CRM_WRITE', response: contactSchema, errors: [404], ...extra });
}

/**
 * A contact's e-mails, phone numbers, employments, social links and addresses (crm §7). Paths are
 * spelled as the spec spells them: `/contacts/...` for most, `/contact/...` for the address calls.
 * The add calls of e-mails, phone numbers and employments are ours, beside the spec's social-link add.
 */
@Controller()
export class ContactRecordsController {
  constructor(@Inject(ContactRecordsService) private readonly records: ContactRecordsService) {}

  // ─── E-mails ──────────────────────────────────────────────────────────────────────────────────
  @Patch('contacts/:contactId/emails/add')
  @route('Add an e-mail address; the first one, or one marked primary, becomes the primary', {
    params: contactIdParamsSchema,
    body: addContactEmailSchema,
  })
  addEmail(@ValidParams() params: ContactParams, @ValidBody() body: z.output<typeof addContactEmailSchema>) {
    return this.records.addEmail(params.contactId, body);
  }

  @Patch('contacts/:contactId/emails/:emailId/remove')
  @route('Remove an e-mail address; removing the primary promotes the oldest remaining one', {
    params: contactEmailParamsSchema,
  })
  removeEmail(@ValidParams() params: z.output<typeof contactEmailParamsSchema>) {
    return this.records.removeEmail(params.contactId, params.emailId);
  }

  @Patch('contacts/:contactId/emails/:emailId/set-primary')
  @route('Make an e-mail address the primary one', { params: contactEmailParamsSchema })
  setPrimaryEmail(@ValidParams() params: z.output<typeof contactEmailParamsSchema>) {
    return this.records.setPrimaryEmail(params.contactId, params.emailId);
  }

  // ─── Phone numbers ────────────────────────────────────────────────────────────────────────────
  @Patch('contacts/:contactId/phone-numbers/add')
  @route('Add a phone number; the first one, or one marked primary, becomes the primary', {
    params: contactIdParamsSchema,
    body: addContactPhoneNumberSchema,
  })
  addPhoneNumber(
    @ValidParams() params: ContactParams,
    @ValidBody() body: z.output<typeof addContactPhoneNumberSchema>,
  ) {
    return this.records.addPhoneNumber(params.contactId, body);
  }

  @Patch('contacts/:contactId/phone-numbers/:numberId/remove')
  @route('Remove a phone number; removing the primary promotes the oldest remaining one', {
    params: contactPhoneNumberParamsSchema,
  })
  removePhoneNumber(@ValidParams() params: z.output<typeof contactPhoneNumberParamsSchema>) {
    return this.records.removePhoneNumber(params.contactId, params.numberId);
  }

  @Patch('contacts/:contactId/phone-numbers/:numberId/set-primary')
  @route('Make a phone number the primary one', { params: contactPhoneNumberParamsSchema })
  setPrimaryPhoneNumber(@ValidParams() params: z.output<typeof contactPhoneNumberParamsSchema>) {
    return this.records.setPrimaryPhoneNumber(params.contactId, params.numberId);
  }

  // ─── Employments ──────────────────────────────────────────────────────────────────────────────
  @Patch('contacts/:contactId/employments/add')
  @route('Add an employment; the first one, or one marked primary, becomes the primary', {
    params: contactIdParamsSchema,
    body: addContactEmploymentSchema,
  })
  addEmployment(@ValidParams() params: ContactParams, @ValidBody() body: z.output<typeof addContactEmploymentSchema>) {
    return this.records.addEmployment(params.contactId, body);
  }

  @Patch('contacts/:contactId/employments/:employmentId/remove')
  @route('Remove an employment; removing the primary promotes the oldest remaining one', {
    params: contactEmploymentParamsSchema,
  })
  removeEmployment(@ValidParams() params: z.output<typeof contactEmploymentParamsSchema>) {
    return this.records.removeEmployment(params.contactId, params.employmentId);
  }

  @Patch('contacts/:contactId/employments/:employmentId/set-primary')
  @route('Make an employment the primary one', { params: contactEmploymentParamsSchema })
  setPrimaryEmployment(@ValidParams() params: z.output<typeof contactEmploymentParamsSchema>) {
    return this.records.setPrimaryEmployment(params.contactId, params.employmentId);
  }

  @Patch('contacts/:contactId/employments/:employmentId/set-employment-end-date')
  @route('Set (or with null, clear) an employment’s end date, on or after its start date', {
    params: contactEmploymentParamsSchema,
    body: setEmploymentEndDateSchema,
  })
  setEmploymentEndDate(
    @ValidParams() params: z.output<typeof contactEmploymentParamsSchema>,
    @ValidBody() body: z.output<typeof setEmploymentEndDateSchema>,
  ) {
    return this.records.setEmploymentEndDate(params.contactId, params.employmentId, body.endDate);
  }

  // ─── Social links ─────────────────────────────────────────────────────────────────────────────
  @Patch('contacts/:contactId/social-links/add')
  @route('Add a social link {type, branch}; a pasted full address is cut to its branch', {
    params: contactIdParamsSchema,
    body: addSocialLinkSchema,
  })
  addSocialLink(@ValidParams() params: ContactParams, @ValidBody() body: z.output<typeof addSocialLinkSchema>) {
    return this.records.addSocialLink(params.contactId, body.link);
  }

  @Patch('contacts/:contactId/social-links/:linkId/remove')
  @route('Remove a social link', { params: contactSocialLinkParamsSchema })
  removeSocialLink(@ValidParams() params: z.output<typeof contactSocialLinkParamsSchema>) {
    return this.records.removeSocialLink(params.contactId, params.linkId);
  }

  // ─── Addresses (crm §7 spells these /contact/...) ────────────────────────────────────────────
  @Patch('contact/:contactId/add-address')
  @route('Add an address; the first one, or one marked primary, becomes the primary', {
    params: contactIdParamsSchema,
    body: addContactAddressSchema,
  })
  addAddress(@ValidParams() params: ContactParams, @ValidBody() body: z.output<typeof addContactAddressSchema>) {
    return this.records.addAddress(params.contactId, body);
  }

  @Post('addresses/add-new-address')
  @route(
    'Keep an address (one found through address completion, with its postCodeAnywhereId) as an address of the contact `contactId`: country Canada or the United States, province or state and postal code of that country (stored as code, name and the post’s form)',
    { body: addNewAddressSchema, status: 201 },
  )
  addNewAddress(@ValidBody() body: z.output<typeof addNewAddressSchema>) {
    return this.records.addNewAddress(body);
  }

  @Patch('contact/:contactId/remove-address/:addressId')
  @route('Remove an address; removing the primary promotes the oldest remaining one', {
    params: contactAddressParamsSchema,
  })
  removeAddress(@ValidParams() params: z.output<typeof contactAddressParamsSchema>) {
    return this.records.removeAddress(params.contactId, params.addressId);
  }

  @Patch('contact/:entityId/set-primary-address')
  @route('Make an address the primary one', {
    params: contactEntityIdParamsSchema,
    body: primaryAddressSchema,
  })
  setPrimaryAddress(
    @ValidParams() params: z.output<typeof contactEntityIdParamsSchema>,
    @ValidBody() body: z.output<typeof primaryAddressSchema>,
  ) {
    return this.records.setPrimaryAddress(params.entityId, body.addressId);
  }

  @Patch('contact/:entityId/remove-primary-address')
  @route('Stop an address being primary: the oldest other address becomes primary (409 for the only one)', {
    params: contactEntityIdParamsSchema,
    body: primaryAddressSchema,
    errors: [404, 409],
  })
  removePrimaryAddress(
    @ValidParams() params: z.output<typeof contactEntityIdParamsSchema>,
    @ValidBody() body: z.output<typeof primaryAddressSchema>,
  ) {
    return this.records.removePrimaryAddress(params.entityId, body.addressId);
  }
}
