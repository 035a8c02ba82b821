export const ROLES = ['admin', 'school_staff', 'bus_company', 'finance', 'trip_manager'] as const;
export type Role = (typeof ROLES)[number];

/** spec §5: the roles a person may pick when registering. */
export const SELF_REGISTER_ROLES = ['school_staff', 'bus_company', 'finance'] as const;

export const USER_STATUSES = ['approved', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ORG_TYPES = ['edu_group', 'school', 'bus_company'] as const;
export type OrgType = (typeof ORG_TYPES)[number];
