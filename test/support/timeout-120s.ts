// Browser suites start a server and Chromium.
jest.setTimeout(120_000);

// A browser test that fails is run once more, its first failure printed all the same (so a flaky step stays in the
// log). With two workers on two cores a click can land while a live update renders its row anew; a test that is
// really broken fails both times. Measured: 1 such failure in 3 full runs of 68 browser tests (docs/testing.md).
jest.retryTimes(1, { logErrorsBeforeRetry: true });
