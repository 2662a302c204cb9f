/** Escapes text for HTML element content and quoted attribute values. */
export const escapeText = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
