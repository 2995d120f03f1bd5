// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestCard } from './request-card';
import { type RequestDetails, RequestDetailsDialog } from './request-details-dialog';
import { RequestStatusBadge } from './request-status-badge';

afterEach(cleanup);

const REQUEST: RequestDetails = {
  id: 'r1',
  university_name: 'UNET',
  university_full_name: 'Universidad Nacional Experimental del Táchira',
  email_domain: 'unet.edu.ve',
  city: 'San Cristóbal',
  additional_info: 'Somos muchos estudiantes',
  status: 'pending',
  requester_name: 'Ana Pérez',
  requester_email: 'ana.perez@unet.edu.ve',
  created_at: '2026-11-20T15:00:00.000Z',
};

describe('request status badge', () => {
  it.each([
    ['pending', 'Pendiente'],
    ['approved', 'Aprobada'],
    ['rejected', 'Rechazada'],
    ['archived', 'Desconocido'],
    ['', 'Desconocido'],
    ['toString', 'Desconocido'],
  ])('%s reads %s', (status, label) => {
    render(<RequestStatusBadge status={status} />);
    expect(screen.getByText(label)).toBeTruthy();
  });
});

describe('request card', () => {
  it('shows the names, the requester and the badge, and opens the details', () => {
    const onOpen = vi.fn();
    render(<RequestCard request={REQUEST} onOpen={onOpen} />);
    const card = screen.getByRole('article', { name: 'UNET' });
    expect(within(card).getByText(REQUEST.university_full_name)).toBeTruthy();
    expect(within(card).getByText('Ana Pérez')).toBeTruthy();
    expect(within(card).getByText('ana.perez@unet.edu.ve')).toBeTruthy();
    expect(within(card).getByText('Pendiente')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Ver detalles de UNET' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it("falls back to 'Usuario anónimo' and 'No disponible'", () => {
    render(<RequestCard request={{ ...REQUEST, requester_name: null, requester_email: '  ' }} onOpen={() => undefined} />);
    expect(screen.getByText('Usuario anónimo')).toBeTruthy();
    expect(screen.getByText('No disponible')).toBeTruthy();
  });
});

describe('request details dialog', () => {
  it('offers Aprobar and Rechazar with notes for a pending request', () => {
    const onDecide = vi.fn();
    render(
      <RequestDetailsDialog request={REQUEST} busy={null} notesMax={1000} onDecide={onDecide} onClose={() => undefined} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Detalles de la solicitud' });
    expect(within(dialog).getByText('San Cristóbal')).toBeTruthy();
    expect(within(dialog).getByText('Somos muchos estudiantes')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Notas del administrador'), {
      target: { value: '  Dominio comprobado  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    expect(onDecide).toHaveBeenCalledWith('approved', 'Dominio comprobado');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(onDecide).toHaveBeenLastCalledWith('rejected', 'Dominio comprobado');
  });

  it('refuses notes over the limit on the client and decides nothing', () => {
    const onDecide = vi.fn();
    render(<RequestDetailsDialog request={REQUEST} busy={null} notesMax={10} onDecide={onDecide} onClose={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Notas del administrador'), { target: { value: 'x'.repeat(11) } });
    expect(screen.getByText('11/10')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aprobar' }));
    expect(onDecide).not.toHaveBeenCalled();
    expect(screen.getByText('Las notas no pueden superar los 10 caracteres.')).toBeTruthy();
  });

  it.each(['approved', 'rejected', 'mystery'])('offers no decision on a %s request, and shows its notes', (status) => {
    render(
      <RequestDetailsDialog
        request={{ ...REQUEST, status, admin_notes: 'Revisada', requester_name: '', requester_email: null }}
        busy={null}
        notesMax={1000}
        onDecide={() => undefined}
        onClose={() => undefined}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Aprobar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rechazar' })).toBeNull();
    expect(screen.queryByLabelText('Notas del administrador')).toBeNull();
    expect(screen.getByText('Revisada')).toBeTruthy();
    expect(screen.getByText('Usuario anónimo')).toBeTruthy();
    expect(screen.getByText('No disponible')).toBeTruthy();
  });

  it("shows the server's refusal", () => {
    render(
      <RequestDetailsDialog
        request={REQUEST}
        busy={null}
        notesMax={1000}
        error="La solicitud ya no está pendiente."
        onDecide={() => undefined}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('La solicitud ya no está pendiente.');
  });
});
