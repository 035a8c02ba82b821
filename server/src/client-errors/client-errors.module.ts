import { Module } from '@nestjs/common';
import { ThrottlerStorageModule } from '../auth/redis-throttler.storage';
import { ClientErrorsController } from './client-errors.controller';

/** `POST /client-errors`: the console's render errors, into the server's log. */
@Module({ imports: [ThrottlerStorageModule], controllers: [ClientErrorsController] })
export class ClientErrorsModule {}
