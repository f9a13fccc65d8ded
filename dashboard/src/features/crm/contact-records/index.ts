// A contact's sub-records, one section (a card with its rows and its add form) per file.
export { AddressesSection } from './addresses-section';
export { AddressForm } from './address-form';
export { EmailsSection } from './emails-section';
export { EmploymentsSection } from './employments-section';
export { PhoneNumbersSection } from './phone-numbers-section';
export { SocialLinksSection } from './social-links-section';
export { TagsSection } from './tags-section';
