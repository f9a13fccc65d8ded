import { z } from 'zod';
import { EntityType } from '../shared/ids/canonical-id.js';
import { idParam } from '../shared/input/id-param.js';

export const contactIdParam = idParam(EntityType.contact, 'contact');
export const personIdParam = idParam(EntityType.person, 'person');
export const householdIdParam = idParam(EntityType.household, 'household');
export const familyIdParam = idParam(EntityType.family, 'family');
export const teamIdParam = idParam(EntityType.team, 'team');

export const contactIdParamsSchema = z.object({ contactId: contactIdParam });
/** The spec names the contact `entityId` in the tag and primary-address calls (crm §7). */
export const contactEntityIdParamsSchema = z.object({ entityId: contactIdParam });
export const contactEmailParamsSchema = z.object({
  contactId: contactIdParam,
  emailId: idParam(EntityType.contactEmail, 'email'),
});
export const contactPhoneNumberParamsSchema = z.object({
  contactId: contactIdParam,
  numberId: idParam(EntityType.contactPhoneNumber, 'phone number'),
});
export const contactEmploymentParamsSchema = z.object({
  contactId: contactIdParam,
  employmentId: idParam(EntityType.contactEmployment, 'employment'),
});
export const contactSocialLinkParamsSchema = z.object({
  contactId: contactIdParam,
  linkId: idParam(EntityType.contactSocialLink, 'social link'),
});
export const contactAddressParamsSchema = z.object({
  contactId: contactIdParam,
  addressId: idParam(EntityType.contactAddress, 'address'),
});
export const personIdParamsSchema = z.object({ personId: personIdParam });
export const householdIdParamsSchema = z.object({ householdId: householdIdParam });
export const familyIdParamsSchema = z.object({ familyId: familyIdParam });
export const familyAddressParamsSchema = z.object({
  familyId: familyIdParam,
  addressId: idParam(EntityType.familyAddress, 'address'),
});
/** `PATCH /families/{familyId}/members/{member}/remove`: the member is a person. */
export const familyMemberParamsSchema = z.object({ familyId: familyIdParam, member: personIdParam });
export const teamIdParamSchema = z.object({ teamId: teamIdParam });
export const customFieldIdParamsSchema = z.object({
  definitionId: idParam(EntityType.customFieldDefinition, 'custom field'),
});
