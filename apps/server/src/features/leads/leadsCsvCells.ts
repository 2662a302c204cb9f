export type CsvRow = (string | number)[];

/*
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return first) gets a
 * leading apostrophe: names, UTM values and typed answers come from visitors (OWASP's CSV injection advice).
 */
export function inertText(value: string | null | undefined): string {
  if (!value) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
