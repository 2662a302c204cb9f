import type { Theme } from '@quizbeam/contracts/themes';
import { ColorPicker } from '../../../ui/colorPicker/ColorPicker';
import { FontSelect } from '../../../ui/fontSelect/FontSelect';
import { setQuizFields } from '../store/quizActions';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';
import type { AppearanceFieldSpec } from './appearanceFields';

interface AppearanceFieldProps {
  spec: AppearanceFieldSpec;
  theme: Theme;
}

/** One colour or font of the quiz: '' shows and uses the theme's default. */
export function AppearanceField({ spec, theme }: AppearanceFieldProps) {
  const { kind, field, label, readAgainst } = spec;
  const value = useQuizSelector((quiz) => quiz[field]);
  const backgroundField = readAgainst && readAgainst !== 'surface' ? readAgainst : null;
  const ownBackground = useQuizSelector((quiz) => (backgroundField ? quiz[backgroundField] : ''));
  const dispatch = useQuizDispatch();
  const themeDefault = theme.defaults[field];
  // A picker's drag sends many values: one undo step per field while it changes.
  const change = (next: string) =>
    dispatch(setQuizFields({ [field]: next }), { coalesceKey: `appearance-${field}` });

  if (kind === 'font') {
    return <FontSelect label={label} value={value} onChange={change} themeDefault={themeDefault} />;
  }
  const contrastAgainst =
    readAgainst === 'surface'
      ? theme.surfaceColor
      : backgroundField
        ? ownBackground || theme.defaults[backgroundField]
        : undefined;
  return (
    <ColorPicker
      label={label}
      value={value}
      onChange={change}
      themeDefault={themeDefault}
      contrastAgainst={contrastAgainst}
    />
  );
}
