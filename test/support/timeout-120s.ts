// Browser suites start a server and Chromium.
jest.setTimeout(120_000);
