/** Every cached server read, in one place, so live events and screens agree on the keys. */
export const queryKeys = {
  users: ['users'] as const,
  pendingUsers: ['users', 'pending'] as const,
  permissions: ['permissions'] as const,
  tenants: ['global', 'tenants'] as const,
  orgs: (tenantId: number | null) => ['global', 'orgs', tenantId] as const,
  partnerships: (tenantId: number | null) => ['global', 'partnerships', tenantId] as const,
  bookings: ['bookings'] as const,
  trips: ['trips'] as const,
  /** GET /dispatch/board, one entry per company and window: ['dispatch', 'board', companyId, from, to]. */
  board: ['dispatch', 'board'] as const,
  /** The bus companies an admin may choose between on the fleet screen. */
  fleetCompanies: ['fleet', 'companies'] as const,
  fleetBuses: (companyId: number | null) => ['fleet', 'buses', companyId] as const,
  fleetDrivers: (companyId: number | null) => ['fleet', 'drivers', companyId] as const,
  notifications: ['notifications'] as const,
};
