import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type FindOptionsWhere, Repository } from 'typeorm';
import { type AuthUser, isPlatformAdmin } from '../common/auth-user';
import type { BookingDto, BookingStatusChange } from '../contracts/bookings';
import { Messages } from '../contracts/messages';
import { UnitOfWork, type Work } from '../database/unit-of-work';
import { Organization } from '../tenancy/organization.entity';
import { Tenant } from '../tenancy/tenant.entity';
import { Booking } from './booking.entity';
import { bookingScopeFor, canChangeBookingStatus, canSeeBooking } from './booking-visibility';
import { toBookingDto } from './bookings.mapper';
import { BookingMessages as M, type CreateBookingBody, type ListBookingsQuery } from './bookings.schemas';

const withSchool = { schoolOrg: true } as const;

@Injectable()
export class BookingsService {
  constructor(
    @InjectRepository(Booking) private readonly bookings: Repository<Booking>,
    @InjectRepository(Organization) private readonly orgs: Repository<Organization>,
    @InjectRepository(Tenant) private readonly tenants: Repository<Tenant>,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** Newest first. The query's filters are intersected with what the caller may see, so they only ever narrow it. */
  async list(caller: AuthUser, query: ListBookingsQuery): Promise<BookingDto[]> {
    const scope = bookingScopeFor(caller);
    if (scope === null) return [];
    const where: FindOptionsWhere<Booking> = { ...scope };
    const narrow = <K extends 'tenantId' | 'schoolOrgId'>(key: K, value: number | undefined): boolean => {
      if (value === undefined) return true;
      if (where[key] !== undefined && where[key] !== value) return false;
      where[key] = value;
      return true;
    };
    if (!narrow('tenantId', query.tenant_id) || !narrow('schoolOrgId', query.school_org_id)) return [];
    if (query.createdBy !== undefined) where.createdBy = query.createdBy;
    const rows = await this.bookings.find({ where, relations: withSchool, order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(toBookingDto);
  }

  /** A new booking is "Requested"; the requester and the tenant come from the signed-in user, never from the body. */
  async create(caller: AuthUser, body: CreateBookingBody): Promise<BookingDto> {
    const { tenantId, schoolOrgId } = await this.placement(caller, body);
    return this.unitOfWork.run(async (work) => {
      const booking = work.tx.create(Booking, {
        tenantId,
        schoolOrgId,
        title: body.title,
        purpose: body.purpose,
        date: body.date,
        startTime: body.startTime,
        endDate: body.endDate,
        endTime: body.endTime,
        durationMinutes: body.durationMinutes,
        students: body.students,
        adults: body.adults,
        pickupPoints: body.pickupPoints,
        dropoffPoints: body.dropoffPoints,
        busesRequested: body.busesRequested,
        busType: body.busType,
        notes: body.notes,
        createdBy: caller.name,
        createdByEmail: caller.email,
        createdById: caller.id,
        status: 'Requested',
      });
      return this.announce(work, 'booking.created', (await work.tx.save(booking)).id, caller);
    });
  }

  /**
   * Approve sets "approved", Cancel "cancelled", in any order. A booking the caller cannot see
   * answers 404 (another tenant's exactly as a missing one); one they see but may not change, 403.
   * Setting the status it already holds changes nothing and announces nothing.
   */
  async setStatus(caller: AuthUser, id: number, status: BookingStatusChange): Promise<BookingDto> {
    const current = await this.bookings.findOne({ where: { id }, relations: withSchool });
    if (!current || !canSeeBooking(caller, toBookingDto(current))) throw new NotFoundException(M.notFound);
    if (!canChangeBookingStatus(caller, toBookingDto(current), status)) throw new ForbiddenException(M.cancelOwnOnly);
    return this.unitOfWork.run(async (work) => {
      const row = await work.tx.findOne(Booking, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new NotFoundException(M.notFound);
      if (row.status === status) return toBookingDto(await work.tx.findOneOrFail(Booking, { where: { id }, relations: withSchool }));
      row.status = status;
      await work.tx.save(row);
      return this.announce(work, 'booking.updated', id, caller);
    });
  }

  /**
   * Which tenant and school a new booking belongs to. School staff book for their own school (none when
   * they have no organization); an admin or trip manager may name a school of their tenant; a platform
   * admin names a school, or a tenant.
   */
  private async placement(caller: AuthUser, body: CreateBookingBody): Promise<{ tenantId: number; schoolOrgId: number | null }> {
    if (isPlatformAdmin(caller)) {
      if (body.schoolOrgId !== undefined) {
        const school = await this.orgs.findOne({ where: { id: body.schoolOrgId, type: 'school' } });
        if (!school) throw new BadRequestException(M.schoolInvalid);
        if (body.tenant_id !== undefined && body.tenant_id !== school.tenantId) throw new BadRequestException(M.schoolInvalid);
        return { tenantId: school.tenantId, schoolOrgId: school.id };
      }
      if (body.tenant_id === undefined) throw new BadRequestException(M.tenantRequired);
      if (!(await this.tenants.existsBy({ id: body.tenant_id }))) throw new NotFoundException(M.tenantNotFound);
      return { tenantId: body.tenant_id, schoolOrgId: null };
    }
    const tenantId = caller.tenantId;
    if (tenantId === null) throw new ForbiddenException(Messages.forbidden);
    // The tenant is the caller's, whatever the body says: naming another one is a 404.
    if (body.tenant_id !== undefined && body.tenant_id !== tenantId) throw new NotFoundException(M.tenantNotFound);
    // Their organization was checked when an admin set it; keeping it as is keeps the booking in their own view.
    if (caller.role === 'school_staff') return { tenantId, schoolOrgId: caller.activeOrgId };
    if (body.schoolOrgId === undefined) return { tenantId, schoolOrgId: null };
    const school = await this.orgs.findOne({ where: { id: body.schoolOrgId, tenantId, type: 'school' } });
    if (!school) throw new BadRequestException(M.schoolInvalid);
    return { tenantId, schoolOrgId: school.id };
  }

  /** Reads the booking as written, and tells the realtime module once the change has committed, by whom. */
  private async announce(
    { tx, publish }: Work,
    event: 'booking.created' | 'booking.updated',
    id: number,
    by: { id: number; name: string },
  ): Promise<BookingDto> {
    const booking = toBookingDto(await tx.findOneOrFail(Booking, { where: { id }, relations: withSchool }));
    publish(event, { booking, tenantId: booking.tenant_id, schoolOrgId: booking.school_org_id, by: { id: by.id, name: by.name } });
    return booking;
  }
}
