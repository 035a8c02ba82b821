// Types of scripts/testcontainers.mjs, for its test.

import type { GenericContainer } from 'testcontainers';

/** What serviceUrls reads of a started container. */
interface Started {
  getHost(): string;
  getMappedPort(port: number): number;
}

export const POSTGRES: {
  image: string;
  port: number;
  environment: Record<string, string>;
  ready: { log: RegExp; times: number };
};

export const REDIS: { image: string; port: number };

export function defineContainers(tc: typeof import('testcontainers')): { postgres: GenericContainer; redis: GenericContainer };

export function serviceUrls(postgres: Started, redis: Started): { TEST_DATABASE_URL: string; TEST_REDIS_URL: string };

export function startContainers(env: NodeJS.ProcessEnv): Promise<{ stop: () => Promise<unknown> }>;
