// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { type Session, SessionContext, userFromClaims } from '../../../lib/session';
import { renderRoutes } from '../../../testing/render';
import { Component as Chats } from './chats';

afterEach(cleanup);

const render = (session: Session) =>
  renderRoutes(
    [
      {
        element: (
          <SessionContext.Provider value={session}>
            <Outlet />
          </SessionContext.Provider>
        ),
        children: [{ path: '/chats', element: <Chats /> }],
      },
    ],
    '/chats',
  );

describe('/chats', () => {
  it('is not available without a session', () => {
    render({ status: 'signed-out' });
    expect(screen.getByText('Chat no disponible actualmente.')).toBeTruthy();
  });

  it('says chat is coming soon with a session', () => {
    render({
      status: 'signed-in',
      user: userFromClaims({ sub: 'u1', email: 'ana@example.com' }),
      signOut: async () => undefined,
    });
    expect(screen.getByText('Próximamente')).toBeTruthy();
    expect(screen.queryByText('Chat no disponible actualmente.')).toBeNull();
  });
});
