import { Global, Module } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { DomainEvents } from './domain-events';

@Global()
@Module({ providers: [DomainEvents, UnitOfWork], exports: [DomainEvents, UnitOfWork] })
export class CommonModule {}
