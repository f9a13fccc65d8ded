export { OfferingsModule } from './offerings.module.js';
