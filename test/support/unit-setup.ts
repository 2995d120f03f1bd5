import { configure } from '@testing-library/dom';

// Component tests wait for UI that appears asynchronously (lazy routes, query results). On a busy
// 2-core CI machine the library's 1 s default is too short and makes correct tests flaky; 4 s was
// too (an alert's 'Alerta creada' took 4.35 s with a Lighthouse run beside the suite). A passing
// test never waits this long; only a failing one takes it (the unit project's test timeout is 15 s).
configure({ asyncUtilTimeout: 8000 });

// Handlers log a line per request; unit tests read assertions, not logs.
process.env.LOG_LEVEL ??= 'silent';
