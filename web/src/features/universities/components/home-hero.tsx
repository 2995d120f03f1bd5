import { useEffect, useState } from 'react';
import { StepList } from './step-list';
import { LIMITS } from '#shared/limits';

const EXAMPLE_SEARCHES = [
  'libros de cálculo',
  'laptop usada',
  'calculadora científica',
  'bata de laboratorio',
  'bicicleta',
  'clases de inglés',
];

export const STEPS = [
  { title: 'Busca', text: 'Encuentra libros, electrónica, ropa y más publicados por tu comunidad.' },
  { title: 'Conecta con vendedores', text: 'Escríbele al vendedor directamente por WhatsApp.' },
  {
    title: 'Completa la compra en el campus',
    text: 'Reúnanse en la universidad y cierren el trato en persona.',
  },
];

export function HomeHero() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(
      () => setIndex((i) => (i + 1) % EXAMPLE_SEARCHES.length),
      LIMITS.exampleRotationMs,
    );
    return () => clearInterval(timer);
  }, []);
  return (
    <section className="hero">
      <h1 className="hero__title">
        Compra y vende <span>dentro de tu universidad</span>
      </h1>
      <p className="hero__subtitle">
        El marketplace de estudiantes, profesores y personal de las universidades venezolanas. Elige tu
        universidad para empezar.
      </p>
      <p className="hero__example" aria-live="off">
        Prueba buscar: <strong>“{EXAMPLE_SEARCHES[index]}”</strong>
      </p>
      <StepList steps={STEPS} />
    </section>
  );
}
