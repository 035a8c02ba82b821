import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './browser';

/**
 * Once per run, before the browser suites: the built server starts on a fresh embedded database, migrates it and seeds
 * the demo, and stops. Each suite's server then starts on a copy of that folder (startServer), which opens an
 * up-to-date database in about a second instead of migrating and seeding one in three to five (measured on two cores).
 * Every suite still gets a database of its own.
 *
 * The demo gives Greenfield Primary an approval policy; the suites walk the request-to-bus-company flow from
 * Greenfield, so the template takes it off (through the API, as an admin would), and the approval suite sets one itself.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.BROWSER_DATA_TEMPLATE) return;
  const dataDir = mkdtempSync(join(tmpdir(), 'console-browser-template-'));
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    await withoutApprovalPolicies(server.url);
  } finally {
    await server.stop();
  }
  process.env.BROWSER_DATA_TEMPLATE = dataDir;
}

async function withoutApprovalPolicies(url: string): Promise<void> {
  const call = async (path: string, init: RequestInit & { token?: string } = {}) => {
    const res = await fetch(`${url}/api${path}`, {
      ...init,
      headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
  const { token } = (await call('/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email: 'admin@demo.test', password: 'demo1234' }),
  })) as { token: string };
  const orgs = (await call('/global/orgs', { token })) as { id: number; type: string }[];
  for (const school of orgs.filter((o) => o.type === 'school')) {
    await call(`/schools/${school.id}/approval-policy`, {
      method: 'PUT',
      token,
      body: JSON.stringify({ steps: [], budgetCodeRequired: false, reminderDays: 3, expiryDays: 10 }),
    });
  }
}
