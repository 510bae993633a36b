import {
  type QoeFilter,
  qoeFilters,
  type QoeQuery,
  type QoeReportColumn,
  qoeReportColumns,
  qoeSliderRange,
} from '@linesight/contract';

/** The filters a range slider sets: every one but the LAN device count, which has two inputs. */
export type QoeSliderFilter = Exclude<QoeFilter, 'LanHostCount'>;

/** The filter panel's sliders in the seed's order (seed 001 section 2), each with its range. */
export const qoeSliders: readonly { filter: QoeSliderFilter; range: 'score' | 'percent' }[] = [
  { filter: 'Overall', range: 'score' },
  { filter: 'Wifi', range: 'score' },
  { filter: 'Cpu', range: 'score' },
  { filter: 'FreeRam', range: 'score' },
  { filter: 'PhysicalStatus', range: 'score' },
  { filter: 'AvgMaxUptime', range: 'score' },
  { filter: 'UsedCpuPercent', range: 'percent' },
  { filter: 'UsedRamPercent', range: 'percent' },
];

/** What the filter panel shows: each slider's two ends, and the LAN device inputs (null: empty). */
export interface QoeFilterDraft {
  sliders: Record<QoeSliderFilter, [number, number]>;
  lanHostCount: { min: number | null; max: number | null };
}

/** The seed's bounds, `min{Filter}` and `max{Filter}`, as the query carries them. */
export type QoeBounds = Partial<Record<`${'min' | 'max'}${QoeFilter}`, number>>;

const rangeOf = (filter: QoeSliderFilter) =>
  qoeSliderRange[qoeSliders.find((slider) => slider.filter === filter)?.range ?? 'score'];

/** Every slider at its full range, the LAN inputs empty: nothing filtered. */
export function defaultQoeFilterDraft(): QoeFilterDraft {
  const sliders = Object.fromEntries(
    qoeSliders.map(({ filter }) => [filter, [rangeOf(filter).min, rangeOf(filter).max]]),
  ) as QoeFilterDraft['sliders'];
  return { sliders, lanHostCount: { min: null, max: null } };
}

/** A slider value on its step: 0.1 steps add up to 2.3000000000000003. */
function onStep(value: number, step: number): number {
  return Number((Math.round(value / step) * step).toFixed(step < 1 ? 1 : 0));
}

/**
 * The bounds a draft sends: only the ends moved off their defaults (seed 001 section 5), so an
 * untouched slider neither narrows the report nor drops the lines whose score is unavailable.
 */
export function qoeFilterBounds(draft: QoeFilterDraft): QoeBounds {
  const bounds: QoeBounds = {};
  for (const { filter } of qoeSliders) {
    const { min, max, step } = rangeOf(filter);
    const [from, to] = draft.sliders[filter];
    if (onStep(from, step) !== min) bounds[`min${filter}`] = onStep(from, step);
    if (onStep(to, step) !== max) bounds[`max${filter}`] = onStep(to, step);
  }
  const { min, max } = draft.lanHostCount;
  if (min !== null) bounds.minLanHostCount = min;
  if (max !== null) bounds.maxLanHostCount = max;
  return bounds;
}

/** The draft that shows a set of bounds (a report opened from its address). */
export function qoeFilterDraft(bounds: QoeBounds): QoeFilterDraft {
  const draft = defaultQoeFilterDraft();
  for (const { filter } of qoeSliders) {
    const [from, to] = draft.sliders[filter];
    draft.sliders[filter] = [bounds[`min${filter}`] ?? from, bounds[`max${filter}`] ?? to];
  }
  draft.lanHostCount = {
    min: bounds.minLanHostCount ?? null,
    max: bounds.maxLanHostCount ?? null,
  };
  return draft;
}

export interface QoeReportView {
  bounds: QoeBounds;
  sort: QoeReportColumn;
  order: 'asc' | 'desc';
  /** 1-based, as the pagination shows it. */
  page: number;
}

/** Worst first: the report is where a provider finds the households that suffer (seed 001 §9). */
export const defaultQoeReportView: QoeReportView = {
  bounds: {},
  sort: 'overallScore',
  order: 'asc',
  page: 1,
};

const boundNames = (Object.keys(qoeFilters) as QoeFilter[]).flatMap(
  (filter) => [`min${filter}`, `max${filter}`] as const,
);

/**
 * The report's filters, sort and page live in the address, so the report a user drilled into a
 * line from is the one Back returns to. Anything unreadable there is ignored.
 */
export function qoeReportViewFrom(params: URLSearchParams): QoeReportView {
  const bounds: QoeBounds = {};
  for (const name of boundNames) {
    const text = params.get(name);
    const value = text === null || text.trim() === '' ? Number.NaN : Number(text);
    if (Number.isFinite(value)) bounds[name] = value;
  }
  const sort = qoeReportColumns.find((column) => column === params.get('sort'));
  const page = Number(params.get('page'));
  return {
    bounds,
    sort: sort ?? defaultQoeReportView.sort,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address of a view: only what differs from the default report. */
export function qoeReportParams(view: QoeReportView): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of boundNames) {
    const value = view.bounds[name];
    if (value !== undefined) params.set(name, String(value));
  }
  if (view.sort !== defaultQoeReportView.sort) params.set('sort', view.sort);
  if (view.order !== defaultQoeReportView.order) params.set('order', view.order);
  if (view.page !== 1) params.set('page', String(view.page));
  return params;
}

/** The query for one page of a view. */
export function qoePageQuery(view: QoeReportView, pageSize: number): QoeQuery {
  return {
    ...view.bounds,
    sort: view.sort,
    order: view.order,
    offset: (view.page - 1) * pageSize,
    limit: pageSize,
  };
}

/** The seed's 600 ms between the last move of a slider or keystroke and the search. */
export const qoeFilterDebounceMs = 600;

/** Whether two sets of bounds ask for the same report. */
export function sameBounds(left: QoeBounds, right: QoeBounds): boolean {
  return boundNames.every((name) => left[name] === right[name]);
}

/**
 * Sends the search a draft asks for once the filters have been still for 600 ms, and only when
 * it asks for other bounds than the report shows (`applied`): a slider dragged away and back
 * sends nothing.
 */
export function createFilterSearch(
  applied: () => QoeBounds,
  search: (bounds: QoeBounds) => void,
): { change: (draft: QoeFilterDraft) => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    change(draft) {
      cancel();
      const bounds = qoeFilterBounds(draft);
      timer = setTimeout(() => {
        timer = undefined;
        if (!sameBounds(bounds, applied())) search(bounds);
      }, qoeFilterDebounceMs);
    },
    cancel,
  };
}
