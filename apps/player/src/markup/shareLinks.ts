export interface ShareLink {
  network: string;
  href: string;
}

/** Plain share links: nothing from the networks loads until the visitor clicks one. */
export function shareLinks(pageUrl: string, text: string): ShareLink[] {
  const url = encodeURIComponent(pageUrl);
  return [
    { network: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { network: 'X', href: `https://x.com/intent/tweet?url=${url}&text=${encodeURIComponent(text)}` },
    { network: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
  ];
}
