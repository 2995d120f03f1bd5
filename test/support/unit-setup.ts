import { configure } from '@testing-library/dom';

// Component tests wait for UI that appears asynchronously (lazy routes, query results). On a busy
// 2-core CI machine the library's 1 s default is too short and makes correct tests flaky.
configure({ asyncUtilTimeout: 4000 });

// Handlers log a line per request; unit tests read assertions, not logs.
process.env.LOG_LEVEL ??= 'silent';
