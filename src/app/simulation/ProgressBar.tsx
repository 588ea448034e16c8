interface ProgressBarProps {
  value: number;
}

export function ProgressBar({ value }: ProgressBarProps) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="app-progress">
      <div
        className="app-progress__track"
        role="progressbar"
        aria-label="Progression de la simulation"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent} %`}
      >
        <div className="app-progress__bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
