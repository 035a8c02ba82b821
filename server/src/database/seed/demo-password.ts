/** Every demo account's password (README.md, docs/running.md "Demo data"): published, so production refuses to seed or keep it. */
export const DEMO_PASSWORD = 'demo1234';
