interface FunnelFigure {
  label: string;
  value: string;
}

/** A short row of labelled figures (reached, left, drop-off…). */
export function FunnelFigures({ figures }: { figures: FunnelFigure[] }) {
  return (
    <dl className="funnel-figures">
      {figures.map((figure) => (
        <div key={figure.label} className="funnel-figures__item">
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
