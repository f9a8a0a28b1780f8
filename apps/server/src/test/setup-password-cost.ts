import { useTestScryptCost } from '../lib/password';

/**
 * vitest setup of the server projects: passwords hashed at N=2^10 instead of 2^15 (32 times
 * cheaper; lib/password.ts says why). Servers the tests spawn, and every e2e server, run their
 * own processes at the real cost; password.test.ts checks the real cost is the default.
 */
useTestScryptCost(1024);
