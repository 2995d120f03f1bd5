import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfileRepository } from '../../functions/adapters/dynamodb/accounts';
import type { TableAccess } from '../../functions/adapters/dynamodb/client';
import { resetContext } from '../../functions/app/context';
import type { LocalServer } from '../../scripts/local/server';
import type { AdminUser, AuditEntry } from '#shared/admin';
import { ADMIN_MESSAGES } from '#shared/admin-messages';
import { type AccountParts, startAccountParts, startApiServer } from '../support/accounts';
import { useTestTable } from '../support/backend';
import { decodeJwtPayload } from '../support/local-cognito';

/**
 * The admin role through HTTP, the functions' token checks and the real user pool (cognito-local behind
 * the local proxy): only a super_admin grants or removes it, never on themselves or on a super
 * admin, the group changes in the pool at once and reaches the person's token at their next
 * sign-in, and the profile mirrors it for the users list (docs/decisions/025).
 */
const base = { password: 'Clave12345', name: 'Rol', universityId: 'ucab' };
const student = { ...base, email: 'rol.estudiante@correo.com', nationalId: 'V70000001', groups: [] };
const admin = { ...base, email: 'rol.admin@correo.com', nationalId: 'V70000002', groups: ['admin'] };
const boss = {
  ...base,
  email: 'rol.super@correo.com',
  nationalId: 'V70000003',
  groups: ['admin', 'super_admin'],
};
const otherBoss = {
  ...base,
  email: 'rol.super2@correo.com',
  nationalId: 'V70000004',
  groups: ['admin', 'super_admin'],
};

let table: TableAccess;
let parts: AccountParts;
let server: LocalServer;
const token: Record<string, string> = {};
const sub: Record<string, string> = {};

const api = (path: string, as: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token[as]}`, 'content-type': 'application/json' },
  });
const setAdmin = (userId: string, as: string, value: boolean) =>
  api(`/api/admin/users/${userId}/admin`, as, { method: 'PUT', body: JSON.stringify({ admin: value }) });

beforeAll(async () => {
  table = useTestTable();
  parts = await startAccountParts([student, admin, boss, otherBoss]);
  server = await startApiServer(parts, 'roles');
  const profiles = createProfileRepository(table);
  for (const [name, u] of Object.entries({ student, admin, boss, otherBoss })) {
    token[name] = (await parts.cognito.signIn(u.email, u.password)).idToken;
    sub[name] = String(decodeJwtPayload(token[name]).sub);
    await profiles.createIfAbsent({
      user_id: sub[name],
      email: u.email,
      full_name: u.name,
      university_email: null,
      university_email_verified: false,
      university_id: null,
      created_at: new Date().toISOString(),
    });
  }
});
afterAll(async () => {
  await server?.close();
  await parts?.stop();
  resetContext();
});

describe('the admin role', () => {
  it('a super_admin grants it: the pool has it at once, the next token carries it, the profile and the audit say so', async () => {
    const res = await setAdmin(sub.student, 'boss', true);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: AdminUser; message: string };
    expect(body.user.roles).toEqual(['admin']);
    expect(body.message).toBe(ADMIN_MESSAGES.roleNextSignIn);
    // The token in hand is unchanged; the next sign-in's carries the group.
    expect((await api('/api/admin/dashboard', 'student')).status).toBe(403);
    token.student = (await parts.cognito.signIn(student.email, student.password)).idToken;
    expect((await api('/api/admin/dashboard', 'student')).status).toBe(200);
    const list = (await (
      await api(`/api/admin/users?q=${encodeURIComponent(student.email)}`, 'boss')
    ).json()) as {
      items: AdminUser[];
    };
    expect(list.items.map((u) => [u.email, u.roles])).toEqual([[student.email, ['admin']]]);
    const audit = (await (
      await api(`/api/admin/audit?entity_type=user&entity_id=${sub.student}`, 'boss')
    ).json()) as { items: AuditEntry[] };
    expect(audit.items[0]).toMatchObject({
      action: 'user.role',
      actor_id: sub.boss,
      before: { roles: [] },
      after: { roles: ['admin'] },
    });
    // And removes it.
    const removed = await setAdmin(sub.student, 'boss', false);
    expect(((await removed.json()) as { user: AdminUser }).user.roles).toEqual([]);
    token.student = (await parts.cognito.signIn(student.email, student.password)).idToken;
    expect((await api('/api/admin/dashboard', 'student')).status).toBe(403);
  });

  it('an admin who is not super_admin cannot; nobody changes their own role or a super_admin’s', async () => {
    expect((await setAdmin(sub.student, 'admin', true)).status).toBe(403);
    const own = await setAdmin(sub.boss, 'boss', false);
    expect(own.status).toBe(403);
    expect(((await own.json()) as { error: { message: string } }).error.message).toBe(ADMIN_MESSAGES.ownRole);
    const onSuper = await setAdmin(sub.otherBoss, 'boss', false);
    expect(onSuper.status).toBe(403);
    expect(((await onSuper.json()) as { error: { message: string } }).error.message).toBe(
      ADMIN_MESSAGES.superAdminTarget,
    );
    // Nothing changed: the other super admin still holds both groups.
    token.otherBoss = (await parts.cognito.signIn(otherBoss.email, otherBoss.password)).idToken;
    expect(decodeJwtPayload(token.otherBoss)['cognito:groups']).toEqual(['admin', 'super_admin']);
    expect((await setAdmin('no-such-user', 'boss', true)).status).toBe(404);
  });
});
