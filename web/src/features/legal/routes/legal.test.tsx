// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { PROHIBITED_CONTENT } from '#shared/prohibited-content';
import { Component as Privacy } from './privacy';
import { Component as Terms } from './terms';

afterEach(cleanup);

/** Every table-of-contents link points at a section heading on the page. */
function expectWorkingToc(container: HTMLElement) {
  const toc = screen.getByRole('navigation', { name: 'Contenido' });
  const links = within(toc).getAllByRole('link');
  for (const link of links) {
    const id = (link.getAttribute('href') ?? '').slice(1);
    const section = container.querySelector(`section[id="${id}"]`);
    expect(section?.querySelector('h2')?.textContent).toBe(link.textContent);
  }
  return links.map((l) => l.textContent);
}

describe('legal pages', () => {
  it('terms: dated 29 July 2025, six sections plus contact, the prohibited list from its data module', () => {
    const { container } = renderRoutes([{ path: '/t', element: <Terms /> }], '/t');
    expect(screen.getByRole('heading', { level: 1, name: 'Términos y Condiciones' })).toBeTruthy();
    expect(screen.getByText('Última actualización: 29 de julio de 2025')).toBeTruthy();
    expect(expectWorkingToc(container)).toEqual([
      '1. Naturaleza del servicio',
      '2. Elegibilidad',
      '3. Contenido prohibido',
      '4. Moderación y sanciones',
      '5. Limitación de responsabilidad',
      '6. Ley aplicable y jurisdicción',
      '7. Contacto',
    ]);
    for (const item of PROHIBITED_CONTENT) expect(screen.getByText(`${item.label}:`)).toBeTruthy();
    expect(container.textContent).toContain('mayor de dieciocho (18) años');
    expect(container.textContent).toContain('tribunales competentes de la ciudad de Caracas');
  });

  it('privacy: dated 29 July 2025, with a working table of contents', () => {
    const { container } = renderRoutes([{ path: '/p', element: <Privacy /> }], '/p');
    expect(screen.getByRole('heading', { level: 1, name: 'Política de Privacidad' })).toBeTruthy();
    expect(screen.getByText('Última actualización: 29 de julio de 2025')).toBeTruthy();
    expect(expectWorkingToc(container)).toHaveLength(10);
    expect(container.textContent).toContain('cédula de identidad');
  });
});
