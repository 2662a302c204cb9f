interface SubmitButtonProps {
  label: string;
  isSubmitting: boolean;
}

export function SubmitButton({ label, isSubmitting }: SubmitButtonProps) {
  return (
    <button type="submit" className="button button--block" disabled={isSubmitting}>
      {isSubmitting ? 'Please wait…' : label}
    </button>
  );
}
