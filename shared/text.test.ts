import { describe, expect, it } from 'vitest';
import { compareSpanish } from './text';

const WORDS = [
  'Caracas',
  'Mérida',
  'Maracaibo',
  'Maracay',
  'Ciudad Bolívar',
  'Ciudad Guayana',
  'Cumaná',
  'Barquisimeto',
  'Valencia',
  'San Cristóbal',
  'Puerto Ordaz',
  'Puerto La Cruz',
  'Maturín',
  'Los Teques',
  'Barcelona',
  'El Tigre',
  'Coro',
  'Guanare',
  'Acarigua',
  'Ñirgua',
  'Nueva Esparta',
  'Núñez',
  'Nunez',
  'Niño',
  'Nino',
  'UCAB',
  'ucab',
  'Ucab',
  'USB',
  'UNIMET',
  'ULA',
  'LUZ',
  'UC',
  'UCV',
  'UNEG',
  'UNEFA',
  'UPEL',
  'USM',
  'uña',
  'una',
  'unas',
  'año',
  'ano',
  'anos',
  'años',
  'Ángel',
  'angel',
  'Angel',
  'ángel',
  'Ángela',
  'Universidad Católica Andrés Bello',
  'Universidad Central de Venezuela',
  'Universidad de Los Andes',
  'Universidad Metropolitana',
  'Universidad Simón Bolívar',
  'Universidad Santa María',
  'Universidad del Zulia',
  'Universidad de Carabobo',
  'Universidad de Oriente',
  'Anzoátegui',
  'Apure',
  'Aragua',
  'Zulia',
  'Táchira',
];

describe('Spanish alphabetical order', () => {
  it('orders names, places and words as Intl.Collator("es") does', () => {
    const collator = new Intl.Collator('es');
    let seed = 5;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 20; round++) {
      const shuffled = [...WORDS].sort(() => random() - 0.5);
      expect([...shuffled].sort(compareSpanish)).toEqual([...shuffled].sort(collator.compare));
    }
    for (const a of WORDS)
      for (const b of WORDS)
        expect(Math.sign(compareSpanish(a, b)), `${a} · ${b}`).toBe(Math.sign(collator.compare(a, b)));
  });

  it("puts 'ñ' after 'n' and before 'o', accents after their plain letter, lower case first", () => {
    expect(['ñu', 'o', 'nz', 'n'].sort(compareSpanish)).toEqual(['n', 'nz', 'ñu', 'o']);
    expect(['ángel', 'angel', 'Angel'].sort(compareSpanish)).toEqual(['angel', 'Angel', 'ángel']);
    expect(compareSpanish('UCAB', 'UCAB')).toBe(0);
  });
});
