import { Spinner } from '../../ui/Spinner';
import { LOADING_THEMES_TEXT, THEMES_FAILED_TEXT } from './themeTexts';
import './ThemesStatus.css';

/**
 * What stands where the themes will be: a spinner while they load; after a failure (which the default
 * error notification has reported), a line saying what to do.
 */
export function ThemesStatus({ failed }: { failed: boolean }) {
  if (failed) return <p className="themes-status">{THEMES_FAILED_TEXT}</p>;
  return (
    <p className="themes-status" role="status">
      <Spinner /> {LOADING_THEMES_TEXT}
    </p>
  );
}
