import { type SyntheticEvent, useState } from 'react';
import { ButtonWithReason } from '../../ui/ButtonWithReason';
import { Modal } from '../../ui/modal/Modal';
import { TextInputField } from '../../ui/TextInputField';
import { categoryNameProblem } from './categoryName';

interface CategoryNameModalProps {
  title: string;
  initialName: string;
  /** Resolves whether the name was taken; the dialog then closes. */
  onSubmit: (name: string) => Promise<boolean>;
  onClose: () => void;
}

/** Renames a category; a refused name leaves the dialog open with the server's reason shown beside it. */
export function CategoryNameModal({ title, initialName, onSubmit, onClose }: CategoryNameModalProps) {
  const [name, setName] = useState(initialName);
  const [isSaving, setIsSaving] = useState(false);
  const problem = categoryNameProblem(name);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (problem || isSaving) return;
    setIsSaving(true);
    const done = await onSubmit(name.trim());
    setIsSaving(false);
    if (done) onClose();
  }

  return (
    <Modal title={title} onClose={onClose}>
      <form className="category-name-form" onSubmit={submit}>
        <TextInputField
          label="Category Name"
          value={name}
          onChange={setName}
          required
          errorMessage={name ? problem : null}
        />
        <div className="modal__footer">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <ButtonWithReason className="button" disabledReason={problem} onClick={submit}>
            Save
          </ButtonWithReason>
        </div>
      </form>
    </Modal>
  );
}
