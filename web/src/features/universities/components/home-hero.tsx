import { useEffect, useState } from 'react';
import { StepList } from './step-list';
import { LIMITS } from '#shared/limits';
import { FIRST_EXAMPLE_SEARCH, HERO_SUBTITLE, HERO_TITLE, STEPS } from './home-hero-texts';

/** The example searches the hero rotates through (the first is the one the server renders). */
const EXAMPLE_SEARCHES = [
  FIRST_EXAMPLE_SEARCH,
  'laptop usada',
  'calculadora científica',
  'bata de laboratorio',
  'bicicleta',
  'clases de inglés',
];

export { STEPS } from './home-hero-texts';

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
        {HERO_TITLE.lead}
        <span>{HERO_TITLE.emphasis}</span>
      </h1>
      <p className="hero__subtitle">{HERO_SUBTITLE}</p>
      <p className="hero__example" aria-live="off">
        Prueba buscar: <strong>“{EXAMPLE_SEARCHES[index]}”</strong>
      </p>
      <StepList steps={STEPS} />
    </section>
  );
}
