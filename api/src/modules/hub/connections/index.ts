export { ConnectionsModule } from './connections.module.js';
export { ConnectionsService } from './connections.service.js';
