process.env.E2E_DRIVER = 'pglite';
