import { Module } from '@nestjs/common';
import { BookingsController } from './bookings.controller';
import { BookingsService } from './bookings.service';

/** Extra bus bookings (spec §2 /bookings, §7). */
@Module({ controllers: [BookingsController], providers: [BookingsService] })
export class BookingsModule {}
