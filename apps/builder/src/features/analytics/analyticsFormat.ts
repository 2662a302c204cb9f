/** Every figure on the Analytics tab is written en-US, whatever the browser's language. */
const countFormat = new Intl.NumberFormat('en-US');
const percentageFormat = new Intl.NumberFormat('en-US', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

const valueFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

export const NO_FIGURE = '—';

export const formatCount = (count: number) => countFormat.format(count);

/** The API's percentages run from 0 to 100. */
export const formatPercentage = (percentage: number) => percentageFormat.format(percentage / 100);

/** "45 s", "1 min 25 s", "2 h 5 min"; null (nothing completed) as a dash. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return NO_FIGURE;
  const whole = Math.round(seconds);
  if (whole < 60) return `${formatCount(whole)} s`;
  if (whole < 3600) {
    const rest = whole % 60;
    const minutes = `${formatCount(Math.floor(whole / 60))} min`;
    return rest === 0 ? minutes : `${minutes} ${rest} s`;
  }
  const minutes = Math.floor((whole % 3600) / 60);
  const hours = `${formatCount(Math.floor(whole / 3600))} h`;
  return minutes === 0 ? hours : `${hours} ${minutes} min`;
}

/** A UTC day of the API ("2026-11-24") as "Nov 24, 2026". */
export const formatDay = (isoDay: string) => dayFormat.format(new Date(`${isoDay}T00:00:00Z`));

export const responsesText = (count: number) =>
  count === 1 ? '1 response' : `${formatCount(count)} responses`;

/** A rating's or number's value ("1,250", "2.5"), with the question's unit after it when it has one. */
export function formatValue(value: number, unit = ''): string {
  const number = valueFormat.format(value);
  return unit === '' ? number : `${number} ${unit}`;
}

/** A histogram bar's values: "7" for a bar of one value, "20–40" for a range (from up to, not including, to). */
export const formatBar = (bar: { from: number; to: number }) =>
  bar.from === bar.to ? formatValue(bar.from) : `${formatValue(bar.from)}–${formatValue(bar.to)}`;

/** An ISO time of the API as its UTC day ("Nov 24, 2026"). */
export const formatTimeAsDay = (isoTime: string) => dayFormat.format(new Date(isoTime));
