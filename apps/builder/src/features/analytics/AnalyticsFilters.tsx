import type { AnalyticsResult } from '@quizbeam/contracts/analytics';
import { useId, useState } from 'react';
import { formatCount } from './analyticsFormat';
import {
  type AnalyticsDays,
  type AnalyticsRangeChoice,
  addDays,
  RANGE_PRESETS,
  sameChoice,
} from './analyticsRange';
import { CustomRangeForm } from './CustomRangeForm';

const ALL_VERSIONS = 'all';

interface AnalyticsFiltersProps {
  choice: AnalyticsRangeChoice;
  onChoose: (choice: AnalyticsRangeChoice) => void;
  version: number | null;
  onVersion: (version: number | null) => void;
  versions: AnalyticsResult['versions'];
  /** The days the figures on screen cover, to start a custom range from. */
  shownRange: Required<AnalyticsDays> | null;
  today: string;
  refusedMessage: string | null;
}

function versionOptions(versions: AnalyticsResult['versions'], chosen: number | null) {
  // A version chosen under another range stays choosable even when this range has no visits of it.
  const missing = chosen !== null && !versions.some((entry) => entry.version === chosen);
  return missing ? [...versions, { version: chosen, visitors: 0 }] : versions;
}

/** The date range (presets or two UTC days) and the published version every figure is read for. */
export function AnalyticsFilters(props: AnalyticsFiltersProps) {
  const { choice, onChoose, version, onVersion, versions, shownRange, today, refusedMessage } = props;
  const [customOpen, setCustomOpen] = useState(choice.kind === 'custom');
  const versionId = useId();
  const customShown = customOpen || choice.kind === 'custom';

  function choosePreset(preset: AnalyticsRangeChoice) {
    setCustomOpen(false);
    onChoose(preset);
  }

  return (
    <div className="card analytics-filters">
      <fieldset className="analytics-filters__range">
        <legend className="field__label">Date range (UTC)</legend>
        <div className="analytics-filters__presets">
          {RANGE_PRESETS.map((preset) => (
            <button
              key={preset.label}
              type="button"
              className="button button--secondary"
              aria-pressed={!customShown && sameChoice(preset.choice, choice)}
              onClick={() => choosePreset(preset.choice)}
            >
              {preset.label}
            </button>
          ))}
          <button
            type="button"
            className="button button--secondary"
            aria-pressed={customShown}
            onClick={() => setCustomOpen(true)}
          >
            Custom
          </button>
        </div>
        {customShown && (
          <CustomRangeForm
            initial={shownRange ?? { from: addDays(today, -29), to: today }}
            today={today}
            refusedMessage={refusedMessage}
            onApply={(days) => onChoose({ kind: 'custom', ...days })}
          />
        )}
        {!customShown && refusedMessage && (
          <p className="field__error" role="alert">
            {refusedMessage}
          </p>
        )}
      </fieldset>
      <div className="field analytics-filters__version">
        <label className="field__label" htmlFor={versionId}>
          Version
        </label>
        <select
          id={versionId}
          className="input"
          value={version ?? ALL_VERSIONS}
          onChange={(event) =>
            onVersion(event.target.value === ALL_VERSIONS ? null : Number(event.target.value))
          }
        >
          <option value={ALL_VERSIONS}>All versions</option>
          {versionOptions(versions, version).map((entry) => (
            <option key={entry.version} value={entry.version}>
              Version {formatCount(entry.version)} ({formatCount(entry.visitors)}{' '}
              {entry.visitors === 1 ? 'visitor' : 'visitors'})
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
