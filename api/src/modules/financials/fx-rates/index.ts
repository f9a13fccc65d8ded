export { FxRatesModule } from './fx-rates.module.js';
export { FxRatesService } from './fx-rates.service.js';
