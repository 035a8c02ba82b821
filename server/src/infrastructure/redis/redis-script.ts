import { createHash } from 'node:crypto';

/** What running a script needs of a Redis client (node-redis's command client has both). */
export interface ScriptClient {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  evalSha(sha: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/**
 * A Lua script sent by its SHA-1 (EVALSHA), so that a hot path such as a rate limit costs one small round trip; the
 * whole script is sent (EVAL, which also caches it) only when Redis does not know it yet: its first use, or after a
 * restart or SCRIPT FLUSH.
 */
export class RedisScript {
  readonly sha: string;

  constructor(readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(client: ScriptClient, keys: string[], args: string[]): Promise<unknown> {
    const options = { keys, arguments: args };
    try {
      return await client.evalSha(this.sha, options);
    } catch (e) {
      if (!(e instanceof Error) || !e.message.startsWith('NOSCRIPT')) throw e;
      return client.eval(this.source, options);
    }
  }
}
