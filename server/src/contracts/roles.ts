export const ROLES = ['admin', 'school_staff', 'bus_company', 'finance', 'trip_manager', 'driver'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The roles an admin may give a user. A driver account is made only by a driver's own invitation link, tied to one
 * driver of a bus company's fleet (docs/domain.md, "Drivers"), so no admin can turn someone into a driver, or a driver
 * into anything else.
 */
export const ASSIGNABLE_ROLES = ['admin', 'school_staff', 'bus_company', 'finance', 'trip_manager'] as const satisfies readonly Role[];

/** The roles a person may pick when registering; an admin gives the others. */
export const SELF_REGISTER_ROLES = ['school_staff', 'bus_company', 'finance'] as const;

export const USER_STATUSES = ['approved', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ORG_TYPES = ['edu_group', 'school', 'bus_company'] as const;
export type OrgType = (typeof ORG_TYPES)[number];

/**
 * The kind of organization a role works in (docs/domain.md, "Roles"): school staff a school, bus companies a bus
 * company, every other role none. What a user sees and who hears about their bookings follows from it.
 */
export const ORG_TYPE_FOR_ROLE: Readonly<Record<Role, OrgType | null>> = {
  admin: null,
  school_staff: 'school',
  bus_company: 'bus_company',
  finance: null,
  trip_manager: null,
  driver: 'bus_company',
};
