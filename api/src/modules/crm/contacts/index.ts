export { ContactsModule } from './contacts.module.js';
export { ContactsService } from './contacts.service.js';
export { contactListSelect, readContactListRows, type ContactListRow } from './contacts.repository.js';
export { contactListItemView } from './contact-view.js';
// The person-shaped views (names, addresses) that households and families show the same way.
export {
  addressColumns,
  addressSelect,
  addressView,
  isoDate,
  nameColumns,
  nameSelect,
  nameView,
  ORDER_OLDEST_FIRST,
} from './views.js';
export {
  ContactsWriter,
  contactColumnsOf,
  type AddressDraft,
  type ContactColumns,
  type ContactDraft,
  type ContactLists,
  type EmailDraft,
  type EmploymentDraft,
  type PhoneDraft,
  type TagDraft,
} from './contacts.writer.js';
