import { BadRequestException, Controller, ForbiddenException, Get, Header, Inject, NotFoundException, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { ZodPipe } from '../common/zod.pipe';
import { TripMessages } from '../contracts/trip-messages';
import { ApiDoc } from '../docs/api-doc';
import { tripEstimateSchema } from '../docs/rates.schemas';
import { Organization } from '../tenancy/organization.entity';
import { DISTANCE_PROVIDER, type DistanceProvider } from './distance.provider';
import { estimateFor } from './estimate.repository';
import { type EstimateQuery, estimateQuery } from './rates.schemas';

/**
 * A price before the request (docs/domain.md, "Rate cards"): what the request form shows as the school types, from
 * its partner company's rate card. Those who may request a trip for the school may ask.
 */
@Controller('estimates')
@Roles('school_staff', 'trip_manager', 'admin')
export class EstimatesController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(DISTANCE_PROVIDER) private readonly distance: DistanceProvider,
  ) {}

  /** The JSON text itself: Nest sends an empty body for null, and a school without a priced partner is ordinary. */
  @Get()
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiDoc({
    summary: "A request's estimate on its school's partner company's rate card, or `null` when no partner prices a bus it runs.",
    response: tripEstimateSchema.nullable(),
    errors: { 400: 'A bad passenger count, distance or time, or no school named.', 404: 'No such school in the tenant.' },
  })
  async estimate(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(estimateQuery)) q: EstimateQuery): Promise<string> {
    const schoolOrgId = caller.role === 'school_staff' ? caller.activeOrgId : q.schoolOrgId;
    if (schoolOrgId === null) throw new ForbiddenException(TripMessages.staffWithoutSchool);
    if (schoolOrgId === undefined) throw new BadRequestException(TripMessages.schoolRequired);
    const school = await this.db.manager.findOneBy(Organization, { id: schoolOrgId, type: 'school' });
    if (!school || (caller.tenantId !== null && school.tenantId !== caller.tenantId)) {
      throw new NotFoundException(TripMessages.schoolNotInTenant);
    }
    const distanceKm = await this.distance.distanceKm({ schoolOrgId: school.id, origin: null, destination: '', typedKm: q.distanceKm });
    if (distanceKm === null) return JSON.stringify(null);
    const estimate = await estimateFor(this.db.manager, school.id, { ...q, distanceKm, passengers: q.students + (q.staff ?? 0) });
    return JSON.stringify(estimate);
  }
}
