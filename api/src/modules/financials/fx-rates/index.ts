export { FxRatesModule } from './fx-rates.module.js';
export { FxRatesService } from './fx-rates.service.js';
// For a statement that reads the rates with other rows in one round trip (the household read).
export { latestRatesJsonSql, ratesOfDocument, type RatesDocument } from './fx-rates.repository.js';
