import { useId } from "react";

export interface ChartDatum {
  label: string;
  value: number;
}

interface ChartProps {
  title: string;
  /** What the chart shows, read by screen readers with the picture. */
  description: string;
  data: readonly ChartDatum[];
  /** Header of the value column of the table alternative. */
  valueLabel: string;
  /** Header of the label column. */
  labelHeader: string;
}

const BAR_HEIGHT = 22;
const GAP = 8;
const LABEL_WIDTH = 260;
const CHART_WIDTH = 640;

/** The same numbers as a table: the text alternative of every chart. */
function DataTable({ title, data, valueLabel, labelHeader }: Omit<ChartProps, "description">) {
  return (
    <details className="fr-mt-1w">
      <summary>Voir les données sous forme de tableau</summary>
      <div className="fr-table fr-table--no-caption">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((datum) => (
              <tr key={datum.label}>
                <th scope="row">{datum.label}</th>
                <td>{datum.value.toLocaleString("fr-FR")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** Horizontal bars, one per row, the value written after each bar. */
export function BarChart(props: ChartProps) {
  const { title, description, data } = props;
  const id = useId();
  const max = Math.max(1, ...data.map((datum) => datum.value));
  const height = data.length * (BAR_HEIGHT + GAP) + GAP;
  const barSpace = CHART_WIDTH - LABEL_WIDTH - 60;
  return (
    <figure className="fr-my-4w fr-mx-0">
      <figcaption>
        <h2 id={`${id}-title`} className="fr-h5">
          {title}
        </h2>
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${CHART_WIDTH} ${height}`}
        width="100%"
        style={{ maxWidth: CHART_WIDTH }}
      >
        <desc id={`${id}-desc`}>{description}</desc>
        {data.map((datum, index) => {
          const y = GAP + index * (BAR_HEIGHT + GAP);
          const width = (datum.value / max) * barSpace;
          return (
            <g key={datum.label} aria-hidden="true">
              <text
                x={LABEL_WIDTH - 8}
                y={y + BAR_HEIGHT * 0.7}
                textAnchor="end"
                fontSize="13"
                fill="var(--text-default-grey)"
              >
                {datum.label.length > 38 ? `${datum.label.slice(0, 37)}…` : datum.label}
              </text>
              <rect
                x={LABEL_WIDTH}
                y={y}
                width={Math.max(width, datum.value > 0 ? 2 : 0)}
                height={BAR_HEIGHT}
                fill="var(--background-action-high-blue-france)"
              />
              <text
                x={LABEL_WIDTH + width + 6}
                y={y + BAR_HEIGHT * 0.7}
                fontSize="13"
                fill="var(--text-default-grey)"
              >
                {datum.value.toLocaleString("fr-FR")}
              </text>
            </g>
          );
        })}
      </svg>
      <DataTable {...props} />
    </figure>
  );
}

/** Columns over time, the first and last dates written under them. */
export function ColumnChart(props: ChartProps) {
  const { title, description, data } = props;
  const id = useId();
  const max = Math.max(1, ...data.map((datum) => datum.value));
  const plotHeight = 160;
  const step = CHART_WIDTH / Math.max(1, data.length);
  const first = data[0];
  const last = data.at(-1);
  return (
    <figure className="fr-my-4w fr-mx-0">
      <figcaption>
        <h2 id={`${id}-title`} className="fr-h5">
          {title}
        </h2>
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${CHART_WIDTH} ${plotHeight + 40}`}
        width="100%"
        style={{ maxWidth: CHART_WIDTH }}
      >
        <desc id={`${id}-desc`}>{description}</desc>
        <g aria-hidden="true">
          <text x="0" y="12" fontSize="12" fill="var(--text-mention-grey)">
            {max.toLocaleString("fr-FR")}
          </text>
          {data.map((datum, index) => {
            const height = (datum.value / max) * (plotHeight - 20);
            return (
              <rect
                key={datum.label}
                x={index * step + step * 0.15}
                y={plotHeight - height}
                width={step * 0.7}
                height={height}
                fill="var(--background-action-high-blue-france)"
              />
            );
          })}
          <line
            x1="0"
            x2={CHART_WIDTH}
            y1={plotHeight}
            y2={plotHeight}
            stroke="var(--border-default-grey)"
          />
          {first && (
            <text x="0" y={plotHeight + 20} fontSize="12" fill="var(--text-default-grey)">
              {first.label}
            </text>
          )}
          {last && data.length > 1 && (
            <text
              x={CHART_WIDTH}
              y={plotHeight + 20}
              fontSize="12"
              textAnchor="end"
              fill="var(--text-default-grey)"
            >
              {last.label}
            </text>
          )}
        </g>
      </svg>
      <DataTable {...props} />
    </figure>
  );
}
