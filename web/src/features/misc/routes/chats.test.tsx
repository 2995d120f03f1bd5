// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '@/lib/session';
import { renderRoutes, signedInSession, withSession } from '@/testing/render';
import { Component as Chats } from './chats';

afterEach(cleanup);

const render = (session: Session) =>
  renderRoutes(withSession(session, [{ path: '/chats', element: <Chats /> }]), '/chats');

describe('/chats', () => {
  it('is not available without a session', () => {
    render({ status: 'signed-out' });
    expect(screen.getByText('Chat no disponible actualmente.')).toBeTruthy();
  });

  it('says chat is coming soon with a session', () => {
    render(signedInSession());
    expect(screen.getByText('Próximamente')).toBeTruthy();
    expect(screen.queryByText('Chat no disponible actualmente.')).toBeNull();
  });
});
