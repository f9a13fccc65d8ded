import { Module } from '@nestjs/common';
import { EntityResolverRepository } from './entity-resolver.repository.js';
import { EntityResolver } from './entity-resolver.service.js';

/** References to any entity by canonical id (no routes of its own): imported by the modules that take them. */
@Module({ providers: [EntityResolver, EntityResolverRepository], exports: [EntityResolver] })
export class EntityResolverModule {}
