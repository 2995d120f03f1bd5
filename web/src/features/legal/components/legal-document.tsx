import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import '../legal.css';

export interface LegalSection {
  /** Anchor id, also the table of contents' link target. */
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalDocumentProps {
  title: string;
  /** 'DD de mes de AAAA'. */
  updatedOn: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** A legal text: title, date, a table of contents with anchors, numbered sections, links to the other text. */
export function LegalDocument({ title, updatedOn, intro, sections }: LegalDocumentProps) {
  return (
    <div className="container page legal">
      <article className="legal__article">
        <header className="legal__header">
          <h1 className="page-title">{title}</h1>
          <p className="legal__updated">Última actualización: {updatedOn}</p>
        </header>
        <div className="prose legal__intro">{intro}</div>
        <nav className="legal__toc" aria-labelledby="legal-toc-title">
          <h2 id="legal-toc-title" className="legal__toc-title">
            Contenido
          </h2>
          <ol>
            {sections.map((s, i) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="prose">
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} className="legal__section" aria-labelledby={`${s.id}-title`}>
              <h2 id={`${s.id}-title`}>
                {i + 1}. {s.title}
              </h2>
              {s.body}
            </section>
          ))}
        </div>
        <footer className="legal__footer">
          <Link to={paths.terms.getHref()}>Términos y Condiciones</Link>
          <Link to={paths.privacy.getHref()}>Política de Privacidad</Link>
          <Link to={paths.home.getHref()}>Volver al inicio</Link>
        </footer>
      </article>
    </div>
  );
}
