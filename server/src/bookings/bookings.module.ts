import { Module } from '@nestjs/common';
import { BookingsController } from './bookings.controller';
import { BookingsService } from './bookings.service';

/** Extra bus bookings: the /bookings screen and its API. */
@Module({ controllers: [BookingsController], providers: [BookingsService] })
export class BookingsModule {}
