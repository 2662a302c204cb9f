import { type ButtonHTMLAttributes, useId } from 'react';

interface ButtonWithReasonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'type'> {
  /** When set, the button is disabled and says why as a tooltip and as its accessible description. */
  disabledReason: string | null;
}

export function ButtonWithReason({ disabledReason, children, ...buttonProps }: ButtonWithReasonProps) {
  const reasonId = useId();
  if (!disabledReason) {
    return (
      <button type="button" {...buttonProps}>
        {children}
      </button>
    );
  }
  // Some browsers show no tooltip on a disabled button, so the wrapper carries the title as well.
  return (
    <span className="button-with-reason" title={disabledReason}>
      <button type="button" {...buttonProps} disabled title={disabledReason} aria-describedby={reasonId}>
        {children}
      </button>
      <span id={reasonId} hidden>
        {disabledReason}
      </span>
    </span>
  );
}
