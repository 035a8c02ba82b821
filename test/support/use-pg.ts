process.env.E2E_DRIVER = 'pg';
