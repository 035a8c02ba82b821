import { RevokedToken } from '../auth/revoked-token.entity';
import { Organization } from '../tenancy/organization.entity';
import { Partnership } from '../tenancy/partnership.entity';
import { Tenant } from '../tenancy/tenant.entity';
import { User } from '../users/user.entity';

/** Every entity, registered once for both drivers. */
export const ENTITIES = [Tenant, Organization, Partnership, User, RevokedToken];
