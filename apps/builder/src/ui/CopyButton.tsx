interface CopyButtonProps {
  text: string;
  onCopied: () => void;
  onCopyFailed: () => void;
  label?: string;
}

export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function CopyButton({ text, onCopied, onCopyFailed, label = 'Copy' }: CopyButtonProps) {
  async function copy() {
    if (await copyToClipboard(text)) onCopied();
    else onCopyFailed();
  }
  return (
    <button type="button" className="button button--secondary" onClick={copy}>
      {label}
    </button>
  );
}
