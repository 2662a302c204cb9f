import type { Theme } from '@quizbeam/contracts/themes';
import { ColorPicker } from '../../../ui/colorPicker/ColorPicker';
import { FontSelect } from '../../../ui/fontSelect/FontSelect';
import { setQuizFields } from '../store/quizActions';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';
import type { AppearanceFieldSpec } from './appearanceFields';

interface AppearanceFieldProps {
  spec: AppearanceFieldSpec;
  theme: Theme;
  /** The contrast warning of the pair this text colour belongs to, if it reads badly. */
  warning?: string;
}

/** One colour or font of the quiz: '' shows and uses the theme's default. */
export function AppearanceField({ spec, theme, warning }: AppearanceFieldProps) {
  const { kind, field, label } = spec;
  const value = useQuizSelector((quiz) => quiz[field]);
  const dispatch = useQuizDispatch();
  const themeDefault = theme.defaults[field];
  // A picker's drag sends many values: one undo step per field while it changes.
  const change = (next: string) =>
    dispatch(setQuizFields({ [field]: next }), { coalesceKey: `appearance-${field}` });

  if (kind === 'font') {
    return <FontSelect label={label} value={value} onChange={change} themeDefault={themeDefault} />;
  }
  return (
    <ColorPicker
      label={label}
      value={value}
      onChange={change}
      themeDefault={themeDefault}
      warning={warning}
    />
  );
}
