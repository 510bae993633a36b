import { qoeQuerySchema } from '@linesight/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFilterSearch,
  defaultQoeFilterDraft,
  qoeFilterBounds,
  qoeFilterDraft,
  qoePageQuery,
  qoeReportParams,
  qoeReportViewFrom,
  type QoeFilterDraft,
} from './report-filters';

function draftWith(change: (draft: QoeFilterDraft) => void): QoeFilterDraft {
  const draft = defaultQoeFilterDraft();
  change(draft);
  return draft;
}

describe('qoeFilterBounds', () => {
  it('should send no filter while every slider spans its range and the LAN inputs are empty', () => {
    expect(qoeFilterBounds(defaultQoeFilterDraft())).toEqual({});
  });

  it('should send only the end of a slider moved off its default', () => {
    const draft = draftWith((d) => {
      d.sliders.Wifi = [0, 2];
      d.sliders.UsedCpuPercent = [40, 100];
    });
    expect(qoeFilterBounds(draft)).toEqual({ maxWifi: 2, minUsedCpuPercent: 40 });
  });

  it('should round a score to its 0.1 step', () => {
    const draft = draftWith((d) => {
      d.sliders.Overall = [0.1 + 0.2, 4.999999];
    });
    expect(qoeFilterBounds(draft)).toEqual({ minOverall: 0.3 });
  });

  it('should send a LAN device bound only when its input holds a number, 0 included', () => {
    expect(qoeFilterBounds(draftWith((d) => (d.lanHostCount = { min: 0, max: null })))).toEqual({
      minLanHostCount: 0,
    });
    expect(qoeFilterBounds(draftWith((d) => (d.lanHostCount = { min: null, max: 12 })))).toEqual({
      maxLanHostCount: 12,
    });
  });

  it('should give bounds the query schema accepts', () => {
    const draft = draftWith((d) => {
      for (const key of Object.keys(d.sliders) as (keyof QoeFilterDraft['sliders'])[]) {
        d.sliders[key] = [1, 2];
      }
      d.lanHostCount = { min: 1, max: 5 };
    });
    const query = { ...qoeFilterBounds(draft), limit: 10 };
    expect(Object.keys(query)).toHaveLength(19);
    expect(qoeQuerySchema.safeParse(query).success).toBe(true);
  });

  it('should show in the panel the bounds it was opened with', () => {
    const bounds = { maxWifi: 2, minUsedRamPercent: 50, maxLanHostCount: 8 };
    expect(qoeFilterBounds(qoeFilterDraft(bounds))).toEqual(bounds);
    expect(qoeFilterDraft(bounds).sliders.Wifi).toEqual([0, 2]);
  });
});

describe('the report address', () => {
  it('should keep only what differs from the default report', () => {
    const view = { bounds: { maxWifi: 2 }, sort: 'wifiScore', order: 'desc', page: 3 } as const;
    const params = qoeReportParams(view);
    expect(params.toString()).toBe('maxWifi=2&sort=wifiScore&order=desc&page=3');
    expect(qoeReportViewFrom(params)).toEqual(view);
    expect(qoeReportParams(qoeReportViewFrom(new URLSearchParams())).toString()).toBe('');
  });

  it('should ignore what it cannot read', () => {
    expect(
      qoeReportViewFrom(new URLSearchParams('maxWifi=two&minCpu=&sort=password&page=-1&x=1')),
    ).toEqual({ bounds: {}, sort: 'overallScore', order: 'asc', page: 1 });
  });

  it('should ask the server for the page shown, worst overall score first by default', () => {
    expect(qoePageQuery(qoeReportViewFrom(new URLSearchParams('page=3')), 25)).toEqual({
      sort: 'overallScore',
      order: 'asc',
      offset: 50,
      limit: 25,
    });
  });
});

describe('createFilterSearch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should search once, 600 ms after the last change, with the last bounds', () => {
    const search = vi.fn();
    const filters = createFilterSearch(() => ({}), search);
    for (const max of [4.5, 4, 3.5, 3]) {
      filters.change(draftWith((d) => (d.sliders.Overall = [0, max])));
      vi.advanceTimersByTime(300);
    }
    expect(search).not.toHaveBeenCalled();
    vi.advanceTimersByTime(299);
    expect(search).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith({ maxOverall: 3 });
  });

  it('should not search again when the filters come back to what was searched', () => {
    const search = vi.fn();
    const filters = createFilterSearch(() => ({ maxWifi: 2 }), search);
    filters.change(draftWith((d) => (d.sliders.Wifi = [0, 3])));
    vi.advanceTimersByTime(100);
    filters.change(draftWith((d) => (d.sliders.Wifi = [0, 2])));
    vi.advanceTimersByTime(600);
    expect(search).not.toHaveBeenCalled();
  });

  it('should search for the unfiltered report when a slider goes back to its full range', () => {
    const search = vi.fn();
    const filters = createFilterSearch(() => ({ maxWifi: 2 }), search);
    filters.change(defaultQoeFilterDraft());
    vi.advanceTimersByTime(600);
    expect(search).toHaveBeenCalledWith({});
  });

  it('should send nothing once cancelled (the page closed)', () => {
    const search = vi.fn();
    const filters = createFilterSearch(() => ({}), search);
    filters.change(draftWith((d) => (d.lanHostCount.max = 5)));
    filters.cancel();
    vi.advanceTimersByTime(1000);
    expect(search).not.toHaveBeenCalled();
  });
});
