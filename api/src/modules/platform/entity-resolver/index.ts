export { EntityResolverModule } from './entity-resolver.module.js';
export { EntityResolver, type Reference } from './entity-resolver.service.js';
export type { ResolvedEntity } from './entity-resolver.repository.js';
