import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { IdPipe, ZodPipe } from '../common/zod.pipe';
import {
  type CreateBookingBody,
  createBookingSchema,
  type ListBookingsQuery,
  listBookingsQuery,
  type UpdateBookingBody,
  updateBookingSchema,
} from './bookings.schemas';
import { BookingsService } from './bookings.service';
import { ApiDoc } from '../docs/api-doc';
import { bookingSchema } from '../docs/wire.schemas';

@Controller('bookings')
export class BookingsController {
  constructor(private readonly bookings: BookingsService) {}

  // Bus companies see no bookings (docs/domain.md, visibility), so the route refuses them (403) rather than answering an empty list.
  @Get()
  @Roles('admin', 'finance', 'school_staff', 'trip_manager')
  @ApiDoc({
    summary: 'The bookings the caller may see.',
    response: z.array(bookingSchema),
    errors: { 404: "No such tenant (`tenant_id`), or not the caller's." },
  })
  list(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(listBookingsQuery)) query: ListBookingsQuery) {
    return this.bookings.list(caller, query);
  }

  // Bookings are made by school_staff, trip_manager and admin.
  @Post()
  @Roles('school_staff', 'trip_manager', 'admin')
  @ApiDoc({
    summary: 'Request a booking (status Requested).',
    response: bookingSchema,
    errors: { 404: "No such tenant (`tenant_id`), or not the caller's." },
  })
  create(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(createBookingSchema)) body: CreateBookingBody) {
    return this.bookings.create(caller, body);
  }

  @Patch(':id')
  @Roles('school_staff', 'trip_manager', 'admin')
  @ApiDoc({ summary: 'Approve or cancel a booking.', response: bookingSchema, errors: { 403: 'The caller may not change this booking.' } })
  setStatus(
    @CurrentUser() caller: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(updateBookingSchema)) body: UpdateBookingBody,
  ) {
    return this.bookings.setStatus(caller, id, body.status);
  }
}
