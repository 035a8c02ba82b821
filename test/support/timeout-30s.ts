// testTimeout in a project's config is not honoured by jest 30; this is.
jest.setTimeout(30_000);
