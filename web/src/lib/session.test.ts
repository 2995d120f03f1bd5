// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasStoredSession, resetSessionForTests, startSession, userFromClaims } from './session';

const configure = vi.hoisted(() => vi.fn());
vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(async () => ({ tokens: undefined })) }));

afterEach(() => {
  localStorage.clear();
  resetSessionForTests();
  vi.unstubAllGlobals();
});

describe('session store', () => {
  it('detects a stored Amplify session by its CognitoIdentityServiceProvider.* keys only', () => {
    expect(hasStoredSession()).toBe(false);
    localStorage.setItem('selectedUniversity', 'ucv');
    expect(hasStoredSession()).toBe(false);
    localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'u1');
    expect(hasStoredSession()).toBe(true);
  });

  it('reads groups and roles from the ID token claims', () => {
    expect(userFromClaims({ sub: 's', email: 'a@b.ve' })).toEqual({
      id: 's',
      email: 'a@b.ve',
      groups: [],
      isAdmin: false,
      isSuperAdmin: false,
    });
    expect(userFromClaims({ 'cognito:groups': ['admin'] })).toMatchObject({
      isAdmin: true,
      isSuperAdmin: false,
    });
    expect(userFromClaims({ 'cognito:groups': ['super_admin'] })).toMatchObject({
      isAdmin: true,
      isSuperAdmin: true,
    });
  });

  it('does not fetch the config nor load Amplify for a visitor who never signed in', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    startSession();
    await new Promise((r) => setTimeout(r, 10));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(configure).not.toHaveBeenCalled();
  });
});
