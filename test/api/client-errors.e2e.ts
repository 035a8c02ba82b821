import { Logger } from '@nestjs/common';
import { CLIENT_ERROR_LIMITS, CLIENT_ERRORS_PER_MINUTE, ClientErrorMessages } from '../../server/src/contracts/client-errors';
import { useApiWorld } from '../support/api-world';
import type { TestApp } from '../support/app';
import type { TestTenant } from '../support/factories';

/**
 * POST /api/client-errors: a console screen's error boundary reports the render error that broke it, and the
 * server logs it. Signed-in users only, each field capped, a few reports per user per minute.
 */
describe('client error reports', () => {
  let t: TestApp, acme: TestTenant;
  useApiWorld({ tenants: ['Acme'] }, (w) => {
    ({ t } = w);
    [acme] = w.tenants;
  });

  const report = {
    message: "Cannot read properties of null (reading 'value')",
    stack: 'TypeError: Cannot read properties of null\n    at onChange (org-form.tsx:149:60)',
    componentStack: '\n    at AddOrganizationForm\n    at GlobalAdminPage',
    path: '/admin/global',
  };
  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());
  /** What the ClientError logger wrote (other loggers' lines aside). */
  const clientErrorLines = () =>
    logged.mock.calls.filter((_call, i) => (logged.mock.contexts[i] as { context?: string } | undefined)?.context === 'ClientError');

  it('logs a signed-in user’s report as one line naming the user, the path and the error', async () => {
    await t.http().post('/api/client-errors').set('Authorization', acme.users.admin.auth).send(report).expect(204);
    const lines = clientErrorLines().map((call) => String(call[0]));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('\n');
    expect(JSON.parse(lines[0])).toEqual({
      user: acme.users.admin.user.id,
      tenant: acme.tenant.id,
      path: report.path,
      message: report.message,
      stack: report.stack,
      componentStack: report.componentStack,
    });
  });

  it('refuses a caller who is not signed in, and logs nothing', async () => {
    await t.http().post('/api/client-errors').send(report).expect(401);
    expect(clientErrorLines()).toEqual([]);
  });

  it('refuses a report over its caps or without a message with 400, and logs nothing', async () => {
    const tooLong = { ...report, stack: 'x'.repeat(CLIENT_ERROR_LIMITS.stack + 1) };
    const long = await t.http().post('/api/client-errors').set('Authorization', acme.users.staffA.auth).send(tooLong).expect(400);
    expect(long.body.message).toBe(ClientErrorMessages.tooLong('stack'));
    const empty = await t
      .http()
      .post('/api/client-errors')
      .set('Authorization', acme.users.staffA.auth)
      .send({ ...report, message: '  ' })
      .expect(400);
    expect(empty.body.message).toBe(ClientErrorMessages.messageRequired);
    expect(clientErrorLines()).toEqual([]);
  });

  it(`answers 429 with Retry-After past ${CLIENT_ERRORS_PER_MINUTE} reports a minute from one user, and others still report`, async () => {
    const send = (auth: string) => t.http().post('/api/client-errors').set('Authorization', auth).send(report);
    for (let i = 0; i < CLIENT_ERRORS_PER_MINUTE; i++) await send(acme.users.busA.auth).expect(204);
    const refused = await send(acme.users.busA.auth).expect(429);
    expect(refused.body.message).toBe(ClientErrorMessages.tooMany);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(clientErrorLines()).toHaveLength(CLIENT_ERRORS_PER_MINUTE);
    await send(acme.users.finance.auth).expect(204);
  });
});
