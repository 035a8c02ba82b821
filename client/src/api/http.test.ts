import { ApiError, apiUrl, errorText, http, TOKEN_KEY } from './http';
import { mockFetch } from '../test-utils';

describe('http client', () => {
  it('strips a leading /api/ and adds the base', () => {
    expect(apiUrl('/api/trips')).toBe('/api/trips');
    expect(apiUrl('trips', { createdBy: 'Ann B', empty: '' })).toBe('/api/trips?createdBy=Ann+B');
    expect(apiUrl('/global/orgs', { tenant_id: 3 })).toBe('/api/global/orgs?tenant_id=3');
  });

  it('sends the stored token as a Bearer header', async () => {
    const { fetchMock } = mockFetch({ 'GET /api/users/me': () => ({ body: { id: 1 } }) });
    window.localStorage.setItem(TOKEN_KEY, 'abc');
    await http.get('/users/me');
    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
    expect(init.credentials).toBe('include');
  });

  it('reads error text from message, then error, then the client error, then "Request failed"', async () => {
    mockFetch({
      'GET /api/a': () => ({ status: 400, body: { message: 'From message' } }),
      'GET /api/b': () => ({ status: 400, body: { error: 'From error' } }),
      'GET /api/c': () => ({ status: 500 }),
    });
    await expect(http.get('/a')).rejects.toThrow('From message');
    await expect(http.get('/b')).rejects.toThrow('From error');
    await expect(http.get('/c')).rejects.toThrow('Request failed with status code 500');
    expect(errorText(new ApiError('', 500, null))).toBe('Request failed');
    expect(errorText(undefined)).toBe('Request failed');
  });
});
