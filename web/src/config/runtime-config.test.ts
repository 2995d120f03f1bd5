import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig, RuntimeConfigError } from './runtime-config';

describe('parseRuntimeConfig', () => {
  it('accepts a complete config and applies defaults', () => {
    const config = parseRuntimeConfig({
      stage: 'local',
      apiBaseUrl: '',
      auth: { userPoolId: 'local_1', userPoolClientId: 'c', region: 'us-east-1' },
    });
    expect(config.auth.authFlowType).toBe('USER_SRP_AUTH');
  });

  it('lists every missing key in its error', () => {
    let error: unknown;
    try {
      parseRuntimeConfig({ stage: 'dev', auth: { region: 'us-east-1' } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RuntimeConfigError);
    const problems = (error as RuntimeConfigError).problems.join('\n');
    expect(problems).toContain('apiBaseUrl');
    expect(problems).toContain('auth.userPoolId');
    expect(problems).toContain('auth.userPoolClientId');
  });
});
