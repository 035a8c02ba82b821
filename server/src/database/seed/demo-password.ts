/** Every demo account's password (README, DESIGN §7): published, so never in production (issue 14). */
export const DEMO_PASSWORD = 'demo1234';
