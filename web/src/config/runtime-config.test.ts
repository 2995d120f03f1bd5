import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig, RuntimeConfigError } from './runtime-config';

describe('parseRuntimeConfig', () => {
  it('accepts a complete config, keeping no sign-in flow (SRP everywhere)', () => {
    const config = parseRuntimeConfig({
      stage: 'local',
      apiBaseUrl: '',
      // An older config's flow is dropped: sign-in is Amplify's default, SRP, everywhere.
      auth: { userPoolId: 'local_1', userPoolClientId: 'c', region: 'us-east-1', authFlowType: 'x' },
    });
    expect(config.auth).toEqual({ userPoolId: 'local_1', userPoolClientId: 'c', region: 'us-east-1' });
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
