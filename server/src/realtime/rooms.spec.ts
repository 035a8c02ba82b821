import { originAllowed } from './realtime-io.adapter';
import { actingOrgId, roomMoves, roomsFor, tenantOfRooms } from './rooms';

describe('rooms', () => {
  it('puts a tenant user in its tenant, role, user and acting organization rooms', () => {
    expect(roomsFor({ id: 3, role: 'school_staff', tenantId: 7, activeOrgId: 12, activeOrgType: 'school' })).toEqual([
      'tenant:7',
      'role:school_staff:7',
      'user:3',
      'org:12',
    ]);
  });

  it('puts a platform admin in the platform room, without any tenant room', () => {
    expect(roomsFor({ id: 1, role: 'admin', tenantId: null, activeOrgId: null, activeOrgType: null })).toEqual(['platform', 'user:1']);
  });

  it('puts a driver in their user and driver rooms only, whatever their tenant and company', () => {
    const driver = { id: 9, role: 'driver' as const, tenantId: 7, activeOrgId: 5, activeOrgType: 'bus_company' as const };
    expect(roomsFor({ ...driver, fleetDriverId: 42 })).toEqual(['user:9', 'driver:42']);
    expect(roomsFor({ ...driver, fleetDriverId: null })).toEqual(['user:9']);
    expect(tenantOfRooms(roomsFor({ ...driver, fleetDriverId: 42 }))).toBeNull();
  });

  it('grants organization rooms only to the roles that see by membership, and only for their kind of organization', () => {
    expect(actingOrgId({ role: 'bus_company', activeOrgId: 5, activeOrgType: 'bus_company' })).toBe(5);
    expect(actingOrgId({ role: 'bus_company', activeOrgId: 5, activeOrgType: 'school' })).toBeNull();
    expect(actingOrgId({ role: 'school_staff', activeOrgId: 5, activeOrgType: 'bus_company' })).toBeNull();
    expect(actingOrgId({ role: 'trip_manager', activeOrgId: 5, activeOrgType: 'school' })).toBeNull();
    expect(actingOrgId({ role: 'admin', activeOrgId: 5, activeOrgType: 'school' })).toBeNull();
  });

  it('moves a member that changes role and school out of the old rooms and into the new ones', () => {
    const before = { id: 3, role: 'school_staff' as const, tenantId: 7, activeOrgId: 12, activeOrgType: 'school' as const };
    expect(roomMoves(before, { ...before, role: 'finance', activeOrgId: null, activeOrgType: null })).toEqual({
      leave: ['role:school_staff:7', 'org:12'],
      join: ['role:finance:7'],
    });
    expect(roomMoves(before, { ...before, activeOrgId: 13 })).toEqual({ leave: ['org:12'], join: ['org:13'] });
  });

  it('reads the tenant back from a socket’s rooms', () => {
    expect(tenantOfRooms(['abc', 'user:3', 'tenant:7'])).toBe(7);
    expect(tenantOfRooms(['abc', 'platform', 'user:1'])).toBe('platform');
    expect(tenantOfRooms(['abc'])).toBeNull();
  });
});

describe('socket origin check', () => {
  const req = (headers: Record<string, string>) => ({ headers });

  it('lets in clients without Origin and pages of this very server', () => {
    expect(originAllowed(req({ host: 'console.example:3000' }), [])).toBe(true);
    expect(originAllowed(req({ host: 'console.example:3000', origin: 'http://console.example:3000' }), [])).toBe(true);
    expect(originAllowed(req({ host: 'console.example:3000', origin: 'http://console.example:3000' }), ['http://localhost:5173'])).toBe(
      true,
    );
  });

  it('refuses other origins unless configured', () => {
    expect(originAllowed(req({ host: 'console.example', origin: 'https://evil.example' }), [])).toBe(false);
    expect(originAllowed(req({ host: 'console.example', origin: 'http://localhost:5173' }), ['http://localhost:5173'])).toBe(true);
    expect(originAllowed(req({ host: 'console.example', origin: 'not a url' }), [])).toBe(false);
  });

  it('believes X-Forwarded-Host only from a trusted proxy', () => {
    const behind = (remoteAddress: string) => ({
      headers: { host: 'replica-1:3000', origin: 'https://console.example', 'x-forwarded-host': 'console.example' },
      socket: { remoteAddress },
    });
    const trusted = (address: string) => address === '10.0.0.2';
    expect(originAllowed(behind('10.0.0.2'), [], trusted)).toBe(true);
    expect(originAllowed(behind('203.0.113.9'), [], trusted)).toBe(false);
    expect(originAllowed(behind('10.0.0.2'), [])).toBe(false);
  });
});
