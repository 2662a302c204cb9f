import { text } from '../visitorText';

export interface ShareLink {
  network: string;
  href: string;
}

/** What a visitor's post says about their result, in the quiz's language; the networks add the address after it. */
export const shareText = (outcomeTitle: string, quizTitle: string): string =>
  text('shareText', { outcome: outcomeTitle.trim(), quiz: quizTitle.trim() });

/** Plain share links: nothing from the networks loads until the visitor clicks one. */
export function shareLinks(pageUrl: string, text: string): ShareLink[] {
  const url = encodeURIComponent(pageUrl);
  return [
    { network: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { network: 'X', href: `https://x.com/intent/tweet?text=${encodeURIComponent(text)}&url=${url}` },
    { network: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
  ];
}
