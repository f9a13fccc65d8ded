export { LinksProfilesModule } from './links-profiles.module.js';
export { ContactFormStamp } from './contact-form-stamp.js';
