export { AddressesModule } from './addresses.module.js';
export { ADDRESS_COMPLETION, NoAddressCompletion, type AddressCompletion } from './address-completion.js';
export { LoqateAddressCompletion } from './loqate-address-completion.js';
