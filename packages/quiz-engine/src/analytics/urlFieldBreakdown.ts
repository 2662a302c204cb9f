import type { FigureFilter, RawVisitorEvent } from './visitFigures';

/** One value of a URL field and the figures of the visits that had it ('' gathers the visits without it). */
export interface UrlFieldRow {
  value: string;
  visitors: number;
  completions: number;
  leads: number;
}

/** Orders strings by Unicode code point, as PostgreSQL's "C" collation orders their UTF-8 bytes. */
export function compareCodePoints(left: string, right: string): number {
  const leftPoints = Array.from(left, (character) => character.codePointAt(0) ?? 0);
  const rightPoints = Array.from(right, (character) => character.codePointAt(0) ?? 0);
  for (let index = 0; index < Math.min(leftPoints.length, rightPoints.length); index += 1) {
    const difference = (leftPoints[index] ?? 0) - (rightPoints[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return leftPoints.length - rightPoints.length;
}

/**
 * The reference arithmetic of the breakdown by one URL field: each visit (its day and version those of its
 * first event, as for every figure) goes under the value its first 'visit' event gave the field, '' when it
 * gave none; a row counts the visitors (visits with a 'visit' event), completions and leads. Rows of nothing
 * but zeros are left out; most completions first, then most leads, most visitors, then the value.
 */
export function urlFieldBreakdown(
  events: readonly RawVisitorEvent[],
  name: string,
  filter: FigureFilter = {},
): UrlFieldRow[] {
  const eventsByVisit = new Map<string, RawVisitorEvent[]>();
  for (const event of events) {
    const visitEvents = eventsByVisit.get(event.visitId) ?? [];
    visitEvents.push(event);
    eventsByVisit.set(event.visitId, visitEvents);
  }
  const rows = new Map<string, UrlFieldRow>();
  for (const visitEvents of eventsByVisit.values()) {
    const ordered = [...visitEvents].sort((left, right) => left.at.getTime() - right.at.getTime());
    const first = ordered[0];
    if (!first) continue;
    const day = first.at.toISOString().slice(0, 10);
    if (filter.from !== undefined && day < filter.from) continue;
    if (filter.to !== undefined && day > filter.to) continue;
    if (filter.version !== undefined && first.version !== filter.version) continue;
    const visitEvent = ordered.find((event) => event.type === 'visit');
    const fields = visitEvent?.urlFields ?? {};
    const value = (Object.hasOwn(fields, name) ? fields[name] : undefined) ?? '';
    const row = rows.get(value) ?? { value, visitors: 0, completions: 0, leads: 0 };
    if (visitEvent) row.visitors += 1;
    if (ordered.some((event) => event.type === 'complete')) row.completions += 1;
    if (ordered.some((event) => event.type === 'lead')) row.leads += 1;
    rows.set(value, row);
  }
  return [...rows.values()]
    .filter((row) => row.visitors > 0 || row.completions > 0 || row.leads > 0)
    .sort(
      (left, right) =>
        right.completions - left.completions ||
        right.leads - left.leads ||
        right.visitors - left.visitors ||
        compareCodePoints(left.value, right.value),
    );
}
