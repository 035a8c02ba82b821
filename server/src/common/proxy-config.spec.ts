import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// docker/nginx.conf is the proxy the replicas trust (TRUST_PROXY=uniquelocal in compose). What it forwards is what
// the address rate limits count and what the socket origin check reads as the page's host.
const conf = readFileSync(join(__dirname, '../../../docker/nginx.conf'), 'utf8');

/** Every `proxy_set_header <name> <value>;` directive (comments dropped), as [name, value] pairs. */
function proxyHeaders(text: string): Array<[string, string]> {
  const code = text.replace(/#.*$/gm, '');
  return [...code.matchAll(/\bproxy_set_header\s+(\S+)\s+([^;]+);/g)].map(([, name, value]) => [name.toLowerCase(), value.trim()]);
}

describe('docker/nginx.conf', () => {
  const headers = proxyHeaders(conf);
  const proxied = (code: string) => (code.match(/\bproxy_pass\b/g) ?? []).length;

  it('proxies at least once, so the checks below look at something', () => {
    expect(proxied(conf)).toBeGreaterThan(0);
  });

  it('sends X-Forwarded-For as the address nginx itself saw, never appending to what the client sent', () => {
    const values = headers.filter(([name]) => name === 'x-forwarded-for').map(([, value]) => value);
    expect(values.length).toBe(proxied(conf));
    for (const value of values) expect(value).toBe('$remote_addr');
  });

  it("sets X-Forwarded-Host from nginx's own Host, so a client's X-Forwarded-Host never reaches the replicas", () => {
    const values = headers.filter(([name]) => name === 'x-forwarded-host').map(([, value]) => value);
    expect(values.length).toBe(proxied(conf));
    for (const value of values) expect(['$host', '$http_host']).toContain(value);
  });
});
