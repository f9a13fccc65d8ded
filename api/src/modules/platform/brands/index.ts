export { BrandsModule, BrandsCoreModule } from './brands.module.js';
export { BrandsService, defaultBrandId } from './brands.service.js';
export { LogoProcessor } from './logo-processor.js';
