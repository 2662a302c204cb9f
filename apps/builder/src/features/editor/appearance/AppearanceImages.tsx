import { ImagePicker } from '../images/ImagePicker';
import { setQuizFields } from '../store/quizActions';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';

/** The quiz's background (over the theme's art) and the picture shared on social networks. */
export function AppearanceImages() {
  const backgroundImage = useQuizSelector((quiz) => quiz.backgroundImage);
  const socialShareImage = useQuizSelector((quiz) => quiz.socialShareImage);
  const dispatch = useQuizDispatch();
  return (
    <fieldset className="editor-tab-card__fieldset appearance-group">
      <legend className="field__label">Images</legend>
      <div className="appearance-group__fields">
        <ImagePicker
          label="Background Image"
          image={backgroundImage}
          onChange={(image) => dispatch(setQuizFields({ backgroundImage: image }))}
          showSizeHint
        />
        <ImagePicker
          label="Social Share Image"
          image={socialShareImage}
          onChange={(image) => dispatch(setQuizFields({ socialShareImage: image }))}
          showSizeHint
        />
      </div>
    </fieldset>
  );
}
