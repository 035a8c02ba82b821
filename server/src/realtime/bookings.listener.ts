import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { canSeeBooking } from '../bookings/booking-visibility';
import type { DomainEventMap } from '../common/domain-events';
import type { BookingDto } from '../contracts/bookings';
import { User } from '../users/user.entity';
import { bookingRooms } from './audiences';
import { LivePublisher, send } from './live-publisher.service';

/** Bookings reach exactly the sockets whose user could GET them (canSeeBooking; visibility: docs/domain.md). */
@Injectable()
export class BookingsListener {
  constructor(
    private readonly publisher: LivePublisher,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  @OnEvent('booking.created')
  bookingCreated({ booking, tenantId, by }: DomainEventMap['booking.created']): void {
    void this.publisher.publish(tenantId, async () => [send('booking:created', await this.roomsOf(booking), { booking, by })]);
  }

  @OnEvent('booking.updated')
  bookingUpdated({ booking, tenantId, by }: DomainEventMap['booking.updated']): void {
    void this.publisher.publish(tenantId, async () => [send('booking:updated', await this.roomsOf(booking), { booking, by })]);
  }

  private async roomsOf(booking: BookingDto): Promise<string[]> {
    const author =
      booking.created_by_id === null
        ? null
        : await this.users.findOne({
            select: { id: true, role: true, tenantId: true, activeOrgId: true, status: true },
            where: { id: booking.created_by_id },
          });
    const authorSees = author !== null && author.status === 'approved' && canSeeBooking(author, booking);
    return bookingRooms(booking, { authorSees });
  }
}
