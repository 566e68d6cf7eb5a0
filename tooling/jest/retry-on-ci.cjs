// One retry on CI, as the Playwright config has: a test that failed under the shared machine's load and passes on its
// second run still logs its first failure's errors (logErrorsBeforeRetry), and a test that fails twice fails the run.
// Hooks (beforeAll/afterAll) are not retried.
if (process.env.CI) jest.retryTimes(1, { logErrorsBeforeRetry: true });
