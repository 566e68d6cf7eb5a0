// Configuration of the account tests: cheap argon2 (allowed only under NODE_ENV=test), fixed secret, low limits.
import { loadConfig } from '../../src/config';

export function testConfig(extra: Record<string, string> = {}) {
  return loadConfig({
    API_PORT: '0',
    LOG_LEVEL: 'silent',
    VALIDATE_RESPONSES: 'true',
    NODE_ENV: 'test',
    // Cheap hashing for speed; config accepts these only under NODE_ENV=test (see config test).
    ARGON2_MEMORY_KIB: '256',
    ARGON2_TIME_COST: '1',
    JWT_SECRET: 'test-secret-'.padEnd(48, 'x'),
    RATE_LIMIT_LOGIN_PER_ACCOUNT_IP: '5',
    RATE_LIMIT_LOGIN_PER_IP: '8',
    RATE_LIMIT_RESET_PER_ACCOUNT_IP: '8',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...extra,
  });
}
