import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The repository's root: where `npm start`, `npm run cluster` and the server's sources run from. */
export const REPO_ROOT = resolve(__dirname, '..', '..');

/** A TCP port nothing listens on right now (the system picks it; it is free again once this resolves). */
export const freePort = async (): Promise<number> => (await freePorts(1))[0];

/**
 * `count` different TCP ports nothing listens on right now. All are held open until the last is picked, then freed:
 * one at a time, the system may hand the port it just freed out again, and two servers of one test would then ask for
 * the same port.
 */
export async function freePorts(count: number): Promise<number[]> {
  const held = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((ok, fail) => {
          const s = createServer();
          s.once('error', fail);
          s.listen(0, '127.0.0.1', () => ok(s));
        }),
    ),
  );
  const ports = held.map((s) => (s.address() as AddressInfo).port);
  await Promise.all(held.map((s) => new Promise((ok) => s.close(ok))));
  return ports;
}

export interface ServerProcess {
  readonly child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** SIGTERM (its shutdown hooks run), then SIGKILL if it is still running after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL: it dies without a word (no shutdown hook, no socket close reaches anyone); resolves once it has exited. */
  kill(): Promise<void>;
}

export interface ServerProcessOptions {
  /** What it is, for the errors: "replica B", "npm run cluster". */
  what: string;
  /** Node's arguments (the script and its own), run from the repository's root. */
  args: string[];
  /** On top of this process's environment (NODE_OPTIONS cleared: jest's would reach the child). */
  env: Record<string, string>;
  /** Whether it is ready, asked until it says so; it is given the output so far. */
  ready: (output: string) => boolean | Promise<boolean>;
  readyWithinMs: number;
  pollMs?: number;
}

/** Starts a Node process (a built or a source server, the cluster script) and resolves once it is ready. */
export async function startServerProcess(opts: ServerProcessOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, opts.args, {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_OPTIONS: '', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const exited = () => (running() ? new Promise<void>((ok) => child.once('exit', () => ok())) : Promise.resolve());
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${opts.what} exited during start-up:\n${output}`);
    if (await opts.ready(output)) break;
    if (Date.now() - started > opts.readyWithinMs) {
      throw new Error(`${opts.what} was not ready within ${opts.readyWithinMs / 1000} s:\n${output}`);
    }
    await sleep(opts.pollMs ?? 200);
  }
  return {
    child,
    output: () => output,
    async stop(graceMs = 5_000) {
      if (!running()) return;
      const done = exited();
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await done;
      clearTimeout(kill);
    },
    async kill() {
      if (!running()) return;
      const done = exited();
      child.kill('SIGKILL');
      await done;
    },
  };
}

/** GET /api/health's body, or null while nothing answers there. */
export const healthOf = <T = Record<string, unknown>>(url: string): Promise<T | null> =>
  fetch(`${url}/api/health`).then(
    (r) => (r.ok ? (r.json() as Promise<T>) : null),
    () => null,
  );
