import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Resolves after `ms`: the time limit of a race (`Promise.race([work, deadline(ms)])`), or the pause of a retry in the
 * background. Its timer does not hold the process open (unref'd): once the work has won, or the retrying has nothing
 * left to retry for, a shutdown ends when the work does and a test's worker can exit, instead of waiting out the
 * timer. The work itself (a socket, a query) keeps the process up while it runs.
 */
export const deadline = (ms: number): Promise<void> => sleep(ms, undefined, { ref: false });
