import { SAFETY_TIPS } from '#shared/safety-tips';
import './trust.css';

/** The three tips of the contact flow and /compra-segura (decision 032): how fraud happens here. */
export function SafetyTips({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ol className="safety-tips">
      {SAFETY_TIPS.map((tip, i) => (
        <li key={tip.title} className="safety-tips__item">
          <span className="disc safety-tips__number" aria-hidden="true">
            {i + 1}
          </span>
          <div>
            <Heading className="safety-tips__title">{tip.title}</Heading>
            <p className="safety-tips__text">{tip.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
