import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { ADDRESS_COMPLETION, NoAddressCompletion, type AddressCompletion } from './address-completion.js';
import { AddressesController } from './addresses.controller.js';
import { LoqateAddressCompletion } from './loqate-address-completion.js';

/** Loqate when LOQATE_API_KEY is set; otherwise no completion, and nothing leaves the machine. */
export function createAddressCompletion(config: AppConfig): AddressCompletion {
  if (!config.LOQATE_API_KEY) return new NoAddressCompletion();
  return new LoqateAddressCompletion({ apiKey: config.LOQATE_API_KEY, baseUrl: config.LOQATE_BASE_URL });
}

/** Address completion for the address forms (an outside provider, optional). */
@Module({
  controllers: [AddressesController],
  providers: [{ provide: ADDRESS_COMPLETION, inject: [APP_CONFIG], useFactory: createAddressCompletion }],
})
export class AddressesModule {}
