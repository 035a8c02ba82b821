import { Module } from '@nestjs/common';
import { TenancyModule } from '../tenancy/tenancy.module';
import { PermissionsController } from './permissions.controller';
import { PermissionsService } from './permissions.service';

@Module({ imports: [TenancyModule], controllers: [PermissionsController], providers: [PermissionsService] })
export class PermissionsModule {}
