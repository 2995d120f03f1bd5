/** A numbered list of steps (the home's three steps and the how-it-works section). */
export function StepList({ steps }: { steps: readonly { title: string; text: string }[] }) {
  return (
    <ol className="steps">
      {steps.map((step, i) => (
        <li className="step" key={step.title}>
          <span className="step__number">{i + 1}</span>
          <p className="step__title">{step.title}</p>
          <p className="muted">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
