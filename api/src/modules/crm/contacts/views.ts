import {
  socialLinkUrl,
  type AddressView,
  type ContactEmailView,
  type ContactEmploymentView,
  type ContactPhoneNumberView,
  type SocialLinkView,
  type TagView,
} from '@meridian/domain';

/**
 * Rows of the CRM tables as the API shows them. Selects and mappers live together so a view never
 * reads a column its select left out.
 */

/** A `date` column as an ISO date (`2024-03-05`); timestamps use toISOString(). */
export function isoDate(date: Date | null): string | null {
  return date === null ? null : date.toISOString().slice(0, 10);
}

export const ORDER_OLDEST_FIRST = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];

export interface NameParts {
  firstName: string;
  lastName: string;
  middleName: string | null;
  preferredName: string | null;
  shortName: string | null;
}

export const nameSelect = {
  firstName: true,
  lastName: true,
  middleName: true,
  preferredName: true,
  shortName: true,
} as const;

export function displayName(parts: Pick<NameParts, 'firstName' | 'lastName' | 'preferredName'>): string {
  return `${parts.preferredName ?? parts.firstName} ${parts.lastName}`;
}

export function nameView(parts: NameParts) {
  return {
    first: parts.firstName,
    last: parts.lastName,
    middle: parts.middleName,
    preferred: parts.preferredName,
    short: parts.shortName,
    display: displayName(parts),
  };
}

/** The columns of a name from the API's `{ first, last, middle, preferred, short }`. */
export function nameColumns(name: {
  first: string;
  last: string;
  middle: string | null;
  preferred: string | null;
  short: string | null;
}): NameParts {
  return {
    firstName: name.first,
    lastName: name.last,
    middleName: name.middle,
    preferredName: name.preferred,
    shortName: name.short,
  };
}

export const emailSelect = { id: true, email: true, label: true, isPrimary: true } as const;
export function emailView(row: {
  id: string;
  email: string;
  label: string | null;
  isPrimary: boolean;
}): ContactEmailView {
  return { id: row.id, email: row.email, label: row.label, primary: row.isPrimary };
}

export const phoneSelect = {
  id: true,
  countryCode: true,
  number: true,
  type: true,
  label: true,
  isPrimary: true,
} as const;
export function phoneView(row: {
  id: string;
  countryCode: string;
  number: string;
  type: ContactPhoneNumberView['type'];
  label: string | null;
  isPrimary: boolean;
}): ContactPhoneNumberView {
  return {
    id: row.id,
    number: { countryCode: row.countryCode, number: row.number },
    type: row.type,
    label: row.label,
    primary: row.isPrimary,
  };
}

export const addressSelect = {
  id: true,
  label: true,
  line1: true,
  line2: true,
  city: true,
  province: true,
  postalCode: true,
  countryName: true,
  postCodeAnywhereId: true,
  isPrimary: true,
} as const;
export interface AddressRow {
  id: string;
  label: string | null;
  line1: string;
  line2: string | null;
  city: string;
  province: string;
  postalCode: string;
  countryName: string;
  postCodeAnywhereId: string | null;
  isPrimary: boolean;
}
export function addressView(row: AddressRow): AddressView {
  return {
    Id: row.id,
    Label: row.label,
    Line1: row.line1,
    Line2: row.line2,
    City: row.city,
    Province: row.province,
    PostalCode: row.postalCode,
    CountryName: row.countryName,
    PostCodeAnywhereId: row.postCodeAnywhereId,
    primary: row.isPrimary,
  };
}

/** The columns of an address from the contact area's capitalised body (`Line1`, `City`, ...). */
export function addressColumns(address: {
  Label?: string | undefined;
  Line1: string;
  Line2: string | null;
  City: string;
  Province: string;
  PostalCode: string;
  CountryName: string;
  PostCodeAnywhereId?: string | undefined;
}) {
  return {
    label: address.Label || null,
    line1: address.Line1,
    line2: address.Line2,
    city: address.City,
    province: address.Province,
    postalCode: address.PostalCode,
    countryName: address.CountryName,
    postCodeAnywhereId: address.PostCodeAnywhereId || null,
  };
}

export const employmentSelect = {
  id: true,
  employerName: true,
  jobTitle: true,
  status: true,
  startDate: true,
  endDate: true,
  isPrimary: true,
} as const;
export function employmentView(row: {
  id: string;
  employerName: string | null;
  jobTitle: string | null;
  status: ContactEmploymentView['status'];
  startDate: Date | null;
  endDate: Date | null;
  isPrimary: boolean;
}): ContactEmploymentView {
  return {
    id: row.id,
    employerName: row.employerName,
    jobTitle: row.jobTitle,
    status: row.status,
    startDate: isoDate(row.startDate),
    endDate: isoDate(row.endDate),
    primary: row.isPrimary,
  };
}

export const socialLinkSelect = { id: true, type: true, branch: true } as const;
export function socialLinkView(row: { id: string; type: SocialLinkView['type']; branch: string }): SocialLinkView {
  return { id: row.id, type: row.type, branch: row.branch, url: socialLinkUrl(row) };
}

export const tagSelect = { id: true, name: true, type: true, emoji: true } as const;
export function tagView(row: TagView): TagView {
  return { id: row.id, name: row.name, type: row.type, emoji: row.emoji };
}
