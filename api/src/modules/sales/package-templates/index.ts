export { PackageTemplatesModule } from './package-templates.module.js';
export { PackageTemplatesWriter } from './package-templates.writer.js';
// A proposal's offers are read and answered as a template's are.
export { OFFER_SELECT, requireOfferings, type OfferRow } from './package-templates.repository.js';
export { offerView } from './package-templates.service.js';
